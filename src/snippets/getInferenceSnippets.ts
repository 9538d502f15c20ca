/**
 * getInferenceSnippets: the inference snippets of a model for a provider, one per language and client that has
 * a template for the model's task (selection rules: spec 5 and 9, snippet-clients reference). Pure: the result
 * depends on the arguments only.
 */
import { INFERENCE_TEMPLATES } from "../generated/inference-templates.gen.js";
import { INFERENCE_SNIPPET_TASKS } from "../generated/inference-tasks.gen.js";
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import { AUTO_ROUTER_PATH } from "../inference/auto-router.js";
import { InferenceClientInputError, InferenceClientRoutingError } from "../inference/errors.js";
import { CHAT, DEFAULT_ROUTER_URL, type ProviderMapping } from "../inference/request.js";
import { RenderMemo, type Hole } from "../templating/helpers.js";
import { httpRequest, type HttpCall, type HttpRequestData } from "./http.js";
import { exampleArgs, exampleMessages, findFile, isChatModel, type ExampleFile } from "./inputs.js";
import { DIRECT_TOKEN_PLACEHOLDER, ROUTED_TOKEN_PLACEHOLDER, tokenEnvVar, tokenValue } from "./tokens.js";
import type {
  InferenceProviderMappingEntry,
  InferenceSnippet,
  InferenceSnippetOptions,
  InferenceSnippetTask,
  ModelDataMinimal,
  SnippetLanguage,
} from "./types.js";

/** Languages in result order, each with its clients in result order: the OpenAI client, the hub SDK, then raw HTTP. */
export const SNIPPET_CLIENTS: Record<SnippetLanguage, readonly string[]> = {
  python: ["openai", "huggingface_hub", "fal_client", "requests"],
  js: ["openai", "huggingface.js", "fetch"],
  sh: ["curl"],
};
const HUB_CLIENTS = new Set(["huggingface_hub", "huggingface.js"]);

/**
 * Every language and client in result order, with the INFERENCE_TEMPLATES key of each template name: built
 * once from the static task table, so a call looks templates up by constant keys instead of building them.
 */
const CLIENT_SLOTS = (() => {
  const templates = new Set(["conversational", "conversationalStream"]);
  for (const task of Object.values(INFERENCE_SNIPPET_TASKS)) if (task.template) templates.add(task.template);
  return (Object.keys(SNIPPET_CLIENTS) as SnippetLanguage[]).flatMap((language) =>
    SNIPPET_CLIENTS[language].map((client) => ({
      language,
      client,
      keys: new Map([...templates].map((template) => [template, `${language}/${client}/${template}`] as const)),
    })),
  );
})();
const HTTP_CLIENTS = new Set(["requests", "fetch", "curl"]);
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
  /** The request goes to hf-inference (or a dedicated endpoint with its shapes): media answers come as bytes. */
  hfInference: boolean;
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

const MODEL_ID = /^(?:[A-Za-z0-9](?:[\w.-]{0,94}[\w])?\/)?[A-Za-z0-9](?:[\w.-]{0,94}[\w])?$/;
const PROVIDER_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Throws InferenceClientInputError on a model or provider id no hub could hold. */
export function checkIds(modelId: unknown, provider: unknown): void {
  if (typeof modelId !== "string" || !MODEL_ID.test(modelId) || modelId.includes("..") || modelId.includes("--")) {
    throw new InferenceClientInputError(`Invalid model id ${JSON.stringify(modelId)}: expected "name" or "org/name" (letters, digits, "-", "_", ".")`);
  }
  checkProvider(provider);
}

function checkProvider(provider: unknown): void {
  if (typeof provider !== "string" || !PROVIDER_ID.test(provider)) {
    throw new InferenceClientInputError(`Invalid provider ${JSON.stringify(provider)}: expected "auto" or a provider id such as "hf-inference"`);
  }
}

/**
 * Which template a model uses, and the task its requests are for ("conversational" for chat models). A task
 * with chat messages is chat for its models tagged conversational; a task with messages and no template of its
 * own (image-text-to-text) has snippets for those models only: the others cannot be called through chat.
 */
export function snippetTemplate(model: ModelDataMinimal, opts: InferenceSnippetOptions = {}): SelectedTemplate | undefined {
  const info = model.pipeline_tag ? INFERENCE_SNIPPET_TASKS[model.pipeline_tag] : undefined;
  if (!info) return undefined;
  const chat = isChatModel(info, model);
  if (chat) return { template: opts.streaming ? "conversationalStream" : "conversational", task: CHAT, chat, info };
  return info.template ? { template: info.template, task: model.pipeline_tag!, chat, info } : undefined;
}

export interface SelectedTemplate {
  template: string;
  task: string;
  chat: boolean;
  /** The snippet facts of the model's pipeline (catalogue/tasks/<id>.yaml). */
  info: InferenceSnippetTask;
}

/** The hub client's method for the task (named reads: the clients are two fixed names). */
function methodOf(info: InferenceSnippetTask, client: string): string | undefined {
  return client === "huggingface_hub" ? info.methods.huggingface_hub : client === "huggingface.js" ? info.methods["huggingface.js"] : undefined;
}

export function getInferenceSnippets(
  model: ModelDataMinimal,
  provider: string,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts: InferenceSnippetOptions = {},
): InferenceSnippet[] {
  checkIds(model?.id, provider);
  [provider, opts] = directTarget(provider, inferenceProviderMapping, opts);
  const selected = snippetTemplate(model, opts);
  if (!selected) return [];
  if (provider !== "auto" && !serves(provider, selected.task)) {
    console.error(`inference snippets: provider "${provider}" cannot serve task "${selected.task}" for model ${model.id}; no snippets`);
    return [];
  }
  const out: InferenceSnippet[] = [];
  let ctx: CallContext | undefined;
  for (const { language, client, keys } of CLIENT_SLOTS) {
    if (!offered(client, provider, selected, model)) continue;
    const render = INFERENCE_TEMPLATES[keys.get(selected.template) ?? `${language}/${client}/${selected.template}`];
    if (!render) continue;
    ctx ??= callContext(model, provider, inferenceProviderMapping, opts, selected);
    const data = snippetData(client, ctx);
    if (!data) continue;
    out.push({ language, client, content: render(data, ctx.memo) });
  }
  return out;
}

/** One snippet, asked for by language and client: 'Template not found' when that client has no template for the task. */
export function getInferenceSnippet(
  language: SnippetLanguage,
  client: string,
  model: ModelDataMinimal,
  provider: string,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts: InferenceSnippetOptions = {},
): InferenceSnippet {
  checkIds(model?.id, provider);
  [provider, opts] = directTarget(provider, inferenceProviderMapping, opts);
  const selected = snippetTemplate(model, opts);
  const template = selected?.template ?? model.pipeline_tag ?? "(no pipeline tag)";
  const render = INFERENCE_TEMPLATES[`${language}/${client}/${template}`];
  if (!selected || !render) throw new Error(`Template not found: ${language}/${client}/${template}`);
  if (!offered(client, provider, selected, model)) {
    throw new Error(`Template not found: ${language}/${client}/${template} is not offered for provider "${provider}" and this model`);
  }
  const data = snippetData(client, callContext(model, provider, inferenceProviderMapping, opts, selected));
  if (!data) throw new Error(`Template not found: ${language}/${client}/${template} (the ${client} snippet needs a provider that serves ${selected.task})`);
  return { language, client, content: render(data) };
}

/**
 * A direct request with provider "auto" goes to the provider the client's auto policy picks (the mapping entry's),
 * shown as that provider with its own key; with no entry there is no provider to call directly, so the
 * snippets stay routed.
 */
function directTarget(
  provider: string,
  entry: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
): [string, InferenceSnippetOptions] {
  if (provider !== "auto" || !opts.directRequest) return [provider, opts];
  if (!entry) return [provider, { ...opts, directRequest: false }];
  checkProvider(entry.provider);
  return [entry.provider, opts];
}

/** The request, or undefined (logged) when the request builder refuses the example (e.g. a file type the provider does not take). */
function tryRequest(call: HttpCall): HttpRequestData | undefined {
  try {
    return httpRequest(call);
  } catch (error) {
    // Input errors, and the auto-router's refusal of a literal token that is not a hub token.
    if (!(error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError)) throw error;
    console.error(`inference snippets: ${error.message}`);
    return undefined;
  }
}

function serves(provider: string, task: string): boolean {
  return Boolean((PROVIDERS as Record<string, { tasks: Record<string, unknown> } | undefined>)[provider]?.tasks[task]);
}

function offered(client: string, provider: string, { chat, info, task }: SelectedTemplate, model: ModelDataMinimal): boolean {
  if (provider === "auto" && !chat && !HUB_CLIENTS.has(client)) return false;
  // hf-inference answers a text-to-audio model of another library than transformers with JSON [samples, rate]:
  // the hub clients return audio bytes, so only the raw-HTTP snippets, which read that JSON, can work.
  if (HUB_CLIENTS.has(client) && task === "text-to-audio" && provider === "hf-inference" && model.library_name !== "transformers")
    return false;
  if (client === "fal_client" && provider !== "fal-ai") return false;
  if (client === "openai" && !chat) return false;
  if (HUB_CLIENTS.has(client) && !chat) return Boolean(methodOf(info, client));
  return true;
}

/** What every client's data of one call shares, computed once; requests are built at most once per kind. */
interface CallContext {
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
  chats: [routed?: { data: ChatData; unreachable: boolean }, direct?: { data: ChatData; unreachable: boolean }];
  /** The model as templates see it. */
  modelData: { id: string };
}

function callContext(
  model: ModelDataMinimal,
  provider: string,
  entry: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
  selected: SelectedTemplate,
): CallContext {
  const pipeline = model.pipeline_tag!;
  const args = exampleArgs(model, pipeline, opts);
  const callArgs = selected.chat
    ? { messages: exampleMessages(pipeline, opts), temperature: opts.temperature, max_tokens: opts.max_tokens, top_p: opts.top_p }
    : { inputs: args.inputs, parameters: args.parameters };
  const file = findFile(args.inputs);
  return {
    model,
    provider,
    opts,
    selected,
    closed: (PROVIDERS as Record<string, { closedSource?: boolean }>)[provider]?.closedSource === true,
    mapping: entry ? { providerId: entry.providerId, adapter: entry.adapter, adapterWeightsPath: entry.adapterWeightsPath } : undefined,
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
function requestOf(ctx: CallContext, provider: string | undefined, direct: boolean): HttpRequestData | undefined {
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
      token: opts.accessToken ?? (direct && p !== "hf-inference" ? DIRECT_TOKEN_PLACEHOLDER : ROUTED_TOKEN_PLACEHOLDER),
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
      chatModel = opts.endpointUrl ? model.id : ((built.json as { model?: string } | undefined)?.model ?? model.id);
    }
  }
  const data = { messages: ctx.callArgs.messages as unknown[], options: ctx.chatOptions, stream: Boolean(opts.streaming), model: chatModel, baseUrl };
  return { data, unreachable };
}

function snippetData(client: string, ctx: CallContext): SnippetData | undefined {
  const { model, provider, opts, selected } = ctx;
  const pipeline = model.pipeline_tag!;
  const direct = Boolean(opts.directRequest) || ctx.closed || client === "fal_client";
  const token = (ctx.tokens[direct ? 1 : 0] ??= tokenValue(provider, opts, direct));
  const data: SnippetData = {
    model: ctx.modelData,
    provider,
    task: pipeline,
    method: methodOf(selected.info, client),
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
    // Set below for the clients that use them; present from the start so every data object has one shape.
    chat: undefined,
    request: undefined,
    fal: undefined,
  };
  if (selected.chat) {
    const chat = (ctx.chats[direct ? 1 : 0] ??= chatOf(ctx, direct));
    if (chat.unreachable && (HTTP_CLIENTS.has(client) || client === "openai")) return undefined;
    data.chat = chat.data;
    // Routed chat names the provider in the model ("<id>:<provider>"), which the hub SDKs send to the auto-router.
    if (!direct && !opts.endpointUrl) data.hubModel = chat.data.model;
  }
  if (HTTP_CLIENTS.has(client)) {
    data.request = requestOf(ctx, ctx.target, direct);
    if (!data.request) return undefined;
  }
  if (client === "fal_client") {
    const request = requestOf(ctx, "fal-ai", true);
    if (!request) return undefined;
    data.fal = { model: ctx.mapping?.providerId ?? model.id, arguments: request.json, queue: new URL(request.url).hostname.startsWith("queue.") };
    data.request = request;
  }
  return data;
}
