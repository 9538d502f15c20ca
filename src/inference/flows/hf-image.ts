/** hf-inference text-to-image: image bytes; or JSON {data: [{b64_json}]}; or JSON {output: [url]}. */
import { fromBase64, toBase64 } from "../binary.js";
import type { FlowContext } from "../spec.js";

export async function answer(value: unknown, ctx: FlowContext): Promise<unknown> {
  if (ctx.outputType === "json") return value;
  const v = value as { data?: { b64_json?: unknown }[]; output?: unknown[] };
  let blob: Blob;
  if (value instanceof Blob) blob = value;
  else if (typeof v?.data?.[0]?.b64_json === "string") {
    if (ctx.outputType === "url") return `data:image/jpeg;base64,${v.data[0].b64_json}`;
    blob = new Blob([fromBase64(v.data[0].b64_json) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
  } else if (typeof v?.output?.[0] === "string") {
    if (ctx.outputType === "url") return v.output[0];
    blob = await ctx.download(v.output[0]);
  } else throw ctx.malformed("image bytes, {data: [{b64_json: string}]} or {output: [url]}");
  if (ctx.outputType === "url")
    return `data:${blob.type || "image/jpeg"};base64,${toBase64(new Uint8Array(await blob.arrayBuffer()))}`;
  return blob;
}
