/** Error classes of the inference client. Every message names the inputs involved and, when useful, the choices. */

export class InferenceClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InferenceClientError";
  }
}

/** Bad caller input, found before any provider request. */
export class InferenceClientInputError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/** A call that cannot be routed as asked (the chat auto-router without a hub token), found before any request. */
export class InferenceClientRoutingError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "RoutingError";
  }
}

export interface HttpRequestRecord {
  url: string;
  method: string;
  /** Authorization is replaced by "<scheme> [redacted]". */
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpResponseRecord {
  /** x-request-id of the answer, or "". */
  requestId: string;
  status: number;
  /** Parsed JSON, text, or "". */
  body: unknown;
}

/** A failed HTTP call to a provider (submit, poll or download). Message: `${status} ${providerMessage}`. */
export class InferenceClientProviderApiError extends InferenceClientError {
  constructor(
    message: string,
    readonly httpRequest: HttpRequestRecord,
    readonly httpResponse: HttpResponseRecord,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderApiError";
  }
}

/** A failed call to the hub (provider mapping lookup). */
export class InferenceClientHubApiError extends InferenceClientProviderApiError {
  constructor(message: string, httpRequest: HttpRequestRecord, httpResponse: HttpResponseRecord) {
    super(message, httpRequest, httpResponse);
    this.name = "HubApiError";
  }
}

/** The provider answered, but not in the shape the task expects. */
export class InferenceClientProviderOutputError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "ProviderOutputError";
  }
}

/**
 * The network failed: the provider could not be reached, or the connection dropped before or while the answer was
 * read. Retried where safe before it is thrown; `cause` holds the runtime's own error.
 */
export class InferenceClientConnectionError extends InferenceClientError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ConnectionError";
  }
}

/** The option whose limit a timeout error reports. */
export type TimeoutOption = "timeout" | "deadline" | "pollTimeout" | "streamIdleTimeout";

/**
 * A time limit passed. `step` says what the call was doing ("hub lookup", "request", "retry wait", "polling",
 * "download", "stream") and `option` which limit it was. Named "TimeoutError", as the AbortSignal's own timeouts.
 */
export class InferenceClientTimeoutError extends InferenceClientError {
  constructor(
    message: string,
    readonly step: string,
    readonly option: TimeoutOption,
  ) {
    super(message);
    this.name = "TimeoutError";
  }
}

/** Headers with the credential hidden, for error records. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = k.toLowerCase() === "authorization" ? `${v.split(" ")[0]} [redacted]` : v;
  }
  return out;
}

/** Deep copy with every occurrence of `secret` in strings replaced: a provider may echo the token back. */
export function scrub<T>(value: T, secret: string | undefined): T {
  if (!secret) return value;
  if (typeof value === "string") return value.split(secret).join("[redacted]") as T;
  if (Array.isArray(value)) return value.map((v) => scrub(v, secret)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, secret)])) as T;
  }
  return value;
}
