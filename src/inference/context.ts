/**
 * What a call carries once its request is built: the transport made from the options (timeouts, retries,
 * deadline, progress), and the FlowContext through which every polling flow polls, waits and downloads. Keeping
 * these here, not in the flows, gives every flow the same deadline, retry and progress behaviour.
 */
import type { ProviderId } from "../generated/providers.gen.js";
import { CallState, sleep } from "./call.js";
import {
  InferenceClientInputError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
  scrub,
} from "./errors.js";
import { apiError, exchange, readAnswer, type Transport } from "./http.js";
import type { BuiltRequest } from "./request-types.js";
import type { FlowContext, OutputType, TaskSpec } from "./spec.js";
import type { InferenceOptions } from "./types.js";

export interface Prepared {
  request: BuiltRequest;
  /** The provider, or "auto" for the auto-router. */
  provider: ProviderId | "auto";
  providerId: string;
  spec: TaskSpec;
  transport: Transport;
  options: InferenceOptions;
  outputType: OutputType;
}

const DEFAULT_POLL_TIMEOUT_MS = 600_000;
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Options that are durations or counts: a caller's typo here should fail loudly, not hang or spin. */
const NUMERIC_OPTIONS = [
  "timeout",
  "streamIdleTimeout",
  "maxRetries",
  "retryDelayMs",
  "maxRetryDelayMs",
  "pollIntervalMs",
  "pollTimeout",
] as const;

/** The transport of one call: its fetch, limits, retry policy and CallState (started now). */
export function callTransport(options: InferenceOptions, token: string, provider: string): Transport {
  for (const name of NUMERIC_OPTIONS) {
    const value = options[name];
    if (value !== undefined && !(typeof value === "number" && value >= 0))
      throw new InferenceClientInputError(
        `Option ${name} must be a number of ${name === "maxRetries" ? "retries" : "milliseconds"} >= 0, got ${typeof value === "string" ? JSON.stringify(value) : String(value)}.`,
      );
  }
  const { deadline } = options;
  if (
    deadline !== undefined &&
    !(deadline instanceof Date
      ? !Number.isNaN(deadline.getTime())
      : typeof deadline === "number" && deadline >= 0)
  )
    throw new InferenceClientInputError(
      `Option deadline must be a number of milliseconds >= 0 (from the call's start) or a valid Date, got ${String(deadline)}.`,
    );
  const call = new CallState({ provider, signal: options.signal, deadline, onProgress: options.onProgress });
  return {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    // 0 and Infinity mean no limit, as they did for the timeout before (and setTimeout cannot wait forever).
    timeout: options.timeout && options.timeout < 2 ** 31 ? options.timeout : undefined,
    retry: {
      enabled: options.retry_on_error !== false,
      maxRetries: options.maxRetries ?? 3,
      baseDelayMs: options.retryDelayMs ?? 500,
      maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    },
    credentials: !token && options.includeCredentials ? "include" : undefined,
    secret: token || undefined,
    call,
  };
}

export function flowContext(task: string, p: Prepared): FlowContext {
  const { transport, options } = p;
  const { call } = transport;
  const pollTimeout = options.pollTimeout ?? DEFAULT_POLL_TIMEOUT_MS;
  const pollDeadline = Date.now() + pollTimeout;
  let polls = 0;
  const get = <T>(
    url: string,
    headers: Record<string, string>,
    failure: string,
    step: "polling" | "download",
    read: (res: Response) => Promise<T>,
  ) => {
    const req: BuiltRequest = { url, method: "GET", headers };
    return exchange(req, transport, step, async (res) => {
      if (!res.ok) throw await apiError(req, res, transport.secret, failure);
      return read(res);
    });
  };
  // Flows may quote the provider's answer here, so the token is scrubbed as in every other error.
  const malformed = (expected: string) =>
    new InferenceClientProviderOutputError(
      scrub(
        `Received malformed response from ${transport.call.what}: expected ${expected}`,
        transport.secret,
      ),
    );
  return {
    provider: p.provider,
    task,
    providerId: p.providerId,
    request: p.request,
    spec: p.spec,
    pollIntervalMs: options.pollIntervalMs ?? p.spec.pollIntervalMs ?? 500,
    pollAttempts: p.spec.pollAttempts ?? Infinity,
    outputType: p.outputType,
    async fetchJson(url, headers, failure) {
      const answer = await get(url, headers, failure, "polling", (res) =>
        readAnswer(res, transport.call.what),
      );
      if (answer instanceof Blob) throw malformed(`JSON from ${new URL(url).pathname} (${failure})`);
      return answer;
    },
    download: (url, failure) =>
      get(url, {}, failure ?? `Failed to download ${url}`, "download", (res) => res.blob()),
    wait: async (ms) => {
      call.step = "polling";
      if (Date.now() + ms > pollDeadline) {
        throw new InferenceClientTimeoutError(
          `Gave up waiting for ${transport.call.what} after ${pollTimeout} ms (option pollTimeout).`,
          "polling",
          "pollTimeout",
        );
      }
      await sleep(ms, call.signal);
    },
    progress: (status, queuePosition) =>
      call.report(status, ++polls, queuePosition === undefined ? undefined : { queuePosition }),
    malformed,
  };
}
