/**
 * Types of the generated provider table (catalogue/providers/*.yaml, checked by schemas/provider.schema.json)
 * and of the flow hooks the YAML names (src/inference/flows/<name>.ts).
 */
import type { BuiltRequest, OutputType, RequestInputFor } from "./request-types.js";

export type { OutputType };

export interface ProviderSpec {
  name: string;
  directBaseUrl: string;
  routerSegment?: string;
  /** Reached only through the router, whatever the token (hf-inference). */
  routerOnly?: boolean;
  auth: "bearer" | "key" | "x-key";
  closedSource?: boolean;
  clientSideOnly?: boolean;
  headers?: Record<string, string>;
  tasks: Record<string, TaskSpec>;
}

export interface TaskSpec {
  method?: "POST" | "GET";
  path: string;
  /** With an endpointUrl: the path appended to it (see appendEndpointPath); default: the URL as given. */
  endpointPath?: string;
  directBaseUrl?: string;
  routerQuery?: Record<string, string>;
  body?: BodySpec;
  /** Content types of the binary input: a list, or a map from accepted type to the type sent. */
  accept?: string[] | Record<string, string>;
  /** What the caller's inputs may be (checked before any request). */
  input?: InputSpec;
  /** The inputs must be binary data (checked before any request). */
  requireBinary?: boolean;
  /** outputType "url": "unsupported" (refused before any request), or fields set in the body to ask for a URL. */
  urlOutput?: "unsupported" | { set: Record<string, unknown> };
  output?: OutputSpec;
  flow?: string[];
  pollIntervalMs?: number;
  pollAttempts?: number;
}

export interface BodySpec {
  fields?: "caller" | "flat" | "none";
  /** Key(s) the inputs move to; a key ending in "[]" receives [inputs]. */
  inputs?: string | string[];
  inputsAs?: "user-message";
  rename?: Record<string, string>;
  /** Parameters whose object value is merged flat (its keys renamed as parameters are). */
  unnest?: string[];
  /** Caller fields never sent (the provider refuses them). */
  omit?: string[];
  model?: string;
  /** The model key is the body's first key (a router can find the target from a prefix of the body). */
  modelFirst?: boolean;
  set?: Record<string, unknown>;
  /** Fields set when the caller did not give them. */
  defaults?: Record<string, unknown>;
  lora?: Record<string, unknown>;
  /** Constant fields added with `lora` when the provider model id is the key. */
  loraByProviderId?: Record<string, Record<string, unknown>>;
  wrap?: string;
  binary?: "raw" | "raw-without-parameters" | "base64" | "data-url" | "multipart";
  binaryType?: string;
  /** Base name of the multipart file part; its extension comes from the content type. */
  fileName?: string;
  /** false: the lora fields are added whenever the adapter is lora, even without adapterWeightsPath. */
  loraNeedsWeightsPath?: boolean;
  /** Fields set, unless the caller gave them, for provider model ids containing a text (lower case). */
  defaultsWhen?: { providerIdContains: string; set: Record<string, unknown> }[];
}

/** What the caller's inputs may be; anything else is an InputError with `message`, before any request. */
export interface InputSpec {
  accepts: ("blob" | "array-buffer" | "http-url")[];
  optional?: boolean;
  /** An http(s) URL input is downloaded first and sent as the file's bytes. */
  download?: boolean;
  message: string;
}

export interface OutputSpec {
  unwrap?: "first" | "single";
  expect?: Shape;
  /** Dot path of the value to return; with a list, the first path that has a value. */
  take?: string | string[];
  /** An object built from dot paths of the answer (nested objects allowed); absent values are left out. */
  pick?: PickSpec;
  file?: "url" | "base64" | "url-or-base64";
  fileType?: string;
  /** Start of the ProviderApiError message when the file download fails. */
  downloadFailure?: string;
  wrap?: string | string[];
}

export interface PickSpec {
  [key: string]: string | PickSpec;
}

/**
 * An answer shape: a JSON Schema of the catalogue compiled by the generator (generator/answer-shapes.ts) into a form
 * small enough for the client bundle. A string is a type (string, number, boolean, null, object, array, blob,
 * unknown) or the name of a shape of SHAPES; `[S]` is an array of S; `[A, B, ...]` is any one of A, B, ...; an
 * object maps each field to its shape, a field whose key ends in "?" being optional. Extra fields are allowed.
 */
export type Shape = string | Shape[] | { [field: string]: Shape };

/** What a flow can do during a call: send more requests (polls, downloads) and wait, all under the call's signal. */
export interface FlowContext {
  provider: string;
  task: string;
  /** The provider's model id. */
  providerId: string;
  /** The submit request as built (its headers are reused by queue polls). */
  request: BuiltRequest;
  spec: TaskSpec;
  pollIntervalMs: number;
  pollAttempts: number;
  outputType: OutputType;
  /** GET (or other) through the client's fetch, signal and timeout; non-2xx becomes ProviderApiError with `failure`. */
  fetchJson(url: string, headers: Record<string, string>, failure: string): Promise<unknown>;
  /** A plain GET of a file (no credentials); non-2xx becomes ProviderApiError with `failure` (default "Failed to download {url}"). */
  download(url: string, failure?: string): Promise<Blob>;
  wait(ms: number): Promise<void>;
  /** Reports one poll's answer (the provider's status word, and its queue position when it gives one). */
  progress(status: string, queuePosition?: number): void;
  /** A ProviderOutputError naming the provider and task. */
  malformed(expected: string): Error;
}

/** A named hook; each part is optional. */
export interface Flow {
  /** Adjusts the request being built. Pure: it runs inside buildRequest. */
  request?(
    request: BuiltRequest,
    input: RequestInputFor<string>,
    providerId: string,
    route: { viaRouter: boolean },
  ): BuiltRequest;
  /** Turns the submit answer into the final answer (polling, queue results). */
  answer?(answer: unknown, ctx: FlowContext): Promise<unknown>;
  /** Post-processes the value read by the task's output steps. */
  result?(value: unknown, ctx: FlowContext): Promise<unknown> | unknown;
  /** Rewrites each streamed chunk; `state` lives as long as the stream (e.g. text so far). */
  chunk?(chunk: unknown, state: Record<string, unknown>): unknown;
  /**
   * Loads the answer and result hooks of a flow file that has no other hook: a bundle then keeps a provider's
   * polling code in a chunk of its own, loaded the first time a call needs it.
   */
  load?(): Promise<Pick<Flow, "answer" | "result">>;
}
