/** zero-shot-classification: the legacy answer {sequence, labels, scores} becomes [{label, score}]. */
import type { FlowContext } from "../spec.js";

export function result(value: unknown, ctx: FlowContext): unknown {
  if (Array.isArray(value)) return value;
  const { labels, scores } = value as { labels: string[]; scores: number[] };
  if (labels.length !== scores.length) throw ctx.malformed("labels and scores of the same length");
  return labels.map((label, i) => ({ label, score: scores[i] }));
}
