/** Reads a provider's answer as its task's `output` block says: unwrap, expect, take, file / wrap. */
import { fromBase64 } from "./binary.js";
import { describe, matches, shapeOf } from "./shapes.js";
import type { FlowContext, OutputSpec } from "./spec.js";

export async function readOutput(
  answer: unknown,
  spec: OutputSpec | undefined,
  ctx: FlowContext,
): Promise<unknown> {
  if (!spec) return answer;
  let value = answer;
  if (spec.unwrap === "first" && Array.isArray(value)) {
    if (value.length === 0) throw ctx.malformed(`a non-empty array, got []`);
    value = value[0];
  } else if (spec.unwrap === "single" && Array.isArray(value) && value.length === 1) value = value[0];
  if (spec.expect) {
    const shape = shapeOf(spec.expect);
    if (!matches(shape, value)) throw ctx.malformed(describe(shape));
  }
  if (spec.file && value instanceof Blob) return value; // the provider sent the file itself
  if (spec.take) {
    value = spec.take
      .split(".")
      .reduce<unknown>(
        (v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
        value,
      );
    if (spec.file && Array.isArray(value)) value = value[0];
    if (value === undefined || (spec.file && typeof value !== "string")) {
      throw ctx.malformed(
        `${spec.take}${spec.file === "url" ? " to be a URL" : spec.file === "base64" ? " to be base64 data" : ""}`,
      );
    }
  }
  if (spec.file) {
    const text = value as string;
    const type = spec.fileType ?? "image/jpeg";
    if (ctx.outputType === "json") return answer;
    if (ctx.outputType === "url") return spec.file === "url" ? text : `data:${type};base64,${text}`;
    if (spec.file === "url") {
      if (!/^https?:\/\//.test(text))
        throw ctx.malformed(`${spec.take} to be an http(s) URL, got ${JSON.stringify(text.slice(0, 80))}`);
      value = await ctx.download(text, spec.downloadFailure);
    } else value = new Blob([fromBase64(text) as Uint8Array<ArrayBuffer>], { type });
  }
  if (spec.wrap === undefined) return value;
  const keys = typeof spec.wrap === "string" ? [spec.wrap] : spec.wrap;
  return Object.fromEntries(keys.map((key) => [key, value]));
}
