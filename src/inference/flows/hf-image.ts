/**
 * hf-inference text-to-image: image bytes; or JSON {data: [{b64_json}]}; or JSON {output: [url]}. outputType
 * "json" gives the answer as received (the JSON, or the image itself when the provider sent bytes); "url" is
 * refused before the request (urlOutput: unsupported).
 */
import { fromBase64, toDataUrl } from "../binary.js";
import type { FlowContext } from "../spec.js";

export async function answer(value: unknown, ctx: FlowContext): Promise<unknown> {
  if (ctx.outputType === "json") return value;
  const v = value as { data?: { b64_json?: unknown }[]; output?: unknown[] };
  let image: Blob;
  if (value instanceof Blob) image = value;
  else if (typeof v?.data?.[0]?.b64_json === "string") {
    if (ctx.outputType === "dataUrl") return `data:image/jpeg;base64,${v.data[0].b64_json}`;
    image = new Blob([fromBase64(v.data[0].b64_json) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
  } else if (typeof v?.output?.[0] === "string") image = await ctx.download(v.output[0]);
  else throw ctx.malformed("image bytes, {data: [{b64_json: string}]} or {output: [url]}");
  return ctx.outputType === "dataUrl" ? toDataUrl(image, "image/jpeg") : image;
}
