/** Sending built requests: timeout and caller signal on one AbortSignal, bounded 503 retries, typed errors. */
import { Binary } from "./binary.js";
import {
  InferenceClientError,
  InferenceClientHubApiError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  redactHeaders,
  scrub,
  type HttpRequestRecord,
} from "./errors.js";
import { Multipart } from "./multipart.js";
import type { BuiltRequest } from "./request.js";

export interface RetryOptions {
  /** Retry 503 answers; default true (the option `retry_on_error: false` turns it off). */
  enabled: boolean;
  /** Retries after the first attempt; default 3. */
  maxRetries: number;
  /** First backoff delay, doubled each retry; default 500 ms. */
  baseDelayMs: number;
  /** Upper bound of any wait, including a Retry-After; default 30 s. */
  maxDelayMs: number;
}

export interface Transport {
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** Per-request timeout in ms. */
  timeout?: number;
  retry: RetryOptions;
  credentials?: RequestCredentials;
  /** The access token, scrubbed from anything an error carries. */
  secret?: string;
}

export function requestRecord(req: BuiltRequest, secret?: string): HttpRequestRecord {
  const body =
    req.body === undefined
      ? undefined
      : isJson(req.body)
        ? req.body
        : req.body instanceof Multipart
          ? "[FormData]"
          : "[binary data]";
  return scrub({ url: req.url, method: req.method, headers: redactHeaders(req.headers), body }, secret);
}

const isJson = (body: BuiltRequest["body"]): body is Record<string, unknown> =>
  body !== undefined && Object.getPrototypeOf(body) === Object.prototype;

/** One signal for the caller's abort and this request's timeout. */
export function requestSignal(t: Transport): AbortSignal | undefined {
  const signals = [t.signal, t.timeout ? AbortSignal.timeout(t.timeout) : undefined].filter(
    (s): s is AbortSignal => !!s,
  );
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
}

/**
 * `t.fetch`, with a network failure (no connection, DNS, TLS) turned into an error that names the host and the
 * cause. Aborts and timeouts pass through unchanged, so callers still see the AbortSignal's reason.
 */
export async function fetchOrExplain(t: Transport, url: string, init: RequestInit): Promise<Response> {
  try {
    return await t.fetch(url, init);
  } catch (error) {
    if (
      (error as Error)?.name === "AbortError" ||
      (error as Error)?.name === "TimeoutError" ||
      init.signal?.aborted
    )
      throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new InferenceClientError(
      `Could not reach ${new URL(url).origin} (${detail}); check the network or the URL`,
      { cause: error },
    );
  }
}

/** Sends `req`, retrying 503 answers as `t.retry` allows. Returns the final response, whatever its status. */
export async function send(req: BuiltRequest, t: Transport): Promise<Response> {
  const body =
    req.body === undefined
      ? undefined
      : isJson(req.body)
        ? JSON.stringify(req.body)
        : req.body instanceof Binary
          ? req.body.toBlob()
          : req.body instanceof Multipart
            ? req.body.toFormData()
            : req.body;
  for (let attempt = 0; ; attempt++) {
    const res = await fetchOrExplain(t, req.url, {
      method: req.method,
      headers: req.headers,
      body: body as BodyInit | undefined,
      signal: requestSignal(t),
      ...(t.credentials ? { credentials: t.credentials } : {}),
    });
    if (res.status !== 503 || !t.retry.enabled || attempt >= t.retry.maxRetries) return res;
    await res.body?.cancel().catch(() => undefined);
    const delay = Math.min(
      retryAfterMs(res.headers.get("retry-after")) ?? t.retry.baseDelayMs * 2 ** attempt,
      t.retry.maxDelayMs,
    );
    await sleep(delay, t.signal);
  }
}

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The ProviderApiError for a non-2xx answer: `${status} ${providerMessage}`, or `${status} status code (no body)`. */
export async function apiError(
  req: BuiltRequest,
  res: Response,
  secret?: string,
  context?: string,
): Promise<InferenceClientProviderApiError> {
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  if (/json/.test(res.headers.get("content-type") ?? "")) {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  const detail = providerMessage(body) ?? text.trim().slice(0, 500);
  const message = `${context ? `${context}: ` : ""}${res.status} ${detail || "status code (no body)"}`;
  return new InferenceClientProviderApiError(scrub(message, secret), requestRecord(req, secret), {
    requestId: res.headers.get("x-request-id") ?? "",
    status: res.status,
    body: scrub(body, secret),
  });
}

/** A GET to the hub, read: its answer, text and JSON (undefined when the text is not JSON). */
export interface HubAnswer {
  res: Response;
  text: string;
  body: unknown;
  /** A HubApiError with the request (token redacted) and the answer on record. */
  error(message: string): InferenceClientHubApiError;
}

export async function hubGet(
  t: Transport,
  url: string,
  headers: Record<string, string> = {},
): Promise<HubAnswer> {
  const res = await fetchOrExplain(t, url, { headers, signal: requestSignal(t) });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = (message: string) =>
    new InferenceClientHubApiError(
      scrub(message, t.secret),
      { url, method: "GET", headers: redactHeaders(headers) },
      {
        requestId: res.headers.get("x-request-id") ?? "",
        status: res.status,
        body: scrub(body ?? text, t.secret),
      },
    );
  return { res, text, body, error };
}

/** The first string among error, error.message, detail, message of a JSON error body. */
export function providerMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as { error?: unknown; detail?: unknown; message?: unknown };
  const nested =
    b.error && typeof b.error === "object" ? (b.error as { message?: unknown }).message : undefined;
  for (const v of [b.error, nested, b.detail, b.message]) if (typeof v === "string" && v) return v;
  if (b.error !== undefined) return JSON.stringify(b.error);
  return undefined;
}

/** JSON when the content type says so, else a Blob of that type. Bad JSON is a ProviderOutputError. */
export async function readAnswer(res: Response, what: string): Promise<unknown> {
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) return res.blob();
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new InferenceClientProviderOutputError(
      `Received malformed response from ${what}: invalid JSON (${JSON.stringify(text.slice(0, 80))})`,
    );
  }
}
