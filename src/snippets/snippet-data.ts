/** The data each client's template receives for one call: requests built once per call, chat data, tokens. */
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import { AUTO_ROUTER_PATH } from "../inference/auto-router.js";
import { serves } from "../inference/mapping.js";
import type { ProviderSpec } from "../inference/spec.js";
import { InferenceClientInputError, InferenceClientRoutingError } from "../inference/errors.js";
import { DEFAULT_ROUTER_URL, type ProviderMapping } from "../inference/request.js";
import { RenderMemo, type Hole } from "../templating/helpers.js";
import { httpRequest, type HttpCall, type HttpRequestData } from "./http.js";
import { exampleArgs, exampleMessages, findFile, type ExampleFile } from "./inputs.js";
import { DIRECT_TOKEN_PLACEHOLDER, ROUTED_TOKEN_PLACEHOLDER, tokenEnvVar, tokenValue } from "./tokens.js";
import type {
  InferenceProviderMappingEntry,
  InferenceSnippetOptions,
  InferenceSnippetTask,
  ModelDataMinimal,
  SelectedTemplate,
  SnippetClient,
} from "./types.js";
/** What an OpenAI client appends to its base URL. */
const CHAT_PATH = "/chat/completions";
/** The auto-router as an OpenAI base URL: an OpenAI client appends CHAT_PATH and reaches the auto-router's route. */
const ROUTER_OPENAI_BASE = `${DEFAULT_ROUTER_URL}/${AUTO_ROUTER_PATH.slice(0, -CHAT_PATH.length)}`;

/** What a template receives (documented in docs/inference-snippets.md). */
export interface SnippetData {
  model: { id: string };
  provider: string;
  task: string;
  /** The hub client's method for the task (hub clients only). */
  method?: string;
  /** The provider a hub client is given; absent for routed chat (the model names it) and for endpoints. */
  hubProvider?: string;
  /** The model a hub client is given: the hub id, or for routed chat "<id>:<provider>" (the bare id for auto). */
  hubModel: string;
  /** Token given to the client: a literal, or a hole reading an environment variable. */
  token: string | Hole;
  /** The token reads an environment variable (python needs `import os`). */
  env: boolean;
  billTo?: string;
  endpointUrl?: string;
  directRequest: boolean;
  /** Example arguments: inputs ({file} objects for example files) and parameters. */
  inputs: unknown;
  parameters?: Record<string, unknown>;
  file?: ExampleFile;
  chat?: ChatData;
  request?: HttpRequestData;
  fal?: { model: string; arguments: unknown; queue: boolean };
  /** The request goes to hf-inference (or a dedicated endpoint with its shapes). */
  hfInference: boolean;
  /** The provider answers with the file itself (audio or image bytes), not JSON: the program keeps the bytes. */
  answerIsFile: boolean;
  /** The model's library (text-to-audio/text-to-speech examples differ for transformers). */
  library?: string;
}

export interface ChatData {
  messages: unknown[];
  /** temperature, max_tokens, top_p: only those set. */
  options: Record<string, number>;
  stream: boolean;
  /** Model name for OpenAI-compatible clients: "<id>:<provider>" through the router, the provider's id directly. */
  model: string;
  /** Base URL for OpenAI-compatible clients. */
  baseUrl: string;
}

/** The request, or undefined (logged) when the request builder refuses the example (e.g. a file type the provider does not take). */
function tryRequest(call: HttpCall): HttpRequestData | undefined {
  try {
    return httpRequest(call);
  } catch (error) {
    // Input errors, and the auto-router's refusal of a literal token that is not a hub token.
    if (!(error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError))
      throw error;
    console.error(`inference snippets: ${error.message}`);
    return undefined;
  }
}

/** What every client's data of one call shares, computed once; requests are built at most once per kind. */
export interface CallContext {
  model: ModelDataMinimal;
  provider: string;
  opts: InferenceSnippetOptions;
  selected: SelectedTemplate;
  closed: boolean;
  mapping?: ProviderMapping;
  /**
   * The provider requests go to, as the client chooses it: for chat with provider "auto", "auto" (the
   * auto-router); for other tasks with "auto", the first mapping entry's provider.
   */
  target?: string;
  args: { inputs: unknown; parameters?: Record<string, unknown> };
  callArgs: Record<string, unknown>;
  file?: ExampleFile;
  /** The example file the request arguments hold (searched once per call). */
  requestFile?: ExampleFile;
  /** The requests built so far in this call, by provider and directness (at most a few). */
  requests: { provider: string; direct: boolean; request: HttpRequestData | undefined }[];
  /** Literals written by this call's snippets (the same messages in several clients are written once per language). */
  memo: RenderMemo;
  /** The token shown to routed and to direct clients, made on first use. */
  tokens: [routed?: string | Hole, direct?: string | Hole];
  /** temperature, max_tokens, top_p: only those set. */
  chatOptions: Record<string, number>;
  /** The chat data of routed and of direct clients, made on first use. */
  chats: [
    routed?: { data: ChatData; unreachable: boolean },
    direct?: { data: ChatData; unreachable: boolean },
  ];
  /** The model as templates see it. */
  modelData: { id: string };
}

export function callContext(
  model: ModelDataMinimal,
  provider: string,
  entry: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
  selected: SelectedTemplate,
): CallContext {
  const pipeline = model.pipeline_tag!;
  const args = exampleArgs(model, pipeline, opts);
  const callArgs = selected.chat
    ? {
        messages: exampleMessages(pipeline, opts),
        temperature: opts.temperature,
        max_tokens: opts.max_tokens,
        top_p: opts.top_p,
      }
    : { inputs: args.inputs, parameters: args.parameters };
  const file = findFile(args.inputs);
  return {
    model,
    provider,
    opts,
    selected,
    closed: (PROVIDERS as Record<string, { closedSource?: boolean }>)[provider]?.closedSource === true,
    mapping: entry
      ? { providerId: entry.providerId, adapter: entry.adapter, adapterWeightsPath: entry.adapterWeightsPath }
      : undefined,
    target: provider === "auto" && !selected.chat ? entry?.provider : provider,
    args,
    callArgs,
    file,
    requestFile: file ?? (selected.chat ? findFile(callArgs.messages) : findFile(args.parameters)),
    requests: [],
    tokens: [],
    memo: new RenderMemo(),
    chatOptions: chatOptions(opts),
    chats: [],
    modelData: { id: model.id },
  };
}

function chatOptions({ temperature, max_tokens, top_p }: InferenceSnippetOptions): Record<string, number> {
  const options: Record<string, number> = {};
  if (temperature !== undefined) options.temperature = temperature;
  if (max_tokens !== undefined) options.max_tokens = max_tokens;
  if (top_p !== undefined) options.top_p = top_p;
  return options;
}

/** The request the client would send to `provider` (direct or routed), built once per call. */
function requestOf(
  ctx: CallContext,
  provider: string | undefined,
  direct: boolean,
): HttpRequestData | undefined {
  const { opts, model, selected } = ctx;
  if (!provider && !opts.endpointUrl) return undefined;
  const p = (opts.endpointUrl ? "hf-inference" : provider) as ProviderId | "auto";
  for (const built of ctx.requests) if (built.provider === p && built.direct === direct) return built.request;
  let request: HttpRequestData | undefined;
  if (p === "auto" || serves(p, selected.task)) {
    request = tryRequest({
      provider: p,
      task: selected.task,
      model: model.id,
      mapping: ctx.mapping ?? (p === "hf-inference" ? undefined : { providerId: model.id }),
      args: ctx.callArgs,
      file: ctx.requestFile,
      token:
        opts.accessToken ??
        (direct && p !== "hf-inference" ? DIRECT_TOKEN_PLACEHOLDER : ROUTED_TOKEN_PLACEHOLDER),
      tokenEnv: opts.accessToken === undefined ? tokenEnvVar(p, opts, direct) : undefined,
      endpointUrl: opts.endpointUrl,
      billTo: opts.billTo,
      stream: (selected.chat && opts.streaming) || undefined,
    });
  }
  ctx.requests.push({ provider: p, direct, request });
  return request;
}

/** What the chat clients of a call are given, routed or direct. */
function chatOf(ctx: CallContext, direct: boolean): { data: ChatData; unreachable: boolean } {
  const { model, provider, opts } = ctx;
  let baseUrl = ROUTER_OPENAI_BASE;
  let chatModel = provider === "auto" ? model.id : `${model.id}:${provider}`;
  let unreachable = false;
  if (direct || opts.endpointUrl) {
    // Straight to the provider or the endpoint: the URL and model id the request builder uses.
    const built = requestOf(ctx, ctx.target, direct);
    unreachable = !built;
    if (built) {
      baseUrl = built.url.endsWith(CHAT_PATH) ? built.url.slice(0, -CHAT_PATH.length) : built.url;
      chatModel = opts.endpointUrl
        ? model.id
        : ((built.json as { model?: string } | undefined)?.model ?? model.id);
    }
  }
  const data = {
    messages: ctx.callArgs.messages as unknown[],
    options: ctx.chatOptions,
    stream: Boolean(opts.streaming),
    model: chatModel,
    baseUrl,
  };
  return { data, unreachable };
}

export function snippetData(client: SnippetClient, ctx: CallContext): SnippetData | undefined {
  const { model, provider, opts, selected } = ctx;
  const pipeline = model.pipeline_tag!;
  const rawHttp = client.kind === "raw-http";
  // A provider's own SDK calls the provider directly, with its key.
  const sdk = client.kind === "provider-sdk";
  const direct = Boolean(opts.directRequest) || ctx.closed || sdk;
  const token = (ctx.tokens[direct ? 1 : 0] ??= tokenValue(provider, opts, direct));
  const data: SnippetData = {
    model: ctx.modelData,
    provider,
    task: pipeline,
    method: methodOf(selected.info, client.id),
    hubProvider: opts.endpointUrl || (selected.chat && !direct) ? undefined : provider,
    hubModel: model.id,
    token,
    env: typeof token !== "string",
    billTo: opts.billTo,
    endpointUrl: opts.endpointUrl,
    directRequest: direct,
    inputs: ctx.args.inputs,
    parameters: ctx.args.parameters,
    file: ctx.file,
    library: model.library_name,
    hfInference: Boolean(opts.endpointUrl) || ctx.target === "hf-inference",
    answerIsFile: answersWithFile(opts.endpointUrl ? "hf-inference" : ctx.target, selected.task),
    // Set below for the clients that use them; present from the start so every data object has one shape.
    chat: undefined,
    request: undefined,
    fal: undefined,
  };
  if (selected.chat) {
    const chat = (ctx.chats[direct ? 1 : 0] ??= chatOf(ctx, direct));
    if (chat.unreachable && (rawHttp || client.kind === "openai-compatible")) return undefined;
    data.chat = chat.data;
    // Routed chat names the provider in the model ("<id>:<provider>"), which the hub SDKs send to the auto-router.
    if (!direct && !opts.endpointUrl) data.hubModel = chat.data.model;
  }
  if (rawHttp) {
    data.request = requestOf(ctx, ctx.target, direct);
    if (!data.request) return undefined;
  }
  if (sdk) {
    const request = requestOf(ctx, client.providers![0] as ProviderId, true);
    if (!request) return undefined;
    data.fal = {
      model: ctx.mapping?.providerId ?? model.id,
      arguments: request.json,
      queue: new URL(request.url).hostname.startsWith("queue."),
    };
    data.request = request;
  }
  return data;
}

/**
 * Whether the provider's answer to the task is the file's own bytes: its output expects a Blob (FileAnswer) and no
 * flow reads it first (a flow polls a job or unpacks JSON).
 */
function answersWithFile(provider: string | undefined, task: string): boolean {
  const spec = (PROVIDERS as Record<string, ProviderSpec | undefined>)[provider ?? ""]?.tasks[task];
  return spec?.output?.expect === "blob" && spec.flow === undefined;
}

/** The hub client's method for the task (undefined for the other clients). */
export function methodOf(info: InferenceSnippetTask, client: string): string | undefined {
  return (info.methods as Record<string, string | undefined>)[client];
}
