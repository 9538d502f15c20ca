/**
 * The types of a request as buildRequest takes and builds it. Apart from request.ts, so that the types of the
 * provider table and its flow hooks (spec.ts), which the generated modules import, do not depend on request.ts,
 * which imports the generated modules.
 */
import type { BinaryLike } from "./binary.js";
import type { Multipart } from "./multipart.js";

export interface RequestOptions {
  /** "hf_..." = hub token (router); any other non-empty value = provider key (direct); absent or "" = none. */
  accessToken?: string;
  /** A dedicated endpoint: used instead of any provider URL, with the hf-inference request shapes. */
  endpointUrl?: string;
  /** Sent as X-HF-Bill-To. */
  billTo?: string;
  /** Adds "stream": true to the body (chat and text generation). */
  stream?: boolean;
  /** Router origin; default https://router.huggingface.co. */
  routerUrl?: string;
  /** Extra headers, merged last; null removes a header the builder would set. */
  headers?: Record<string, string | null>;
  /** textToImage's outputType: some providers are asked for a URL, others refuse "url". */
  outputType?: OutputType;
}

/** The provider's side of the hub mapping (GET /api/models/{model}?expand[]=inferenceProviderMapping). */
export interface ProviderMapping {
  providerId: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

/**
 * One call to build: `Provider` is the type of the provider ids. request.ts exports `RequestInput`, this with the
 * generated ProviderId; flow hooks, which the generated tables refer to, see a plain string.
 */
export interface RequestInputFor<Provider extends string> {
  provider: Provider;
  task: string;
  /** Hub model id, e.g. "meta-llama/Llama-3.1-8B-Instruct". */
  model?: string;
  /** Needed for providers other than hf-inference and client-side-only ones (openai). */
  mapping?: ProviderMapping;
  /** The caller's fields: inputs, parameters, messages, max_tokens, ... (Blobs must be read into Binary first). */
  args: Record<string, unknown>;
  options?: RequestOptions;
}

export interface BuiltRequest {
  url: string;
  method: "POST" | "GET";
  headers: Record<string, string>;
  /** A JSON object (sent with Content-Type: application/json), raw bytes, multipart form parts, or nothing. */
  body?: Record<string, unknown> | BinaryLike | Multipart;
}

/** What a file result is returned as (textToImage): the file, the provider's URL, a data: URL, or the JSON answer. */
export type OutputType = "blob" | "url" | "dataUrl" | "json";
