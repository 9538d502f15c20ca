/**
 * fal-ai audio-to-audio: the queue result {audio: {url, content_type?}, text?} becomes the audio-to-audio answer
 * [{label, content-type, blob}] with the downloaded audio as base64 (label: the result's text, else "speech").
 */
import { toBase64 } from "../binary.js";
import type { FlowContext } from "../spec.js";

export async function answer(result: unknown, ctx: FlowContext): Promise<unknown> {
  const r = (result ?? {}) as { audio?: { url?: unknown; content_type?: unknown }; text?: unknown };
  const url = r.audio?.url;
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw ctx.malformed("{audio: {url: string}}");
  const audio = await ctx.download(url, `Failed to fetch audio from ${url}`);
  const type = r.audio?.content_type;
  return [
    {
      label: typeof r.text === "string" && r.text ? r.text : "speech",
      "content-type": typeof type === "string" && type ? type : audio.type || "audio/wav",
      blob: toBase64(new Uint8Array(await audio.arrayBuffer())),
    },
  ];
}
