/**
 * OpenAI-style transcription answer {text, segments?: [{start, end, text}]} -> {text, chunks?: [{text, timestamp}]},
 * the automatic-speech-recognition result with timestamps that other providers return.
 */
interface Segment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
}

export function result(value: unknown): unknown {
  const { text, segments } = value as { text: string; segments?: unknown };
  if (!Array.isArray(segments)) return { text };
  const chunks = segments
    .filter(
      (s): s is Segment => s !== null && typeof s === "object" && typeof (s as Segment).text === "string",
    )
    .map((s) => ({ text: s.text as string, timestamp: [s.start, s.end] }));
  return { text, chunks };
}
