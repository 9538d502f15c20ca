/** image-segmentation from a single mask image: [{label: "mask", score: 1, mask: base64 of the image}]. */
import { toBase64 } from "../binary.js";
import type { FlowContext } from "../spec.js";

export async function result(value: unknown, ctx: FlowContext): Promise<unknown> {
  if (ctx.outputType !== "blob") return value;
  return [{ label: "mask", score: 1, mask: toBase64(new Uint8Array(await (value as Blob).arrayBuffer())) }];
}
