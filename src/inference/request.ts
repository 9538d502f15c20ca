/**
 * buildRequest: (provider, task, model / provider mapping, args, options) -> {url, method, headers, body}.
 * Pure: no I/O, no clock, no globals beyond the generated provider table and module constants (USER_AGENT reads
 * navigator once, at load). The InferenceClient sends exactly this, and the raw-HTTP snippets print exactly this.
 */
import { FLOWS } from "../generated/flows.gen.js";
import { HUBKIT_VERSION, PROVIDER_IDS, PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import { isBinary } from "./binary.js";
import { buildBody, checkInputs } from "./body.js";
import { InferenceClientInputError } from "./errors.js";
import { describeTask } from "./methods.js";
import { Multipart } from "./multipart.js";
import type { BuiltRequest, ProviderMapping, RequestInputFor, RequestOptions } from "./request-types.js";
import type { OutputType, TaskSpec } from "./spec.js";

/** The chat task (src/tasks/chat.ts). */
export { CHAT } from "../tasks/chat.js";

export const DEFAULT_ROUTER_URL = "https://router.huggingface.co";
/** navigator.userAgent of the runtime (browsers, Deno, Node 21+), read once when this module loads. */
const RUNTIME_AGENT = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
/** "hubkit/{version}", then a space and navigator.userAgent when a global navigator exists. */
export const USER_AGENT =
  typeof RUNTIME_AGENT === "string" && RUNTIME_AGENT
    ? `hubkit/${HUBKIT_VERSION} ${RUNTIME_AGENT}`
    : `hubkit/${HUBKIT_VERSION}`;
/**
 * request() / streamingRequest() on an endpointUrl without a task: the caller's fields are posted as given to
 * the URL as given, and the answer is returned as received.
 */
export const CUSTOM_TASK = "custom";
const CUSTOM_SPEC: TaskSpec = { path: "/models/{model}" };

export type { BuiltRequest, ProviderMapping, RequestOptions };
/** What buildRequest takes: a call to one provider of the generated provider table. */
export type RequestInput = RequestInputFor<ProviderId>;

/** The Authorization scheme of each provider auth kind (direct calls; the router always takes Bearer). */
const AUTH_SCHEMES = { bearer: "Bearer", key: "Key", "x-key": "X-Key" } as const;

export function taskSpec(provider: string, task: string): TaskSpec {
  const spec = (PROVIDERS as Record<string, (typeof PROVIDERS)[ProviderId] | undefined>)[provider];
  if (!spec) {
    throw new InferenceClientInputError(
      `Provider "${provider}" is not supported; supported providers: ${PROVIDER_IDS.join(", ")}`,
    );
  }
  const t =
    spec.tasks[task] ?? (task === CUSTOM_TASK && provider === "hf-inference" ? CUSTOM_SPEC : undefined);
  if (!t) {
    const others = PROVIDER_IDS.filter((id) => PROVIDERS[id].tasks[task]);
    throw new InferenceClientInputError(
      `Provider "${provider}" does not support task "${task}"; it supports: ${Object.keys(spec.tasks).map(describeTask).join(", ")}. ` +
        (others.length ? `Providers for ${task}: ${others.join(", ")}.` : `No provider supports ${task}.`),
    );
  }
  return t;
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
  // A multipart body gets its Content-Type (with the boundary) from fetch.
  if (body !== undefined && !isBinary(body) && !(body instanceof Multipart))
    headers["Content-Type"] = "application/json";
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

/** A closed-source provider is called with its own key only: the hub cannot route a hub token to it. */
export function refuseHubTokenForClosedSource(provider: ProviderId, token: string | undefined): void {
  if (PROVIDERS[provider].closedSource && token?.startsWith("hf_"))
    throw new InferenceClientInputError(
      `Provider ${provider} is closed-source and does not support HF tokens.`,
    );
}

export function buildRequest(input: RequestInput): BuiltRequest {
  const { provider, task, model, options = {} } = input;
  const t = taskSpec(provider, task);
  const spec = PROVIDERS[provider];
  const token = options.accessToken || undefined;
  const hubToken = token?.startsWith("hf_") ?? false;
  refuseHubTokenForClosedSource(provider, token);
  const providerId = resolveProviderId(input);

  // URL
  const path = withoutLeadingSlashes(fillPath(t.path, model ?? "", providerId));
  let url: string;
  const viaRouter = !options.endpointUrl && (!token || hubToken || spec.routerOnly);
  if (options.endpointUrl) url = appendEndpointPath(options.endpointUrl, t.endpointPath);
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
      if (hook) request = hook(request, input, providerId, { viaRouter: Boolean(viaRouter) });
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

/** The task path with {model} and {providerId} filled in (a function replacement: no "$" patterns in ids). */
function fillPath(path: string, model: string, providerId: string): string {
  return path.replaceAll("{model}", () => model).replaceAll("{providerId}", () => providerId);
}

const withoutLeadingSlashes = (path: string): string => path.replace(/^\/+/, "");

/**
 * A dedicated endpoint's URL for a task with an `endpointPath` such as /v1/chat/completions: trimmed, without
 * trailing slashes; kept when it already ends with the path after its first segment (/chat/completions), given
 * that rest when it ends with the first segment (/v1), else given the whole path. No endpointPath: as given.
 */
function appendEndpointPath(endpointUrl: string, endpointPath: string | undefined): string {
  if (!endpointPath) return endpointUrl;
  const url = endpointUrl.trim().replace(/\/+$/, "");
  const cut = endpointPath.indexOf("/", 1);
  const [first, rest] = [endpointPath.slice(0, cut), endpointPath.slice(cut)];
  if (url.endsWith(rest)) return url;
  return url.endsWith(first) ? url + rest : url + endpointPath;
}

/** The input checks of buildRequest, for a call that can run them before any request (no hub lookup yet). */
export function checkRequestInputs(
  provider: ProviderId,
  task: string,
  args: Record<string, unknown>,
  outputType?: OutputType,
): void {
  checkInputs(taskSpec(provider, task), provider, task, args.inputs, outputType);
}
