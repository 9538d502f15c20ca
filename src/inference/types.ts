/**
 * Options and progress events of the InferenceClient methods. Their arguments and results are the types of the
 * task specs (catalogue/task-specs/*.yaml), generated into src/generated/task-types.gen.ts and exported with these.
 */
import type { ProviderId } from "../generated/providers.gen.js";
import type { ChatCompletionInputMessage, TaskMethodTypes } from "../generated/task-types.gen.js";
import type { OutputType } from "./spec.js";

export type { OutputType, ProviderId };
export type * from "../generated/task-types.gen.js";

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
  /**
   * Per-request limit in ms: each attempt, poll and download, reading its answer included. For `*Stream` methods
   * it covers the wait for the response headers only (see streamIdleTimeout). Default: none.
   */
  timeout?: number;
  /**
   * One limit for the whole call: ms from its start, or a point in time. It covers the hub lookup, every attempt,
   * every retry wait, polling, downloads and reading a stream. Default: none.
   */
  deadline?: number | Date;
  /** Longest silence in ms while a stream waits for data (a slow but steady stream is never cut); default 60 000. */
  streamIdleTimeout?: number;
  /**
   * Retries (default true): 429 and 503 answers for any request; 502, 504 and connection failures before any
   * answer only for GET requests (polls, downloads, hub lookups). A POST that may have been processed is never
   * sent twice.
   */
  retry_on_error?: boolean;
  /** Retries per request; default 3. */
  maxRetries?: number;
  /** Base of the exponential backoff in ms (full jitter: a random wait up to base * 2^retry); default 500. */
  retryDelayMs?: number;
  /** Cap of the backoff, and longest Retry-After honoured (a longer one is not waited for); default 30 000. */
  maxRetryDelayMs?: number;
  /** Overrides the catalogue's poll interval (tests); the polling loop itself always runs. */
  pollIntervalMs?: number;
  /** Limit of the polling phase alone in ms, from the first poll wait; default 600 000. */
  pollTimeout?: number;
  /** Called on every poll of a polling flow and before each retry; what it throws is ignored. */
  onProgress?: (event: InferenceProgress) => unknown;
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

/** What onProgress receives. */
export interface InferenceProgress {
  /** The provider id ("auto" while the hub lookup has not resolved it). */
  provider: string;
  /** A poll: the provider's status word (e.g. "IN_QUEUE", "Pending"); a retry: "retrying". */
  status: string;
  /** A poll: its number, from 1; a retry: its number within the request, from 1. */
  attempt: number;
  /** ms since the call started. */
  elapsedMs: number;
  /** Jobs ahead in the provider's queue, when it says. */
  queuePosition?: number;
  /** Retries only: the step retried, why ("429", "503", "connection failure", ...) and the wait before it. */
  retry?: { step: string; reason: string; delayMs: number };
}

/**
 * What a method resolves to, as its task spec says (catalogue/task-specs/*.yaml `result`; chat and text
 * generation streams: their `streamOutput`).
 */
export type TaskResult<Method extends keyof TaskMethodTypes> = TaskMethodTypes[Method]["result"];

/** A message of a chat conversation (the name kept from before the task specs). */
export type ChatMessage = ChatCompletionInputMessage;
