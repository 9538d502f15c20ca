/**
 * InferenceClient: one method per task (task-methods.ts). A call resolves the provider (explicit, "auto" via the hub mapping,
 * or an endpointUrl), builds the request with buildRequest, sends it, runs the task's flows (polling) and
 * reads the answer as the catalogue says. With a provider but no model, the hub's default model of the task is
 * used. No module-level state: caches (hub mappings, task definitions) live on the instance.
 */
import { FLOWS } from "../generated/flows.gen.js";
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import { readBinaries } from "./binary.js";
import {
  InferenceClientError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  scrub,
} from "./errors.js";
import { apiError, readAnswer, requestRecord, send, sleep, type Transport } from "./http.js";
import { HubLookups } from "./hub.js";
import { prepareInputs } from "./prepare-inputs.js";
import { InferenceStream, type OpenedStream } from "./inference-stream.js";
import { autoProvider, DEFAULT_HUB_URL, selectMapping, type MappingEntry } from "./mapping.js";
import { describeTask, OUTPUT_TYPE_TASKS, withLegacyData } from "./methods.js";
import { readOutput } from "./output.js";
import {
  buildRequest,
  checkRequestInputs,
  CUSTOM_TASK,
  resolveProviderId,
  taskSpec,
  type BuiltRequest,
  type ProviderMapping,
} from "./request.js";
import type { FlowContext, OutputType, TaskSpec } from "./spec.js";
import { TaskMethods, type Args } from "./task-methods.js";
import type { InferenceOptions } from "./types.js";

interface Prepared {
  request: BuiltRequest;
  provider: ProviderId;
  providerId: string;
  spec: TaskSpec;
  transport: Transport;
  options: InferenceOptions;
  outputType: OutputType;
  what: string;
}

export class InferenceClient extends TaskMethods {
  /** Hub mappings and task definitions, fetched once for the life of this client. */
  private readonly hub = new HubLookups();

  constructor(
    private readonly accessToken = "",
    private readonly defaultOptions: InferenceOptions = {},
  ) {
    super();
  }

  /** A client whose every call goes to `endpointUrl` (same token and options). */
  endpoint(endpointUrl: string): InferenceClient {
    return new InferenceClient(this.accessToken, { ...this.defaultOptions, endpointUrl });
  }

  /** Any task, answer returned as received (JSON or Blob, after any polling); no shape check. */
  async request<T = unknown>(args: Args, options: InferenceOptions & { task?: string } = {}): Promise<T> {
    return (await this.call(this.requestTask("request", args, options), args, options, true)) as T;
  }

  /** Any streaming task (chat, text generation), each chunk yielded as received. */
  streamingRequest<T = unknown>(
    args: Args,
    options: InferenceOptions & { task?: string } = {},
  ): InferenceStream<T> {
    // A missing task is reported by the stream, like any other failure to open it.
    const opening = Promise.resolve().then(() =>
      this.openStream(this.requestTask("streamingRequest", args, options), args, options),
    );
    return new InferenceStream<T>(opening);
  }

  /** The task of request() / streamingRequest(): as given, or on an endpointUrl the custom request (fields as given). */
  private requestTask(method: string, args: Args, options: { task?: string; endpointUrl?: string }): string {
    if (options.task) return options.task;
    if (args.endpointUrl || options.endpointUrl || this.defaultOptions.endpointUrl) return CUSTOM_TASK;
    const [task, instead] =
      method === "request"
        ? ["text-to-image", "textToImage()"]
        : ["text-generation", "textGenerationStream()"];
    throw new InferenceClientInputError(
      `${method}() needs a task name when using a provider, e.g. {task: '${task}'}; or call the task's own method, e.g. ${instead}.`,
    );
  }

  protected async call(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
    raw = false,
  ): Promise<unknown> {
    const p = await this.prepare(task, args, options, false);
    const res = await send(p.request, p.transport);
    if (!res.ok) throw await apiError(p.request, res, p.transport.secret);
    let value = await readAnswer(res, p.what);
    const ctx = this.flowContext(task, p);
    const flows = (p.spec.flow ?? []).map((name) => FLOWS[name]);
    for (const flow of flows) if (flow.answer) value = await flow.answer(value, ctx);
    if (raw) return value;
    value = await readOutput(value, p.spec.output, ctx);
    for (const flow of flows) if (flow.result) value = await flow.result(value, ctx);
    return value;
  }

  protected stream<T>(task: string, args: Args, options: InferenceOptions | undefined): InferenceStream<T> {
    return new InferenceStream<T>(this.openStream(task, args, options));
  }

  private async openStream(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
  ): Promise<OpenedStream> {
    const p = await this.prepare(task, args, options, true);
    const res = await send(p.request, p.transport);
    if (!res.ok) throw await apiError(p.request, res, p.transport.secret);
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith("text/event-stream")) {
      await res.body?.cancel().catch(() => undefined);
      throw new InferenceClientProviderApiError(
        `${res.status} expected an event stream (text/event-stream) from ${p.what}, got ${type || "no content type"}`,
        requestRecord(p.request, p.transport.secret),
        { requestId: res.headers.get("x-request-id") ?? "", status: res.status, body: "" },
      );
    }
    const hooks = (p.spec.flow ?? []).map((name) => FLOWS[name].chunk).filter((hook) => hook !== undefined);
    const state: Record<string, unknown> = {};
    const chunk = hooks.length ? (c: unknown) => hooks.reduce((v, hook) => hook(v, state), c) : undefined;
    return { request: p.request, response: res, what: p.what, secret: p.transport.secret, chunk };
  }

  private async prepare(
    task: string,
    args: Args,
    callOptions: InferenceOptions | undefined,
    stream: boolean,
  ): Promise<Prepared> {
    const options: InferenceOptions = { ...this.defaultOptions, ...callOptions };
    args = withLegacyData(task, args);
    const outputType = OUTPUT_TYPE_TASKS.has(task) ? options.outputType : undefined;
    const token = args.accessToken ?? this.accessToken;
    const endpointUrl = args.endpointUrl ?? options.endpointUrl;
    let model = args.model;
    let provider = (args.provider ?? options.provider ?? "auto") as ProviderId | "auto";
    const transport: Transport = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      signal: options.signal,
      timeout: options.timeout,
      retry: {
        enabled: options.retry_on_error !== false,
        maxRetries: options.maxRetries ?? 3,
        baseDelayMs: options.retryDelayMs ?? 500,
        maxDelayMs: options.maxRetryDelayMs ?? 30_000,
      },
      credentials: !token && options.includeCredentials ? "include" : undefined,
      secret: token || undefined,
    };
    let mapping: ProviderMapping | undefined;
    if (endpointUrl) {
      if (provider !== "auto" && provider !== "hf-inference")
        throw new InferenceClientInputError("Specifying both endpointUrl and provider is not supported.");
      provider = "hf-inference";
      checkRequestInputs(provider, task, args, outputType);
      args = await prepareInputs(taskSpec(provider, task).input, args, transport);
    } else {
      const hubUrl = options.hubUrl ?? DEFAULT_HUB_URL;
      if (model && /^https?:\/\//.test(model))
        throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
      if (provider === "auto") {
        if (!model)
          throw new InferenceClientInputError(
            `A model is required for ${describeTask(task)} with provider "auto": pass {model: "org/name"}, a provider (to use the hub's default model for the task), or an endpointUrl.`,
          );
        provider = this.choose(await this.hub.mapping(model, hubUrl, transport), model, task);
      }
      checkRequestInputs(provider, task, args, outputType); // before any lookup when the provider is given
      const { closedSource, clientSideOnly } = PROVIDERS[provider];
      if (closedSource && token.startsWith("hf_")) {
        throw new InferenceClientInputError(
          `Provider ${provider} is closed-source and does not support HF tokens.`,
        );
      }
      if (!model && clientSideOnly)
        throw new InferenceClientInputError(
          `Provider ${provider} requires a model ID to be passed directly: {model: "${provider}/<model id>"}.`,
        );
      // Inputs are checked (and a URL input fetched) before the hub is asked anything about the model.
      args = await prepareInputs(taskSpec(provider, task).input, args, transport);
      model ??= await this.hub.defaultModel(task, hubUrl, transport);
      if (!clientSideOnly)
        mapping = selectMapping(await this.hub.mapping(model, hubUrl, transport), model, provider, task);
    }
    const input = {
      provider,
      task,
      model,
      mapping,
      args: await readBinaries(args),
      options: {
        accessToken: token,
        endpointUrl,
        billTo: options.billTo,
        stream,
        routerUrl: options.routerUrl,
        headers: options.headers,
        outputType,
      },
    };
    const request = buildRequest(input);
    const spec = taskSpec(provider, task);
    return {
      request,
      provider,
      providerId: resolveProviderId(input),
      spec,
      transport,
      options,
      outputType: outputType ?? "blob",
      what: `${PROVIDERS[provider].name} ${task} API`,
    };
  }

  /** "auto": the first listed provider that we know and that serves the task; else the first listed. */
  private choose(entries: MappingEntry[], model: string, task: string): ProviderId {
    const fits = entries.find(
      (e) => e.provider in PROVIDERS && e.task === task && PROVIDERS[e.provider as ProviderId].tasks[task],
    );
    return (fits?.provider ?? autoProvider(entries, model)) as ProviderId;
  }

  private flowContext(task: string, p: Prepared): FlowContext {
    const { transport, options } = p;
    const deadline = Date.now() + (options.pollTimeout ?? 600_000);
    const get = async (url: string, headers: Record<string, string>, context: string) => {
      const req: BuiltRequest = { url, method: "GET", headers };
      const res = await send(req, transport);
      if (!res.ok) throw await apiError(req, res, transport.secret, context);
      return res;
    };
    // Flows may quote the provider's answer here, so the token is scrubbed as in every other error.
    const malformed = (expected: string) =>
      new InferenceClientProviderOutputError(
        scrub(`Received malformed response from ${p.what}: expected ${expected}`, transport.secret),
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
        const answer = await readAnswer(await get(url, headers, failure), p.what);
        if (answer instanceof Blob) throw malformed(`JSON from ${new URL(url).pathname} (${failure})`);
        return answer;
      },
      download: async (url, failure) => (await get(url, {}, failure ?? `Failed to download ${url}`)).blob(),
      wait: async (ms) => {
        if (Date.now() + ms > deadline) {
          throw new InferenceClientError(
            `Gave up waiting for ${p.what} after ${options.pollTimeout ?? 600_000} ms (option pollTimeout).`,
          );
        }
        await sleep(ms, transport.signal);
      },
      // The caller's onProgress is wired here (issue 14); until then a poll's status goes nowhere.
      progress: () => undefined,
      malformed,
    };
  }
}
