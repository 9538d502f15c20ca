/**
 * What the raw-HTTP snippets (curl, requests, fetch) print: the request the client's request builder produces
 * for the same call, never re-derived here. Example files go in as placeholder bytes and come back out as the
 * file (raw body), as a file part (multipart body) or as a hole for its base64 text; the placeholder token comes back
 * out as an environment variable.
 */
import { Binary, isBinary } from "../inference/binary.js";
import { mapValues } from "../inference/objects.js";
import { buildAutoRouterRequest } from "../inference/auto-router.js";
import { Multipart } from "../inference/multipart.js";
import { buildRequest, type ProviderMapping, type RequestInput } from "../inference/request.js";
import type { ProviderId } from "../generated/providers.gen.js";
import { Hole } from "../templating/helpers.js";
import { mapFiles, type ExampleFile } from "./inputs.js";
import { revealToken } from "./tokens.js";

const MARKER = btoa("<hubkit example file bytes>");
/** The header snippets leave out: it names the program sending, which a snippet's reader is not. */
const USER_AGENT = "user-agent";
const MARKER_BYTES = Uint8Array.from(atob(MARKER), (c) => c.charCodeAt(0));

/**
 * The placeholder bytes of an example file. For a raw body the builder turns a Binary into a Blob to send; a
 * snippet only prints the request (the body is never read), so this one stays a Binary: constructing a Node
 * Blob is the most expensive step of building a snippet's request.
 */
class ExampleBytes extends Binary {
  override toBlob(): Blob {
    return this as unknown as Blob;
  }
  override base64(): string {
    return MARKER;
  }
}

export interface HttpRequestData {
  url: string;
  method: string;
  /** Every header the builder sets except User-Agent (which names the program sending), plus the file's type for a raw body. */
  headers: Record<string, string | Hole>;
  /** The same headers as "Name: value" lines (curl -H). */
  headerLines: (string | Hole)[];
  /** JSON body (with a hole where the example file's base64 goes). */
  json?: unknown;
  /** multipart/form-data body: its parts in the order the client sends them. */
  form?: FormPart[];
  /** The body is the example file's bytes. */
  binary: boolean;
  /** The example file the program reads. */
  file?: ExampleFile;
  /** The body holds the file's base64 text (the program defines `encoded`). */
  encoded: boolean;
  /** A header reads an environment variable. */
  env: boolean;
}

/** A part of a multipart body: a text field, or the example file under the name the client gives its bytes. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; file: ExampleFile };

export interface HttpCall {
  /** A provider, or "auto" for the chat auto-router (the model goes as given; no mapping). */
  provider: ProviderId | "auto";
  task: string;
  model: string;
  mapping?: ProviderMapping;
  args: Record<string, unknown>;
  /** The example file inside `args`, if any (findFile(args), which the caller has already looked for). */
  file?: ExampleFile;
  /** The token given to the builder, and the variable that replaces it when it is a placeholder. */
  token: string;
  tokenEnv?: string;
  endpointUrl?: string;
  billTo?: string;
  stream?: boolean;
}

export function httpRequest(call: HttpCall): HttpRequestData {
  const file = call.file;
  const args = file
    ? (mapFiles(call.args, (f) => new ExampleBytes(MARKER_BYTES, f.contentType)) as Record<string, unknown>)
    : call.args;
  const options = {
    accessToken: call.token,
    endpointUrl: call.endpointUrl,
    billTo: call.billTo,
    stream: call.stream || undefined,
  };
  const built =
    call.provider === "auto"
      ? buildAutoRouterRequest({ model: call.model, args, options })
      : buildRequest({
          provider: call.provider,
          task: call.task,
          model: call.model,
          mapping: call.mapping,
          args,
          options,
        } satisfies RequestInput);
  const headers: Record<string, string | Hole> = {};
  let env = false;
  for (const name of Object.keys(built.headers)) {
    const value = built.headers[name];
    if (name.length === USER_AGENT.length && name.toLowerCase() === USER_AGENT) continue;
    const shown = call.tokenEnv ? revealToken(value, call.token, call.tokenEnv) : value;
    env ||= shown instanceof Hole;
    headers[name] = shown;
  }
  const form = built.body instanceof Multipart && file ? formParts(built.body, file) : undefined;
  const binary = built.body !== undefined && isBinary(built.body);
  if (binary && file) headers["Content-Type"] = file.contentType;
  let encoded = false;
  // The marker can only be in the body when an example file went in.
  const json =
    binary || form || built.body === undefined
      ? undefined
      : file
        ? withFileHoles(built.body, () => (encoded = true))
        : built.body;
  const headerLines: (string | Hole)[] = [];
  for (const name in headers) {
    const v = headers[name];
    headerLines.push(
      v instanceof Hole ? new Hole(v.kind, v.name, `${name}: ${v.prefix}`, v.suffix) : `${name}: ${v}`,
    );
  }
  return {
    url: built.url,
    method: built.method,
    headers,
    headerLines,
    json,
    form,
    binary,
    file: binary || encoded || form ? file : undefined,
    encoded,
    env,
  };
}

function formParts(body: Multipart, file: ExampleFile): FormPart[] {
  return body.parts.map((part) =>
    typeof part.value === "string"
      ? { name: part.name, value: part.value }
      : { name: part.name, filename: part.filename ?? file.path, file },
  );
}

function withFileHoles(value: unknown, found: () => void): unknown {
  if (typeof value === "string") {
    const at = value.indexOf(MARKER);
    if (at < 0) return value;
    found();
    return new Hole("file", "encoded", value.slice(0, at), value.slice(at + MARKER.length));
  }
  if (Array.isArray(value)) return value.map((v) => withFileHoles(v, found));
  if (value !== null && typeof value === "object") {
    return mapValues(value, (v) => withFileHoles(v, found));
  }
  return value;
}
