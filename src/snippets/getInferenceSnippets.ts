/**
 * getInferenceSnippets: the inference snippets of a model for a provider, one per language and client that has
 * a template for the model's task (selection rules in docs/inference-snippets.md). Pure: the result depends on
 * the arguments only. What each template receives is built in snippet-data.ts.
 */
import { INFERENCE_TEMPLATES } from "../generated/inference-templates.gen.js";
import { SNIPPET_CLIENT_TABLE } from "../generated/snippet-clients.gen.js";
import { INFERENCE_SNIPPET_TASKS } from "../generated/inference-tasks.gen.js";
import { PIPELINE_TYPES } from "../generated/pipelines.gen.js";
import { PROVIDER_IDS } from "../generated/providers.gen.js";
import { didYouMean } from "../did-you-mean.js";
import { InferenceClientInputError } from "../inference/errors.js";
import { CHAT } from "../inference/request.js";
import { isChatModel } from "./inputs.js";
import { serves } from "../inference/mapping.js";
import { callContext, methodOf, snippetData, type CallContext } from "./snippet-data.js";
import type {
  InferenceProviderMappingEntry,
  InferenceProviderOrPolicy,
  InferenceSnippet,
  InferenceSnippetOptions,
  ModelDataMinimal,
  SelectedTemplate,
  SnippetClient,
  SnippetLanguage,
} from "./types.js";

export type { ChatData, SnippetData } from "./snippet-data.js";
export type { SelectedTemplate };

/** Languages in result order, each with its clients in result order (catalogue/snippet-clients.yaml). */
export const SNIPPET_CLIENTS: Record<SnippetLanguage, readonly string[]> = { python: [], js: [], sh: [] };
for (const { language, id } of SNIPPET_CLIENT_TABLE) (SNIPPET_CLIENTS[language] as string[]).push(id);

/**
 * Every client in result order, with the INFERENCE_TEMPLATES key of each template name: built once from the static
 * task table, so a call looks templates up by constant keys instead of building them.
 */
const CLIENT_SLOTS = (() => {
  const templates = new Set(["conversational", "conversationalStream"]);
  for (const task of Object.values(INFERENCE_SNIPPET_TASKS)) if (task.template) templates.add(task.template);
  return SNIPPET_CLIENT_TABLE.map((client) => ({
    client,
    keys: new Map(
      [...templates].map((template) => [template, `${client.language}/${client.id}/${template}`] as const),
    ),
  }));
})();
const MODEL_ID = /^(?:[A-Za-z0-9](?:[\w.-]{0,94}[\w])?\/)?[A-Za-z0-9](?:[\w.-]{0,94}[\w])?$/;
const PROVIDER_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Throws InferenceClientInputError on a model or provider id no hub could hold. */
export function checkIds(modelId: unknown, provider: unknown): asserts provider is InferenceProviderOrPolicy {
  if (
    typeof modelId !== "string" ||
    !MODEL_ID.test(modelId) ||
    modelId.includes("..") ||
    modelId.includes("--")
  ) {
    throw new InferenceClientInputError(
      `Invalid model id ${JSON.stringify(modelId)}: expected "name" or "org/name" (letters, digits, "-", "_", ".")`,
    );
  }
  checkProvider(provider);
}

const KNOWN_PROVIDERS: readonly string[] = ["auto", ...PROVIDER_IDS];

function checkProvider(provider: unknown): asserts provider is InferenceProviderOrPolicy {
  if (typeof provider !== "string" || !PROVIDER_ID.test(provider)) {
    throw new InferenceClientInputError(
      `Invalid provider ${JSON.stringify(provider)}: expected "auto" or a provider id such as "hf-inference"`,
    );
  }
  if (!KNOWN_PROVIDERS.includes(provider)) throw unknownName("provider", provider, KNOWN_PROVIDERS);
}

/** A pipeline tag the catalogue does not know is a mistake; a known one without snippets (graph-ml) has none. */
function checkPipelineTag({ pipeline_tag }: ModelDataMinimal): void {
  if (pipeline_tag !== undefined && !(PIPELINE_TYPES as readonly string[]).includes(pipeline_tag))
    throw unknownName("task", pipeline_tag, PIPELINE_TYPES);
}

const unknownName = (what: string, name: string, known: readonly string[]) =>
  new InferenceClientInputError(
    `Unknown ${what} "${name}"${didYouMean(name, known)}; known: ${known.join(", ")}`,
  );

/**
 * Which template a model uses, and the task its requests are for: "conversational" for the models of a task with
 * chat messages (text-generation, image-text-to-text), whatever their tags; the task's own template otherwise.
 */
export function snippetTemplate(
  model: ModelDataMinimal,
  opts: InferenceSnippetOptions = {},
): SelectedTemplate | undefined {
  const info = model.pipeline_tag ? INFERENCE_SNIPPET_TASKS[model.pipeline_tag] : undefined;
  if (!info) return undefined;
  const chat = isChatModel(info);
  if (chat)
    return { template: opts.streaming ? "conversationalStream" : "conversational", task: CHAT, chat, info };
  return info.template ? { template: info.template, task: model.pipeline_tag!, chat, info } : undefined;
}

export function getInferenceSnippets(
  model: ModelDataMinimal,
  provider: InferenceProviderOrPolicy,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts: InferenceSnippetOptions = {},
): InferenceSnippet[] {
  return renderInferenceSnippets(INFERENCE_TEMPLATES, model, provider, inferenceProviderMapping, opts);
}

/** The compiled inference templates by "<language>/<client>/<template name>". */
export type InferenceTemplateTable = Readonly<typeof INFERENCE_TEMPLATES>;

/**
 * getInferenceSnippets over a given template table: the viewer previews an edited template by passing the
 * generated table with that one template replaced.
 */
export function renderInferenceSnippets(
  templates: InferenceTemplateTable,
  model: ModelDataMinimal,
  provider: string,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts: InferenceSnippetOptions = {},
): InferenceSnippet[] {
  checkIds(model?.id, provider);
  checkPipelineTag(model);
  [provider, opts] = directTarget(provider, inferenceProviderMapping, opts);
  const selected = snippetTemplate(model, opts);
  if (!selected) return [];
  if (provider !== "auto" && !serves(provider, selected.task)) {
    console.error(
      `inference snippets: provider "${provider}" cannot serve task "${selected.task}" for model ${model.id}; no snippets`,
    );
    return [];
  }
  const out: InferenceSnippet[] = [];
  let ctx: CallContext | undefined;
  for (const { client: spec, keys } of CLIENT_SLOTS) {
    const { language, id: client } = spec;
    if (!offered(spec, provider, selected, model)) continue;
    // Every template name of the task table has its key (CLIENT_SLOTS).
    const render = templates[keys.get(selected.template)!];
    if (!render) continue;
    ctx ??= callContext(model, provider, inferenceProviderMapping, opts, selected);
    const data = snippetData(spec, ctx);
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
  provider: InferenceProviderOrPolicy,
  inferenceProviderMapping?: InferenceProviderMappingEntry,
  opts: InferenceSnippetOptions = {},
): InferenceSnippet {
  checkIds(model?.id, provider);
  checkPipelineTag(model);
  [provider, opts] = directTarget(provider, inferenceProviderMapping, opts);
  const selected = snippetTemplate(model, opts);
  const template = selected?.template ?? model.pipeline_tag ?? "(no pipeline tag)";
  const render = INFERENCE_TEMPLATES[`${language}/${client}/${template}`];
  const spec = SNIPPET_CLIENT_TABLE.find((c) => c.language === language && c.id === client);
  if (!selected || !render || !spec) throw new Error(`Template not found: ${language}/${client}/${template}`);
  if (!offered(spec, provider, selected, model)) {
    throw new Error(
      `Template not found: ${language}/${client}/${template} is not offered for provider "${provider}" and this model`,
    );
  }
  const data = snippetData(spec, callContext(model, provider, inferenceProviderMapping, opts, selected));
  if (!data)
    throw new Error(
      `Template not found: ${language}/${client}/${template} (the ${client} snippet needs a provider that serves ${selected.task})`,
    );
  return { language, client, content: render(data) };
}

/**
 * A direct request with provider "auto" goes to the provider the client's auto policy picks (the mapping entry's),
 * shown as that provider with its own key; with no entry there is no provider to call directly, so the
 * snippets stay routed.
 */
function directTarget(
  provider: InferenceProviderOrPolicy,
  entry: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
): [InferenceProviderOrPolicy, InferenceSnippetOptions] {
  if (provider !== "auto" || !opts.directRequest) return [provider, opts];
  if (!entry) return [provider, { ...opts, directRequest: false }];
  checkProvider(entry.provider);
  return [entry.provider, opts];
}

/** Whether a page offers this client's snippet for the call: its kind's rule, and what its package can do. */
function offered(
  client: SnippetClient,
  provider: string,
  { chat, info, task }: SelectedTemplate,
  model: ModelDataMinimal,
): boolean {
  const hub = client.kind === "hub";
  if (provider === "auto" && !chat && !hub) return false;
  if (cannot(client, provider, task, model.pipeline_tag)) return false;
  if (client.kind === "provider-sdk") return client.providers?.includes(provider) ?? false;
  if (client.kind === "openai-compatible") return chat;
  if (!hub) return true;
  return chat || Boolean(methodOf(info, client.id));
}

/** What the client's package cannot do (a provider it does not know, a task without a method, a pair it misroutes). */
function cannot(
  client: SnippetClient,
  provider: string,
  task: string,
  pipeline: string | undefined,
): boolean {
  const { cannot } = client;
  if (!cannot) return false;
  return Boolean(
    cannot.providers?.includes(provider) ||
    (pipeline !== undefined && cannot.tasks?.includes(pipeline)) ||
    cannot.pairs?.some((pair) => pair.provider === provider && pair.task === task),
  );
}
