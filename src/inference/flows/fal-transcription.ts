/**
 * fal-ai speech recognition: {text} or {output}, with timestamps as chunks [{text, timestamp}] or segments
 * [{text, start, end}], becomes {text, chunks?} (chunks only when there are some).
 */
import type { FlowContext } from "../spec.js";

interface Transcript {
  text?: unknown;
  output?: unknown;
  chunks?: unknown;
  segments?: unknown;
}

export async function answer(value: unknown, ctx: FlowContext): Promise<unknown> {
  const t = (value ?? {}) as Transcript;
  const text = typeof t.text === "string" ? t.text : t.output;
  if (typeof text !== "string") throw ctx.malformed("{text: string} or {output: string}");
  const chunks = chunksOf(t);
  return chunks.length ? { text, chunks } : { text };
}

function chunksOf({ chunks, segments }: Transcript): { text: string; timestamp: unknown[] }[] {
  const entries = (list: unknown) => (Array.isArray(list) ? list : []) as Record<string, unknown>[];
  const fromChunks = entries(chunks)
    .filter((c) => typeof c?.text === "string" && Array.isArray(c.timestamp))
    .map((c) => ({ text: c.text as string, timestamp: c.timestamp as unknown[] }));
  if (fromChunks.length) return fromChunks;
  return entries(segments)
    .filter((s) => typeof s?.text === "string")
    .map((s) => ({ text: s.text as string, timestamp: [s.start ?? 0, s.end ?? 0] }));
}
