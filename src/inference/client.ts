/**
 * InferenceClient: one method per task. A call resolves the provider (explicit, "auto" via the hub mapping,
 * or an endpointUrl), builds the request with buildRequest, sends it, runs the task's flows (polling) and
 * reads the answer as the catalogue says. With a provider but no model, the hub's default model of the task is
 * used. No module-level state: caches (hub mappings, task definitions) live on the instance.
 */
import { FLOWS } from "../generated/flows.gen.js";
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import {
  AUTO_ROUTER_NAME,
  AUTO_ROUTER_SPEC,
  buildAutoRouterRequest,
  checkAutoRouterToken,
} from "./auto-router.js";
import { readBinaries } from "./binary.js";
import {
  InferenceClientError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "./errors.js";
import { apiError, readAnswer, requestRecord, send, sleep, type Transport } from "./http.js";
import { HubLookups } from "./hub.js";
import { autoProvider, DEFAULT_HUB_URL, selectMapping, withProviderSuffix } from "./mapping.js";
import { describeTask } from "./methods.js";
import { readOutput } from "./output.js";
import {
  buildRequest,
  CHAT,
  resolveProviderId,
  taskSpec,
  type BuiltRequest,
  type ProviderMapping,
} from "./request.js";
import type { FlowContext, TaskSpec } from "./spec.js";
import { readEvents, type StreamSource } from "./stream.js";
import type {
  BaseArgs,
  BinaryInput,
  ChatCompletionArgs,
  ChatCompletionOutput,
  ChatCompletionStreamOutput,
  ClassificationOutput,
  InferenceOptions,
  ResponseShapes as R,
  TaskArgs,
  TextGenerationOutput,
  TextGenerationStreamOutput,
} from "./types.js";

type Args = BaseArgs & Record<string, unknown>;
interface Prepared {
  request: BuiltRequest;
  /** The provider, or "auto" for the auto-router. */
  provider: ProviderId | "auto";
  providerId: string;
  spec: TaskSpec;
  transport: Transport;
  options: InferenceOptions;
  what: string;
}

export class InferenceClient {
  /** Hub mappings and task definitions, fetched once for the life of this client. */
  private readonly hub = new HubLookups();

  constructor(
    private readonly accessToken = "",
    private readonly defaultOptions: InferenceOptions = {},
  ) {}

  /** With provider omitted or "auto" (and no endpointUrl): the hub's auto-router, which needs a hub token. */
  chatCompletion(args: ChatCompletionArgs, options?: InferenceOptions): Promise<ChatCompletionOutput> {
    return this.call(CHAT, args, options, false, true) as Promise<ChatCompletionOutput>;
  }
  chatCompletionStream(
    args: ChatCompletionArgs,
    options?: InferenceOptions,
  ): InferenceStream<ChatCompletionStreamOutput> {
    return new InferenceStream(this.openStream(CHAT, args, options, true));
  }
  textGeneration(args: TaskArgs<string>, options?: InferenceOptions): Promise<TextGenerationOutput> {
    return this.call("text-generation", args, options) as Promise<TextGenerationOutput>;
  }
  textGenerationStream(
    args: TaskArgs<string>,
    options?: InferenceOptions,
  ): InferenceStream<TextGenerationStreamOutput> {
    return new InferenceStream(this.openStream("text-generation", args, options));
  }
  featureExtraction(
    args: TaskArgs<string | string[]>,
    options?: InferenceOptions,
  ): Promise<R["feature-extraction"]> {
    return this.call("feature-extraction", args, options) as Promise<R["feature-extraction"]>;
  }
  sentenceSimilarity(
    args: TaskArgs<{ source_sentence: string; sentences: string[] }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("sentence-similarity", args, options) as Promise<number[]>;
  }
  fillMask(args: TaskArgs<string>, options?: InferenceOptions): Promise<R["fill-mask"]> {
    return this.call("fill-mask", args, options) as Promise<R["fill-mask"]>;
  }
  summarization(args: TaskArgs<string>, options?: InferenceOptions): Promise<R["summarization"]> {
    return this.call("summarization", args, options) as Promise<R["summarization"]>;
  }
  translation(args: TaskArgs<string | string[]>, options?: InferenceOptions): Promise<R["translation"]> {
    return this.call("translation", args, options) as Promise<R["translation"]>;
  }
  questionAnswering(
    args: TaskArgs<{ question: string; context: string }>,
    options?: InferenceOptions,
  ): Promise<R["question-answering"]> {
    return this.call("question-answering", args, options) as Promise<R["question-answering"]>;
  }
  tableQuestionAnswering(
    args: TaskArgs<{ query: string; table: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<R["table-question-answering"]> {
    return this.call("table-question-answering", args, options) as Promise<R["table-question-answering"]>;
  }
  textClassification(args: TaskArgs<string>, options?: InferenceOptions): Promise<ClassificationOutput> {
    return this.call("text-classification", args, options) as Promise<ClassificationOutput>;
  }
  tokenClassification(
    args: TaskArgs<string>,
    options?: InferenceOptions,
  ): Promise<R["token-classification"]> {
    return this.call("token-classification", args, options) as Promise<R["token-classification"]>;
  }
  zeroShotClassification(
    args: TaskArgs<string | string[], { candidate_labels: string[] } & Record<string, unknown>>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("zero-shot-classification", args, options) as Promise<ClassificationOutput>;
  }
  audioClassification(
    args: TaskArgs<BinaryInput>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("audio-classification", args, options) as Promise<ClassificationOutput>;
  }
  audioToAudio(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<R["audio-to-audio"]> {
    return this.call("audio-to-audio", args, options) as Promise<R["audio-to-audio"]>;
  }
  automaticSpeechRecognition(
    args: TaskArgs<BinaryInput>,
    options?: InferenceOptions,
  ): Promise<R["automatic-speech-recognition"]> {
    return this.call("automatic-speech-recognition", args, options) as Promise<
      R["automatic-speech-recognition"]
    >;
  }
  textToSpeech(args: TaskArgs<string>, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-speech", args, options) as Promise<Blob>;
  }
  /** A Blob; with outputType "url" the image URL (or a data: URL), with "json" the provider's answer. */
  textToImage(args: TaskArgs<string>, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-image", args, options) as Promise<Blob>;
  }
  imageToImage(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-to-image", args, options) as Promise<Blob>;
  }
  imageToText(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<R["image-to-text"]> {
    return this.call("image-to-text", args, options) as Promise<R["image-to-text"]>;
  }
  imageClassification(
    args: TaskArgs<BinaryInput>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("image-classification", args, options) as Promise<ClassificationOutput>;
  }
  imageSegmentation(
    args: TaskArgs<BinaryInput>,
    options?: InferenceOptions,
  ): Promise<R["image-segmentation"]> {
    return this.call("image-segmentation", args, options) as Promise<R["image-segmentation"]>;
  }
  objectDetection(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<R["object-detection"]> {
    return this.call("object-detection", args, options) as Promise<R["object-detection"]>;
  }
  zeroShotImageClassification(
    args: TaskArgs<{ image: BinaryInput }, { candidate_labels: string[] } & Record<string, unknown>>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("zero-shot-image-classification", args, options) as Promise<ClassificationOutput>;
  }
  documentQuestionAnswering(
    args: TaskArgs<{ image: BinaryInput; question: string }>,
    options?: InferenceOptions,
  ): Promise<R["document-question-answering"]> {
    return this.call("document-question-answering", args, options) as Promise<
      R["document-question-answering"]
    >;
  }
  visualQuestionAnswering(
    args: TaskArgs<{ image: BinaryInput; question: string }>,
    options?: InferenceOptions,
  ): Promise<R["visual-question-answering"]> {
    return this.call("visual-question-answering", args, options) as Promise<R["visual-question-answering"]>;
  }
  tabularClassification(
    args: TaskArgs<{ data: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("tabular-classification", args, options) as Promise<number[]>;
  }
  tabularRegression(
    args: TaskArgs<{ data: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("tabular-regression", args, options) as Promise<number[]>;
  }
  textToVideo(args: TaskArgs<string>, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-video", args, options) as Promise<Blob>;
  }
  imageToVideo(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-to-video", args, options) as Promise<Blob>;
  }

  /** Any task, answer returned as received (JSON or Blob, after any polling); no shape check. */
  async request(args: Args, options: InferenceOptions & { task?: string } = {}): Promise<unknown> {
    const task =
      options.task ??
      (args.endpointUrl || options.endpointUrl || this.defaultOptions.endpointUrl
        ? "text-generation"
        : undefined);
    if (!task)
      throw new InferenceClientInputError(
        "request() needs a task name when using a provider, e.g. {task: 'text-to-image'}; or call the task's own method, e.g. textToImage().",
      );
    return this.call(task, args, options, true);
  }

  private async call(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
    raw = false,
    autoRouter = false,
  ): Promise<unknown> {
    const p = await this.prepare(task, args, options, false, autoRouter);
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

  private async openStream(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
    autoRouter = false,
  ): Promise<StreamSource> {
    const p = await this.prepare(task, args, options, true, autoRouter);
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
    return { request: p.request, response: res, what: p.what, secret: p.transport.secret };
  }

  /**
   * Resolves the route and builds the request. `autoRouter`: the call may go to the chat auto-router (the chat
   * methods; not the generic request(), which keeps the hub-mapping policy for every task).
   */
  private async prepare(
    task: string,
    args: Args,
    callOptions: InferenceOptions | undefined,
    stream: boolean,
    autoRouter: boolean,
  ): Promise<Prepared> {
    const options: InferenceOptions = { ...this.defaultOptions, ...callOptions };
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
    const hubUrl = options.hubUrl ?? DEFAULT_HUB_URL;
    if (!endpointUrl && autoRouter && provider === "auto") {
      if (model && /^https?:\/\//.test(model))
        throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
      checkAutoRouterToken(token);
      model ??= await this.hub.defaultModel(task, hubUrl, transport);
      const request = buildAutoRouterRequest({
        model,
        args: await readBinaries(args),
        options: {
          accessToken: token,
          billTo: options.billTo,
          stream,
          routerUrl: options.routerUrl,
          headers: options.headers,
        },
      });
      return {
        request,
        provider,
        providerId: model,
        spec: AUTO_ROUTER_SPEC,
        transport,
        options,
        what: `${AUTO_ROUTER_NAME} ${task} API`,
      };
    }
    if (endpointUrl) {
      if (provider !== "auto" && provider !== "hf-inference")
        throw new InferenceClientInputError("Specifying both endpointUrl and provider is not supported.");
      provider = "hf-inference";
      taskSpec(provider, task);
    } else {
      if (model && /^https?:\/\//.test(model))
        throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
      if (model) [model, provider] = withProviderSuffix(model, provider);
      if (provider === "auto") {
        if (!model)
          throw new InferenceClientInputError(
            `A model is required for ${describeTask(task)} with provider "auto": pass {model: "org/name"}, a provider (to use the hub's default model for the task), or an endpointUrl.`,
          );
        provider = autoProvider(await this.hub.mapping(model, hubUrl, transport), model, task) as ProviderId;
      }
      taskSpec(provider, task);
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
      what: `${PROVIDERS[provider].name} ${task} API`,
    };
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
    const malformed = (expected: string) =>
      new InferenceClientProviderOutputError(
        `Received malformed response from ${p.what}: expected ${expected}`,
      );
    return {
      provider: p.provider,
      task,
      providerId: p.providerId,
      request: p.request,
      spec: p.spec,
      pollIntervalMs: options.pollIntervalMs ?? p.spec.pollIntervalMs ?? 500,
      pollAttempts: p.spec.pollAttempts ?? Infinity,
      outputType: options.outputType ?? "blob",
      async fetchJson(url, headers, failure) {
        const answer = await readAnswer(await get(url, headers, failure), p.what);
        if (answer instanceof Blob) throw malformed(`JSON from ${new URL(url).pathname} (${failure})`);
        return answer;
      },
      download: async (url) => (await get(url, {}, `Failed to download ${url}`)).blob(),
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

/** A streamed answer: the request starts at once; `open()` settles when the stream is open (or failed to open). */
export class InferenceStream<T> implements AsyncIterable<T> {
  constructor(private readonly opening: Promise<StreamSource>) {
    opening.catch(() => undefined); // reported through open() or iteration, never as an unhandled rejection
  }
  /** Resolves once the provider answered 2xx with text/event-stream; rejects with the error otherwise. */
  async open(): Promise<void> {
    await this.opening;
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    yield* readEvents<T>(await this.opening);
  }
}
