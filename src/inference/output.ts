/** Reads a provider's answer as its task's `output` block says: unwrap, expect, pick / take, file / wrap. */
import { fromBase64, toDataUrl } from "./binary.js";
import type { FlowContext, OutputSpec, PickSpec } from "./spec.js";

/** The content type given to a base64 file (and to a data: URL of a file without a type) when nothing says. */
const DEFAULT_FILE_TYPE = "image/jpeg";

/** The answer checks once loaded: an import() of a loaded module still costs about 2 µs a call. */
let checks: typeof import("./shapes.js") | undefined;

export async function readOutput(
  answer: unknown,
  spec: OutputSpec | undefined,
  ctx: FlowContext,
): Promise<unknown> {
  if (!spec) return answer;
  let value = answer;
  const { expect } = spec;
  // The checks load with the first answer read, in a chunk of their own: they hold the shape of every answer the
  // catalogue knows and grow with it, while an application's first chunk should not.
  const { matches, describe } = (checks ??= await import("./shapes.js"));
  // A list of answers where one was asked (a batch of one input) gives its first; an answer already of the
  // expected shape is kept, even when that shape is itself a list (text-classification's [{label, score}]).
  if (spec.unwrap === "first" && Array.isArray(value) && !(expect && matches(expect, value))) {
    if (value.length === 0) throw ctx.malformed(`a non-empty array, got []`);
    value = value[0];
  } else if (spec.unwrap === "single" && Array.isArray(value) && value.length === 1) value = value[0];
  if (expect && !matches(expect, value)) throw ctx.malformed(describe(expect));
  if (spec.file && value instanceof Blob) return fileAsAsked(value, answer, spec, ctx); // the provider sent the file itself
  if (spec.pick) value = pick(value, spec.pick);
  if (spec.take) {
    const paths = typeof spec.take === "string" ? [spec.take] : spec.take;
    const root = value;
    for (const path of paths) if ((value = at(root, path)) !== undefined) break;
    if (spec.file && Array.isArray(value)) value = value[0];
    if (value === undefined || (spec.file && typeof value !== "string")) {
      const kind = {
        url: " to be a URL",
        base64: " to be base64 data",
        "url-or-base64": " to be a URL or base64 data",
      };
      throw ctx.malformed(`${paths.join(" or ")}${spec.file ? kind[spec.file] : ""}`);
    }
  }
  if (spec.file) {
    if (ctx.outputType === "json") return answer;
    const text = value as string;
    const isUrl = /^https?:\/\//.test(text);
    if (spec.file === "url" || (spec.file === "url-or-base64" && isUrl)) {
      if (!isUrl)
        throw ctx.malformed(`${spec.take} to be an http(s) URL, got ${JSON.stringify(text.slice(0, 80))}`);
      if (ctx.outputType === "url") return text;
      return fileAsAsked(await ctx.download(text, spec.downloadFailure), answer, spec, ctx);
    }
    const type = spec.fileType ?? DEFAULT_FILE_TYPE;
    if (ctx.outputType === "url")
      throw ctx.malformed(`${spec.take} to be a URL (outputType "url"), got base64 data`);
    if (ctx.outputType === "dataUrl") return `data:${type};base64,${text}`;
    value = new Blob([fromBase64(text) as Uint8Array<ArrayBuffer>], { type });
  }
  return wrapped(value, spec.wrap);
}

/** The value under each of the `wrap` keys (one value, several names), or as it is. */
function wrapped(value: unknown, wrap: OutputSpec["wrap"]): unknown {
  if (wrap === undefined) return value;
  const keys = typeof wrap === "string" ? [wrap] : wrap;
  return Object.fromEntries(keys.map((key) => [key, value]));
}

/** A file the provider sent or that was downloaded, as the outputType asks (a data: URL keeps the file's own type). */
async function fileAsAsked(
  file: Blob,
  answer: unknown,
  spec: OutputSpec,
  ctx: FlowContext,
): Promise<unknown> {
  switch (ctx.outputType) {
    case "json":
      return answer;
    case "url":
      throw ctx.malformed(`a file URL (outputType "url"), got the file itself`);
    case "dataUrl":
      return toDataUrl(file, spec.fileType ?? DEFAULT_FILE_TYPE);
    default:
      return wrapped(file, spec.wrap);
  }
}

/** The value at a dot path (array indexes are numbers), or undefined. */
function at(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
      value,
    );
}

/** An object of the pick's shape, each leaf the value at its dot path; absent values are left out. */
function pick(value: unknown, spec: PickSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, path] of Object.entries(spec)) {
    const v = typeof path === "string" ? at(value, path) : pick(value, path);
    if (v !== undefined) out[key] = v;
  }
  return out;
}
