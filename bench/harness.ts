/** Shared pieces for `npm run bench`: rows, timing, bundle sizes. */
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

/** A mistake in how the bench was asked for (an argument, an environment variable): printed as one line, no stack. */
export class BenchUsageError extends Error {}

export interface BenchRow {
  /** What is measured, e.g. "generate: full run". */
  name: string;
  value: number;
  unit: string;
  /** The target, as text, e.g. "< 1500 ms". */
  target?: string;
  /** Whether the value meets the target; undefined when there is no target. */
  ok?: boolean;
}

/**
 * Time per call in microseconds, after a warm-up: the mean over at least `minMs` of wall time, or with
 * `rounds` > 1 the median of that many rounds sharing the time (a round slowed by something else on the
 * machine then does not move the figure).
 */
export function timePerCall(fn: () => unknown, { minMs = 300, warmup = 200, rounds = 1 } = {}): number {
  for (let i = 0; i < warmup; i++) fn();
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) perRound.push(meanTimePerCall(fn, minMs / rounds));
  perRound.sort((a, b) => a - b);
  return perRound[Math.floor(perRound.length / 2)];
}

function meanTimePerCall(fn: () => unknown, minMs: number): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    fn();
    calls++;
    elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / calls;
}

/** Bundles `source` (an ES module importing from the project): its minified + gzipped size and the files it pulled in. */
export async function bundleSize(
  source: string,
  resolveDir: string,
): Promise<{ bytes: number; inputs: string[] }> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return {
    bytes: gzipSync(result.outputFiles[0].contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
  };
}

/** An application importing only InferenceClient: what it bundles. */
export const CLIENT_ONLY_SOURCE = `export { InferenceClient } from "./src/inference/index.js";`;

/** Files a bundle of the client alone must leave out: catalogue details, snippets, chat templates, the CLI's table. */
export const NOT_IN_CLIENT_BUNDLE =
  /task-details|libraries\.gen|pipelines\.gen|templates|snippets|chat-template|task-io\.ts|src\/cli\//;

/** Minified + gzipped size in bytes of a bundle of `source`. */
export async function minGzipSize(source: string, resolveDir: string): Promise<number> {
  return (await bundleSize(source, resolveDir)).bytes;
}
