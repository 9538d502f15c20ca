/**
 * Sending built requests: the caller's signal, the call's deadline and the per-request timeout on one
 * AbortSignal; retries that are safe by construction; typed errors.
 */
import { Binary } from "./binary.js";
import { sleep, type CallState, type CallStep } from "./call.js";
import {
  InferenceClientConnectionError,
  InferenceClientHubApiError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  redactHeaders,
  scrub,
  type HttpRequestRecord,
} from "./errors.js";
import { Multipart } from "./multipart.js";
import type { BuiltRequest } from "./request.js";

export interface RetryOptions {
  /** Default true (the option `retry_on_error: false` turns every retry off). */
  enabled: boolean;
  /** Retries after the first attempt of a request; default 3. */
  maxRetries: number;
  /** Base of the exponential backoff; default 500 ms. */
  baseDelayMs: number;
  /** Cap of the backoff and longest Retry-After waited for; default 30 s. */
  maxDelayMs: number;
}

export interface Transport {
  fetch: typeof fetch;
  /** Per-request timeout in ms: an attempt and the reading of its answer (for a stream: until its headers). */
  timeout?: number;
  retry: RetryOptions;
  credentials?: RequestCredentials;
  /** The access token, scrubbed from anything an error carries. */
  secret?: string;
  /** The call: its signal (caller + deadline), its step, its progress callback. */
  call: CallState;
}

export function requestRecord(req: BuiltRequest, secret?: string): HttpRequestRecord {
  const body =
    req.body === undefined
      ? undefined
      : isJson(req.body)
        ? req.body
        : req.body instanceof Multipart
          ? "[FormData]"
          : "[binary data]";
  return scrub({ url: req.url, method: req.method, headers: redactHeaders(req.headers), body }, secret);
}

const isJson = (body: BuiltRequest["body"]): body is Record<string, unknown> =>
  body !== undefined && Object.getPrototypeOf(body) === Object.prototype;

/**
 * Sends `req` (retrying as allowed) and reads the final answer, whatever its status, with `read`; the timeout
 * covers both. A connection cut while reading becomes a ConnectionError naming the request.
 */
export async function exchange<T>(
  req: BuiltRequest,
  t: Transport,
  step: CallStep,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const { res, signal, release } = await attempt(req, t, step);
  try {
    return await read(res);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    // fetch reports a body cut off by the network as TypeError("terminated"); anything else is not ours to rename.
    if (!(error instanceof TypeError && error.message === "terminated")) throw error;
    throw new InferenceClientConnectionError(
      scrub(
        `The connection was cut while reading the answer to ${req.method} ${req.url} (${detailOf(error)})`,
        t.secret,
      ),
      { cause: error },
    );
  } finally {
    release();
  }
}

/** Sends a stream request (retrying as allowed); `timeout` covers the wait for the response headers only. */
export async function openEventStream(
  req: BuiltRequest,
  t: Transport,
  close: AbortSignal,
): Promise<Response> {
  const { res, release } = await attempt(req, t, "request", close);
  release();
  return res;
}

/** 429 and 503 mean the provider did not process the request; 502 and 504 may come after it did. */
const retryableStatus = (status: number, safe: boolean) =>
  status === 429 || status === 503 || (safe && (status === 502 || status === 504));

/** One request, retried while the policy allows; `release` clears its timeout. */
async function attempt(
  req: BuiltRequest,
  t: Transport,
  step: CallStep,
  extra?: AbortSignal,
): Promise<{ res: Response; signal?: AbortSignal; release: () => void }> {
  const body = encodeBody(req.body);
  // Only a GET is safe to send again once it may have reached the server.
  const safe = req.method === "GET";
  for (let retry = 0; ; retry++) {
    t.call.step = step;
    const limit = t.timeout === undefined ? undefined : new AbortController();
    const timer =
      limit &&
      setTimeout(
        () => limit.abort(t.call.timeoutError("timeout", `No answer within ${t.timeout} ms`)),
        t.timeout,
      );
    const release = () => clearTimeout(timer);
    const signal = oneSignal(t.call.signal, limit?.signal, extra);
    let res: Response;
    try {
      res = await t.fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body,
        signal,
        credentials: t.credentials,
      });
    } catch (error) {
      release();
      if (signal?.aborted) throw signal.reason;
      const failure = new InferenceClientConnectionError(
        scrub(
          `${connectionFailure(error)} ${new URL(req.url).origin} (${detailOf(error)}); check the network or the URL`,
          t.secret,
        ),
        { cause: error },
      );
      const delay = safe ? nextDelay(t, retry, null) : undefined;
      if (delay === undefined) throw failure;
      await backoff(t, step, retry, "connection failure", delay);
      continue;
    }
    if (retryableStatus(res.status, safe)) {
      const delay = nextDelay(t, retry, res.headers.get("retry-after"));
      if (delay !== undefined) {
        release();
        await res.body?.cancel().catch(() => undefined);
        await backoff(t, step, retry, String(res.status), delay);
        continue;
      }
    }
    return { res, signal, release };
  }
}

function encodeBody(body: BuiltRequest["body"]): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (isJson(body)) return JSON.stringify(body);
  if (body instanceof Multipart) return body.toFormData();
  return (body instanceof Binary ? body.toBlob() : body) as BodyInit;
}

function oneSignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length > 1 ? AbortSignal.any(present) : present[0];
}

/** The wait before the next retry, or undefined when there is none (off, spent, too long, past the deadline). */
function nextDelay(t: Transport, retry: number, retryAfter: string | null): number | undefined {
  if (!t.retry.enabled || retry >= t.retry.maxRetries) return undefined;
  const delay = retryDelayMs(t.retry, retry, retryAfter);
  return delay !== undefined && t.call.fits(delay) ? delay : undefined;
}

async function backoff(t: Transport, step: CallStep, retry: number, reason: string, delayMs: number) {
  t.call.report("retrying", retry + 1, { retry: { step, reason, delayMs } });
  t.call.step = "retry wait";
  await sleep(delayMs, t.call.signal);
}

/**
 * The wait before retry number `retry` + 1: the answer's Retry-After when it has one (undefined when it asks for
 * more than maxDelayMs: waiting less would only be refused again), else capped exponential backoff with full
 * jitter, a random wait in [0, min(maxDelayMs, baseDelayMs * 2^retry)).
 */
export function retryDelayMs(
  policy: RetryOptions,
  retry: number,
  retryAfter: string | null,
  random: () => number = Math.random,
): number | undefined {
  const asked = retryAfterMs(retryAfter);
  if (asked !== undefined) return asked <= policy.maxDelayMs ? asked : undefined;
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry));
}

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How a fetch failed before any answer: refused or unknown host, or a connection dropped. */
function connectionFailure(error: unknown): string {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET"
    ? "Lost the connection before any answer from"
    : "Could not reach";
}

function detailOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** The ProviderApiError for a non-2xx answer: `${status} ${providerMessage}`, or `${status} status code (no body)`. */
export async function apiError(
  req: BuiltRequest,
  res: Response,
  secret?: string,
  context?: string,
): Promise<InferenceClientProviderApiError> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  if (/json/.test(res.headers.get("content-type") ?? "")) {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  const detail = providerMessage(body) ?? text.trim().slice(0, 500);
  const message = `${context ? `${context}: ` : ""}${res.status} ${detail || "status code (no body)"}`;
  return new InferenceClientProviderApiError(scrub(message, secret), requestRecord(req, secret), {
    requestId: res.headers.get("x-request-id") ?? "",
    status: res.status,
    body: scrub(body, secret),
  });
}

/** A GET to the hub, read: its answer, text and JSON (undefined when the text is not JSON). */
export interface HubAnswer {
  res: Response;
  text: string;
  body: unknown;
  /** A HubApiError with the request (token redacted) and the answer on record. */
  error(message: string): InferenceClientHubApiError;
}

/** A GET to the hub (retried like any GET), read whole. */
export async function hubGet(
  t: Transport,
  url: string,
  headers: Record<string, string> = {},
): Promise<HubAnswer> {
  const [res, text] = await exchange(
    { url, method: "GET", headers },
    t,
    "hub lookup",
    async (res) => [res, await res.text()] as const,
  );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = (message: string) =>
    new InferenceClientHubApiError(
      scrub(message, t.secret),
      { url, method: "GET", headers: redactHeaders(headers) },
      {
        requestId: res.headers.get("x-request-id") ?? "",
        status: res.status,
        body: scrub(body ?? text, t.secret),
      },
    );
  return { res, text, body, error };
}

/** The first string among error, error.message, detail, message of a JSON error body. */
export function providerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as { error?: unknown; detail?: unknown; message?: unknown };
  const nested =
    b.error && typeof b.error === "object" ? (b.error as { message?: unknown }).message : undefined;
  for (const v of [b.error, nested, b.detail, b.message]) if (typeof v === "string" && v) return v;
  if (b.error !== undefined) return JSON.stringify(b.error);
  return undefined;
}

/** JSON when the content type says so, else a Blob of that type. Bad JSON is a ProviderOutputError. */
export async function readAnswer(res: Response, what: string): Promise<unknown> {
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) return res.blob();
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new InferenceClientProviderOutputError(
      `Received malformed response from ${what}: invalid JSON (${JSON.stringify(text.slice(0, 80))})`,
    );
  }
}
