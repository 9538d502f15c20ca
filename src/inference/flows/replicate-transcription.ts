/**
 * replicate speech recognition: the prediction's output is the text, a list starting with it, or an object with
 * transcription, translation or txt_file (a URL of the text, downloaded); it becomes {text}.
 */
import type { FlowContext } from "../spec.js";

export async function answer(prediction: unknown, ctx: FlowContext): Promise<unknown> {
  const output = (prediction as { output?: unknown } | null)?.output;
  if (typeof output === "string") return { text: output };
  if (Array.isArray(output) && typeof output[0] === "string") return { text: output[0] };
  if (output && typeof output === "object") {
    const o = output as { transcription?: unknown; translation?: unknown; txt_file?: unknown };
    if (typeof o.transcription === "string") return { text: o.transcription };
    if (typeof o.translation === "string") return { text: o.translation };
    if (typeof o.txt_file === "string") return { text: await (await ctx.download(o.txt_file)).text() };
  }
  throw ctx.malformed(
    "{output: string | string[] | {transcription: string} | {translation: string} | {txt_file: string}}",
  );
}
