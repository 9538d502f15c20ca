/** Arguments, options and results of the InferenceClient methods. Result types come from catalogue/responses.yaml. */
import type { ResponseShapes } from "../generated/responses.gen.js";
import type { ProviderId } from "../generated/providers.gen.js";
import type { OutputType } from "./spec.js";

export type { OutputType, ProviderId, ResponseShapes };
export type BinaryInput = Blob | ArrayBuffer | Uint8Array;

export interface InferenceOptions {
  /** fetch to use for every request of a call (hub lookup, submit, polls, downloads). */
  fetch?: typeof fetch;
  /** Aborts every request and wait of the call. */
  signal?: AbortSignal;
  /** Billing party, sent as X-HF-Bill-To. */
  billTo?: string;
  /** A dedicated endpoint (hf-inference request shapes); excludes `provider`. */
  endpointUrl?: string;
  /** Default "auto": the first provider the hub lists for the model. */
  provider?: ProviderId | "auto";
  /** Per-request timeout in ms (each attempt, poll and download). */
  timeout?: number;
  /** Retry 503 answers (bounded, with backoff, honouring Retry-After); default true. */
  retry_on_error?: boolean;
  /** Retries of a 503 answer; default 3. */
  maxRetries?: number;
  /** First retry delay in ms, doubled each retry; default 500. */
  retryDelayMs?: number;
  /** Longest wait between retries in ms, Retry-After included; default 30 000. */
  maxRetryDelayMs?: number;
  /** Overrides the catalogue's poll interval (tests); the polling loop itself always runs. */
  pollIntervalMs?: number;
  /** Overall deadline of a polling flow in ms; default 600 000. */
  pollTimeout?: number;
  /**
   * textToImage only: the image as a Blob (default), the provider's own URL ("url"; refused by providers that
   * return the bytes), a data: URL ("dataUrl") or the provider's JSON answer ("json").
   */
  outputType?: OutputType;
  /** Send cookies (fetch credentials: include) when no token is given. */
  includeCredentials?: boolean | "include";
  /** Extra headers on provider requests (merged last; null removes one the client would send). */
  headers?: Record<string, string | null>;
  /** Hub origin for the provider-mapping lookup; default https://huggingface.co. */
  hubUrl?: string;
  /** Router origin; default https://router.huggingface.co. */
  routerUrl?: string;
}

/** Fields every call accepts besides its task's own. */
export interface BaseArgs {
  /** Hub model id, e.g. "black-forest-labs/FLUX.1-dev" ("openai/<id>" for openai). */
  model?: string;
  provider?: ProviderId | "auto";
  endpointUrl?: string;
  accessToken?: string;
}

export type TaskArgs<I, P = Record<string, unknown>> = BaseArgs & { inputs: I; parameters?: P } & Record<
    string,
    unknown
  >;

/** The older form of a binary input: `{data: Blob}` instead of `{inputs: Blob}`. */
export type LegacyBinaryArgs<P = Record<string, unknown>> = BaseArgs & {
  data: BinaryInput;
  parameters?: P;
} & Record<string, unknown>;

/** A binary input as `inputs`, or in the older `data` form. */
export type BinaryArgs<P = Record<string, unknown>> = TaskArgs<BinaryInput, P> | LegacyBinaryArgs<P>;

/** Generation parameters shared by the image + text tasks; other keys pass through to the provider. */
export interface ImageTextParameters {
  prompt?: string;
  negative_prompt?: string;
  guidance_scale?: number;
  num_inference_steps?: number;
  seed?: number;
  target_size?: { width: number; height: number };
  [key: string]: unknown;
}

/** imageTextToImage: a source image (optional: without it, text-only generation on the same model) and a prompt. */
export type ImageTextToImageArgs = BaseArgs & {
  inputs?: BinaryInput;
  parameters?: ImageTextParameters;
} & Record<string, unknown>;

/** imageTextToVideo: as imageTextToImage, with num_frames. */
export type ImageTextToVideoArgs = BaseArgs & {
  inputs?: BinaryInput;
  parameters?: ImageTextParameters & { num_frames?: number };
} & Record<string, unknown>;

/** textToAudio: a prompt; generation_parameters as in text generation; other keys pass through. */
export type TextToAudioArgs = BaseArgs & {
  inputs: string;
  parameters?: {
    generation_parameters?: {
      do_sample?: boolean;
      early_stopping?: boolean | "never";
      epsilon_cutoff?: number;
      eta_cutoff?: number;
      max_length?: number;
      max_new_tokens?: number;
      min_length?: number;
      min_new_tokens?: number;
      num_beam_groups?: number;
      num_beams?: number;
      penalty_alpha?: number;
      temperature?: number;
      top_k?: number;
      top_p?: number;
      typical_p?: number;
      use_cache?: boolean;
    };
    [key: string]: unknown;
  };
} & Record<string, unknown>;

export interface ChatMessage {
  role: string;
  content?: string | null | Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export type ChatCompletionArgs = BaseArgs & {
  messages: ChatMessage[];
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  tools?: unknown[];
  response_format?: Record<string, unknown>;
} & Record<string, unknown>;

export type ChatCompletionOutput = ResponseShapes["chat-completion"] & Record<string, unknown>;

/** One streamed chat chunk; fields the client does not know (tool-call deltas, usage, reasoning) pass through. */
export interface ChatCompletionStreamOutput {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices: Array<{
    index: number;
    delta: { role?: string; content?: string | null; [key: string]: unknown };
    finish_reason?: string | null;
    [key: string]: unknown;
  }>;
  usage?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One streamed text-generation chunk: hf-inference tokens or OpenAI-style completion chunks, as sent. */
export interface TextGenerationStreamOutput {
  token?: { id: number; text: string; logprob?: number; special?: boolean };
  generated_text?: string | null;
  choices?: Array<{ text?: string; delta?: { content?: string }; [key: string]: unknown }>;
  [key: string]: unknown;
}

export type TextGenerationOutput = ResponseShapes["text-generation"];
export type ClassificationOutput = ResponseShapes["classification"];
