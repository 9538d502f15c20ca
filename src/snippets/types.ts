/** Types of inference snippets: the model record they read, the options, what a call returns. */
import type { ProviderId } from "../generated/providers.gen.js";

/**
 * The provider a snippet calls: a known provider id, or "auto" (the router picks). The upstream's name, so code
 * written for it compiles. Plain-JS callers passing another string get an InferenceClientInputError listing these.
 */
export type InferenceProviderOrPolicy = "auto" | ProviderId;

export type SnippetLanguage = "python" | "js" | "sh";

/** One snippet: code in `language` using `client`. */
export interface InferenceSnippet {
  language: SnippetLanguage;
  client: string;
  content: string;
}

/** The model record fields snippets read. */
export interface ModelDataMinimal {
  id: string;
  pipeline_tag?: string;
  tags?: string[];
  library_name?: string;
  mask_token?: string;
}

/** A provider's entry of the hub's provider mapping for a model. */
export interface InferenceProviderMappingEntry {
  provider: string;
  providerId: string;
  hfModelId?: string;
  status?: string;
  task?: string;
  adapter?: string;
  adapterWeightsPath?: string;
  type?: string;
}

export interface ChatMessage {
  role: string;
  content: unknown;
}

export interface InferenceSnippetOptions {
  /** A literal token shown instead of the environment variable. */
  accessToken?: string;
  /** A dedicated endpoint instead of any provider URL. */
  endpointUrl?: string;
  /** Straight to the provider (provider key) instead of through the router. */
  directRequest?: boolean;
  /** Sent as X-HF-Bill-To. */
  billTo?: string;
  /** Conversational models: the streaming variant. */
  streaming?: boolean;
  /** Replaces the example inputs (a string, or for tasks with structured inputs an object or its JSON text). */
  inputs?: unknown;
  /** Replaces the example chat messages. */
  messages?: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
}

/** What catalogue/tasks/<id>.yaml says about the task's snippets (emitted into src/generated/inference-tasks.gen.ts). */
export interface InferenceSnippetTask {
  /** The template of the task's snippets; absent when only its conversational models have snippets. */
  template?: string;
  methods: { huggingface_hub?: string; "huggingface.js"?: string };
  example?: { inputs: unknown; parameters?: Record<string, unknown> };
  messages?: ChatMessage[];
}

/** The template a model's snippets use, and the task their requests are for. */
export interface SelectedTemplate {
  template: string;
  task: string;
  chat: boolean;
  /** The snippet facts of the model's pipeline (catalogue/tasks/<id>.yaml). */
  info: InferenceSnippetTask;
}

/** A client of the inference snippets: catalogue/snippet-clients.yaml (schemas/snippet-clients.schema.json). */
export interface SnippetClient {
  id: string;
  language: SnippetLanguage;
  /** openai-compatible: chat only; hub: the task's method; provider-sdk: its providers only; raw-http: the request. */
  kind: "openai-compatible" | "hub" | "provider-sdk" | "raw-http";
  /** provider-sdk: the providers it calls. */
  providers?: readonly string[];
  /** What the client's package cannot do: no snippet of it is offered there. */
  cannot?: {
    providers?: readonly string[];
    tasks?: readonly string[];
    pairs?: readonly { provider: string; task: string }[];
  };
}
