/**
 * buildRequest: (provider, task, model / provider mapping, args, options) -> {url, method, headers, body}.
 * Pure: no I/O, no clock, no globals beyond the generated provider table and module constants (USER_AGENT reads
 * navigator once, at load). The InferenceClient sends exactly this, and the raw-HTTP snippets print exactly this.
 */
import { FLOWS } from "../generated/flows.gen.js";
import { HUBKIT_VERSION, PROVIDER_IDS, PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import {
  Binary,
  bytesOf,
  containsBinary,
  encodeBinaries,
  isBinary,
  toBase64,
  typeOf,
  type BinaryLike,
} from "./binary.js";
import { InferenceClientInputError } from "./errors.js";
import { describeTask } from "./methods.js";
import { filterValues, mapValues } from "./objects.js";
import type { TaskSpec } from "./spec.js";

export const DEFAULT_ROUTER_URL = "https://router.huggingface.co";
/** navigator.userAgent of the runtime (browsers, Deno, Node 21+), read once when this module loads. */
const RUNTIME_AGENT = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
/** "hubkit/{version}", then a space and navigator.userAgent when a global navigator exists. */
export const USER_AGENT =
  typeof RUNTIME_AGENT === "string" && RUNTIME_AGENT
    ? `hubkit/${HUBKIT_VERSION} ${RUNTIME_AGENT}`
    : `hubkit/${HUBKIT_VERSION}`;
/** The chat task. */
export const CHAT = "conversational";

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
}

/** The provider's side of the hub mapping (GET /api/models/{model}?expand[]=inferenceProviderMapping). */
export interface ProviderMapping {
  providerId: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

export interface RequestInput {
  provider: ProviderId;
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
  /** A JSON object (sent with Content-Type: application/json), raw bytes, or nothing. */
  body?: Record<string, unknown> | BinaryLike;
}

/** The Authorization scheme of each provider auth kind (direct calls; the router always takes Bearer). */
const AUTH_SCHEMES = { bearer: "Bearer", key: "Key", "x-key": "X-Key" } as const;

/** Fields of the arguments that steer the call and are never sent. */
const CONTROL_FIELDS = new Set(["accessToken", "endpointUrl", "provider", "model"]);

export function taskSpec(provider: string, task: string): TaskSpec {
  const spec = (PROVIDERS as Record<string, (typeof PROVIDERS)[ProviderId] | undefined>)[provider];
  if (!spec) {
    throw new InferenceClientInputError(
      `Provider "${provider}" is not supported; supported providers: ${PROVIDER_IDS.join(", ")}`,
    );
  }
  const t = spec.tasks[task];
  if (!t) {
    const others = PROVIDER_IDS.filter((id) => PROVIDERS[id].tasks[task]);
    throw new InferenceClientInputError(
      `Provider "${provider}" does not support task "${task}"; it supports: ${Object.keys(spec.tasks).map(describeTask).join(", ")}. ` +
        (others.length ? `Providers for ${task}: ${others.join(", ")}.` : `No provider supports ${task}.`),
    );
  }
  return t;
}

/** The caller's fields that are sent: all but the control fields and undefined values (a new object). */
export function callerFields(args: Record<string, unknown>): Record<string, unknown> {
  return filterValues(args, (v, k) => v !== undefined && !CONTROL_FIELDS.has(k));
}

/**
 * The headers of a request, in one fixed order: auth, content type, client, billing, provider extras, then the
 * caller's extra headers (a null value removes a header).
 */
export function requestHeaders(
  authorization: string | undefined,
  body: BuiltRequest["body"],
  options: RequestOptions,
  extra?: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (authorization) headers.Authorization = authorization;
  if (body !== undefined && !isBinary(body)) headers["Content-Type"] = "application/json";
  headers["User-Agent"] = USER_AGENT;
  if (options.billTo) headers["X-HF-Bill-To"] = options.billTo;
  Object.assign(headers, extra);
  if (options.headers)
    for (const [name, value] of Object.entries(options.headers)) {
      for (const key of Object.keys(headers))
        if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      if (value !== null) headers[name] = value;
    }
  return headers;
}

export function buildRequest(input: RequestInput): BuiltRequest {
  const { provider, task, model, args, options = {} } = input;
  const t = taskSpec(provider, task);
  const spec = PROVIDERS[provider];
  const token = options.accessToken || undefined;
  const hubToken = token?.startsWith("hf_") ?? false;
  if (spec.closedSource && hubToken) {
    throw new InferenceClientInputError(
      `Provider ${provider} is closed-source and does not support HF tokens.`,
    );
  }
  const providerId = resolveProviderId(input);

  // URL
  const path = withoutLeadingSlashes(fillPath(t.path, model ?? "", providerId));
  let url: string;
  const viaRouter = !options.endpointUrl && (!token || hubToken || spec.routerOnly);
  if (options.endpointUrl) url = task === CHAT ? chatUrl(options.endpointUrl) : options.endpointUrl;
  else {
    const base = viaRouter
      ? `${options.routerUrl ?? DEFAULT_ROUTER_URL}/${spec.routerSegment ?? provider}`
      : (t.directBaseUrl ?? spec.directBaseUrl);
    url = `${base}/${path}`;
    if (viaRouter && t.routerQuery && !spec.routerOnly) url += `?${new URLSearchParams(t.routerQuery)}`;
  }

  // Body
  const body = buildBody(t, provider, task, providerId, input, options);

  const scheme = options.endpointUrl || viaRouter ? "Bearer" : AUTH_SCHEMES[spec.auth];
  const headers = requestHeaders(token && `${scheme} ${token}`, body, options, spec.headers);

  let request: BuiltRequest = { url, method: t.method ?? "POST", headers, body };
  if (t.flow) {
    for (const name of t.flow) {
      const hook = FLOWS[name]?.request;
      if (hook) request = hook(request, input, providerId);
    }
  }
  return request;
}

export function resolveProviderId({ provider, task, model, mapping, options }: RequestInput): string {
  const spec = PROVIDERS[provider];
  if (options?.endpointUrl || provider === "hf-inference") return model ?? "";
  if (spec.clientSideOnly) {
    const prefix = `${provider}/`;
    if (!model?.startsWith(prefix)) {
      throw new InferenceClientInputError(
        `Models from ${provider} must be prefixed by "${prefix}". Got "${model ?? ""}".`,
      );
    }
    return model.slice(prefix.length);
  }
  if (mapping?.providerId) return mapping.providerId;
  throw new InferenceClientInputError(
    `Provider ${provider} needs the provider's model id for ${model ? `"${model}"` : "this call"} (task ${task}): pass a model so its hub mapping can be looked up, or a mapping {providerId}.`,
  );
}

/** The task path with {model} and {providerId} filled in (taken as they are: no "$" patterns, no regex per call). */
function fillPath(path: string, model: string, providerId: string): string {
  return fill1(fill1(path, "{model}", model), "{providerId}", providerId);
}

function withoutLeadingSlashes(path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47 /* "/" */) start++;
  return start ? path.slice(start) : path;
}

function fill1(text: string, placeholder: string, value: string): string {
  let at = text.indexOf(placeholder);
  while (at >= 0) {
    text = text.slice(0, at) + value + text.slice(at + placeholder.length);
    at = text.indexOf(placeholder, at + value.length);
  }
  return text;
}

/** Chat on a dedicated endpoint: .../v1 -> .../v1/chat/completions; anything else gets /v1/chat/completions. */
function chatUrl(endpointUrl: string): string {
  const url = endpointUrl.replace(/\/+$/, "");
  if (url.endsWith("/chat/completions")) return url;
  return url.endsWith("/v1") ? `${url}/chat/completions` : `${url}/v1/chat/completions`;
}

function buildBody(
  t: TaskSpec,
  provider: string,
  task: string,
  providerId: string,
  { model, mapping, args }: RequestInput,
  options: RequestOptions,
): BuiltRequest["body"] {
  const b = t.body ?? {};
  const caller = callerFields(args);
  const { inputs, parameters } = caller as { inputs?: unknown; parameters?: Record<string, unknown> };
  if (t.accept) checkContentType(provider, t.accept, inputs);

  const binary =
    b.binary === "raw-without-parameters"
      ? parameters && Object.keys(parameters).length
        ? "base64"
        : "raw"
      : b.binary;
  if (binary === "raw") {
    if (!isBinary(inputs)) {
      throw new InferenceClientInputError(
        `Task ${task} with provider ${provider} needs inputs as binary data (a Blob, ArrayBuffer or Uint8Array).`,
      );
    }
    return inputs instanceof Binary ? inputs.toBlob() : inputs;
  }

  // `caller` is this call's own copy: the body starts as it, or as a copy without the fields that move
  // (never `delete`, which would leave the body a slow dictionary object for everything after).
  let body: Record<string, unknown>;
  if (b.fields === "none") body = {};
  else if (b.fields === "flat") {
    body = filterValues(caller, (_v, k) => k !== "inputs" && k !== "parameters");
    if (parameters) for (const [k, v] of Object.entries(parameters)) if (v !== undefined) body[b.rename?.[k] ?? k] = v;
  } else body = b.inputs ? filterValues(caller, (_v, k) => k !== "inputs") : caller;
  if (b.inputs && inputs !== undefined) {
    body[b.inputs] = b.inputsAs === "user-message" ? [{ role: "user", content: inputs }] : inputs;
  }
  if (b.model) body[b.model] = options.endpointUrl ? (model ?? options.endpointUrl) : providerId;
  Object.assign(body, b.set);
  if (b.lora && mapping?.adapter === "lora" && mapping.adapterWeightsPath) {
    Object.assign(body, fill(b.lora, { model: model ?? "", adapterWeightsPath: mapping.adapterWeightsPath }));
    if (b.loraByProviderId && Object.hasOwn(b.loraByProviderId, providerId))
      Object.assign(body, b.loraByProviderId[providerId]);
  }
  if (containsBinary(body)) {
    const base64 = (v: BinaryLike) => (v instanceof Binary ? v.base64() : toBase64(bytesOf(v)));
    body = encodeBinaries(body, (v: BinaryLike) =>
      binary === "data-url"
        ? `data:${typeOf(v) || b.binaryType || "application/octet-stream"};base64,${base64(v)}`
        : base64(v),
    ) as Record<string, unknown>;
  }
  if (b.wrap) body = { [b.wrap]: body };
  if (options.stream) body.stream = true;
  return body;
}

function checkContentType(provider: string, accept: string[], inputs: unknown): void {
  const type = isBinary(inputs) ? typeOf(inputs) : "";
  if (!type) {
    throw new InferenceClientInputError(
      `Unable to determine the input's content type. Make sure you are passing a Blob (with a type, one of ${accept.join(", ")}) when using provider ${provider}.`,
    );
  }
  if (!accept.includes(type)) {
    throw new InferenceClientInputError(
      `Provider ${provider} does not support blob type ${type} - supported content types are: ${accept.join(", ")}`,
    );
  }
}

/** Deep copy of `value` with {name} placeholders of strings filled in. */
function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === "object") return mapValues(value, (v) => fill(v, vars));
  return value;
}
