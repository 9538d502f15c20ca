/**
 * InferenceClient: one method per task (task-methods.ts). A call resolves the provider (explicit, "auto" via the hub mapping,
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
import { checkCallArguments, checkClientArguments, checkEndpointUrl } from "./call-checks.js";
import { InferenceClientInputError, InferenceClientProviderApiError } from "./errors.js";
import { callTransport, DEFAULT_STREAM_IDLE_TIMEOUT_MS, flowContext, type Prepared } from "./context.js";
import { apiError, exchange, openEventStream, readAnswer, requestRecord, type Transport } from "./http.js";
import { HubLookups } from "./hub.js";
import { prepareInputs } from "./prepare-inputs.js";
import { InferenceStream } from "./inference-stream.js";
import type { StreamSource } from "./stream.js";
import { autoProvider, DEFAULT_HUB_URL, selectMapping, withProviderSuffix } from "./mapping.js";
import { describeTask, OUTPUT_TYPE_TASKS, withLegacyData } from "./methods.js";
import { readOutput } from "./output.js";
import {
  buildRequest,
  checkRequestInputs,
  CUSTOM_TASK,
  refuseHubTokenForClosedSource,
  resolveProviderId,
  taskSpec,
  type RequestInput,
} from "./request.js";
import type { Flow } from "./spec.js";
import { TaskMethods, type Args, type CallRoute } from "./task-methods.js";
import type { InferenceOptions } from "./types.js";

export class InferenceClient extends TaskMethods {
  /** Hub mappings and task definitions, fetched once for the life of this client. */
  private readonly hub = new HubLookups();

  constructor(
    private readonly accessToken = "",
    private readonly defaultOptions: InferenceOptions = {},
  ) {
    super();
    checkClientArguments(accessToken, defaultOptions);
  }

  /** A client whose every call goes to `endpointUrl` (same token and options). */
  endpoint(endpointUrl: string): InferenceClient {
    return new InferenceClient(this.accessToken, { ...this.defaultOptions, endpointUrl });
  }

  /** Any task, answer returned as received (JSON or Blob, after any polling); no shape check. */
  async request<T = unknown>(args: Args, options: InferenceOptions & { task?: string } = {}): Promise<T> {
    return (await this.call(this.requestTask("request", args, options), args, options, { raw: true })) as T;
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
    callOptions: InferenceOptions | undefined,
    { raw = false, autoRouter = false }: CallRoute = {},
  ): Promise<unknown> {
    const { options, transport } = this.begin(task, args, callOptions, !raw);
    try {
      if (!raw) await checkParameters(task, args);
      const p = await this.prepare(task, args, options, { stream: false, autoRouter }, transport);
      let value = await exchange(p.request, p.transport, "request", async (res) => {
        if (!res.ok) throw await apiError(p.request, res, p.transport.secret);
        return readAnswer(res, p.transport.call.what);
      });
      const ctx = flowContext(task, p);
      const flows = await loadFlows(p.spec.flow);
      for (const flow of flows) if (flow.answer) value = await flow.answer(value, ctx);
      if (raw) return value;
      value = await readOutput(value, p.spec.output, ctx);
      for (const flow of flows) if (flow.result) value = await flow.result(value, ctx);
      return value;
    } finally {
      transport.call.finish();
    }
  }

  protected stream<T>(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
    { autoRouter = false }: CallRoute = {},
  ): InferenceStream<T> {
    return new InferenceStream<T>(this.openStream(task, args, options, autoRouter));
  }

  private async openStream(
    task: string,
    args: Args,
    callOptions: InferenceOptions | undefined,
    autoRouter = false,
  ): Promise<StreamSource> {
    const { options, transport } = this.begin(task, args, callOptions, task !== CUSTOM_TASK);
    const connection = new AbortController();
    const close = (reason?: unknown) => {
      connection.abort(reason);
      transport.call.finish();
    };
    try {
      if (task !== CUSTOM_TASK) await checkParameters(task, args);
      const p = await this.prepare(task, args, options, { stream: true, autoRouter }, transport);
      const res = await openEventStream(p.request, p.transport, connection.signal);
      if (!res.ok) throw await apiError(p.request, res, p.transport.secret);
      const type = res.headers.get("content-type") ?? "";
      if (!type.startsWith("text/event-stream")) {
        throw new InferenceClientProviderApiError(
          `${res.status} expected an event stream (text/event-stream) from ${p.transport.call.what}, got ${type || "no content type"}`,
          requestRecord(p.request, p.transport.secret),
          { requestId: res.headers.get("x-request-id") ?? "", status: res.status, body: "" },
        );
      }
      transport.call.step = "stream";
      const hooks = (p.spec.flow ?? []).map((name) => FLOWS[name].chunk).filter((hook) => hook !== undefined);
      const state: Record<string, unknown> = {};
      const chunk = hooks.length ? (c: unknown) => hooks.reduce((v, hook) => hook(v, state), c) : undefined;
      return {
        request: p.request,
        response: res,
        what: p.transport.call.what,
        secret: p.transport.secret,
        idleTimeoutMs: p.options.streamIdleTimeout ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
        close,
        chunk,
      };
    } catch (error) {
      close(); // also cancels the body of an answer that was not an event stream
      throw error;
    }
  }

  /**
   * The call's options and transport; its clock (deadline, progress times) starts here. A task method's
   * arguments are checked first (request() passes its fields as given).
   */
  private begin(task: string, args: Args, callOptions: InferenceOptions | undefined, taskMethod: boolean) {
    checkCallArguments(taskMethod ? task : CUSTOM_TASK, args);
    checkEndpointUrl(callOptions?.endpointUrl);
    const options: InferenceOptions = { ...this.defaultOptions, ...callOptions };
    // Headers layer: a call's own headers add to the client's (and override one of the same name).
    if (this.defaultOptions.headers && callOptions?.headers)
      options.headers = { ...this.defaultOptions.headers, ...callOptions.headers };
    const provider = args.provider ?? options.provider ?? "auto";
    return { options, transport: callTransport(options, args.accessToken ?? this.accessToken, provider) };
  }

  /**
   * Resolves the route and builds the request: the chat auto-router, a dedicated endpoint, or a provider (named, or
   * chosen by the hub mapping). `autoRouter`: the call may go to the chat auto-router (the chat methods; not the
   * generic request(), which keeps the hub-mapping policy for every task).
   */
  private async prepare(
    task: string,
    args: Args,
    options: InferenceOptions,
    { stream, autoRouter }: { stream: boolean; autoRouter: boolean },
    transport: Transport,
  ): Promise<Prepared> {
    args = withLegacyData(task, args);
    const route: Route = {
      task,
      token: args.accessToken ?? this.accessToken,
      endpointUrl: args.endpointUrl ?? options.endpointUrl,
      provider: (args.provider ?? options.provider ?? "auto") as ProviderId | "auto",
      hubUrl: options.hubUrl ?? DEFAULT_HUB_URL,
      outputType: OUTPUT_TYPE_TASKS.has(task) ? options.outputType : undefined,
      options,
      stream,
      transport,
    };
    if (!route.endpointUrl && args.model && /^https?:\/\//.test(args.model))
      throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
    if (!route.endpointUrl && autoRouter && route.provider === "auto") return this.toAutoRouter(args, route);
    if (route.endpointUrl) return this.toEndpoint(args, route);
    return this.toProvider(args, route);
  }

  /** Chat with provider "auto": the auto-router picks the provider; the model as given (or the task's default). */
  private async toAutoRouter(args: Args, route: Route): Promise<Prepared> {
    const { task, token, options, transport } = route;
    checkAutoRouterToken(token);
    const model = args.model ?? (await this.hub.defaultModel(task, route.hubUrl, transport));
    const request = buildAutoRouterRequest({
      model,
      args: await readBinaries(args),
      options: { ...requestOptions(route), endpointUrl: undefined, outputType: undefined },
    });
    transport.call.what = `${AUTO_ROUTER_NAME} ${task} API`;
    return {
      request,
      provider: "auto",
      providerId: model,
      spec: AUTO_ROUTER_SPEC,
      transport,
      options,
      outputType: "blob",
    };
  }

  /** A dedicated endpoint speaks hf-inference's protocol; no hub lookup. */
  private async toEndpoint(args: Args, route: Route): Promise<Prepared> {
    if (route.provider !== "auto" && route.provider !== "hf-inference")
      throw new InferenceClientInputError("Specifying both endpointUrl and provider is not supported.");
    checkRequestInputs("hf-inference", route.task, args, route.outputType);
    args = await prepareInputs(taskSpec("hf-inference", route.task).input, args, route.transport);
    return built(
      { provider: "hf-inference", task: route.task, model: args.model, mapping: undefined, args },
      route,
    );
  }

  /**
   * A named provider, or "auto" resolved through the hub mapping. Inputs are checked (and a URL input fetched)
   * before the hub is asked anything about the model.
   */
  private async toProvider(args: Args, route: Route): Promise<Prepared> {
    const { task, hubUrl, transport } = route;
    let model = args.model;
    let provider = route.provider;
    if (model) [model, provider] = withProviderSuffix(model, provider);
    if (provider === "auto") {
      if (!model)
        throw new InferenceClientInputError(
          `A model is required for ${describeTask(task)} with provider "auto": pass {model: "org/name"}, a provider (to use the hub's default model for the task), or an endpointUrl.`,
        );
      provider = autoProvider(await this.hub.mapping(model, hubUrl, transport), model, task) as ProviderId;
      transport.call.provider = provider;
    }
    checkRequestInputs(provider, task, args, route.outputType);
    refuseHubTokenForClosedSource(provider, route.token);
    const { clientSideOnly } = PROVIDERS[provider];
    if (!model && clientSideOnly)
      throw new InferenceClientInputError(
        `Provider ${provider} requires a model ID to be passed directly: {model: "${provider}/<model id>"}.`,
      );
    args = await prepareInputs(taskSpec(provider, task).input, args, transport);
    model ??= await this.hub.defaultModel(task, hubUrl, transport);
    const mapping = clientSideOnly
      ? undefined
      : selectMapping(await this.hub.mapping(model, hubUrl, transport), model, provider, task);
    return built({ provider, task, model, mapping, args }, route);
  }
}

/** What the route of a call is resolved from. */
interface Route {
  task: string;
  token: string;
  endpointUrl: string | undefined;
  provider: ProviderId | "auto";
  hubUrl: string;
  outputType: InferenceOptions["outputType"];
  options: InferenceOptions;
  stream: boolean;
  transport: Transport;
}

const requestOptions = ({ token, endpointUrl, options, stream, outputType }: Route) => ({
  accessToken: token,
  endpointUrl,
  billTo: options.billTo,
  stream,
  routerUrl: options.routerUrl,
  headers: options.headers,
  outputType,
});

/** The provider request of a resolved route. */
async function built(
  { provider, task, model, mapping, args }: Omit<RequestInput, "options">,
  route: Route,
): Promise<Prepared> {
  const input: RequestInput = {
    provider,
    task,
    model,
    mapping,
    args: await readBinaries(args),
    options: requestOptions(route),
  };
  route.transport.call.what = `${PROVIDERS[provider].name} ${task} API`;
  return {
    request: buildRequest(input),
    provider,
    providerId: resolveProviderId(input),
    spec: taskSpec(provider, task),
    transport: route.transport,
    options: route.options,
    outputType: route.outputType ?? "blob",
  };
}

/** A task method's `parameters` against the task's spec; the table loads with the first call that has some. */
async function checkParameters(task: string, args: Args): Promise<void> {
  const { parameters } = args as { parameters?: unknown };
  if (!parameters || typeof parameters !== "object") return;
  const { parameterMistake } = await import("./parameter-checks.js");
  const mistake = parameterMistake(task, describeTask(task), parameters as Record<string, unknown>);
  if (mistake) throw new InferenceClientInputError(mistake);
}

/** A call's flows, with the hooks of those imported when first needed in place. */
async function loadFlows(names: string[] = []): Promise<Flow[]> {
  const flows = names.map((name) => FLOWS[name]);
  if (!flows.some((flow) => flow.load)) return flows;
  return Promise.all(flows.map(async (flow) => (flow.load ? { ...flow, ...(await flow.load()) } : flow)));
}
