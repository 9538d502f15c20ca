/** Shared pieces for `npm run bench`: rows, timing, bundle sizes. */
import { build } from "esbuild";
import { join, resolve } from "node:path";
import { cpuUsage } from "node:process";
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

/** CPU microseconds (user + system) this process spends on `passes` calls of `pass`. */
function cpuMicros(pass: () => number, passes: number): number {
  let sink = 0;
  const start = cpuUsage();
  for (let p = 0; p < passes; p++) sink += pass();
  const used = cpuUsage(start);
  if (sink < 0) console.log(sink);
  return used.user + used.system;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * An A/B comparison in one process: `a` and `b` each run a whole mix of calls (`calls` of them, returning a number
 * that keeps their results alive), in alternating rounds of `passes` passes, so that a change of machine load hits
 * both alike. Returns µs per call of each (medians) and the median of the per-round ratios A/B.
 */
export function interleaved(
  a: () => number,
  b: () => number,
  calls: number,
  { alternations = 15, passes = 200, warmup = 5000 } = {},
) {
  // Long enough for V8 to finish optimising both sides: a round measured before that times the tiers, not the code.
  cpuMicros(a, warmup);
  cpuMicros(b, warmup);
  const ratios: number[] = [];
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  for (let r = 0; r < alternations; r++) {
    const ta = cpuMicros(a, passes) / (passes * calls);
    const tb = cpuMicros(b, passes) / (passes * calls);
    aTimes.push(ta);
    bTimes.push(tb);
    ratios.push(ta / tb);
  }
  return { a: median(aTimes), b: median(bTimes), ratio: median(ratios) };
}

/**
 * What an application loads first when it bundles `source` (an ES module importing from the project), split into
 * chunks as application bundlers split it: the entry chunk and the chunks it imports statically, minified and each
 * gzipped on its own (as a server sends them), and the source files in them. Code imported with import() (a
 * provider's polling flow) goes to chunks loaded when first needed: `lazyBytes` is their total, not counted in
 * `bytes`.
 */
/** The name the bundled source goes by (the metafile names the entry chunk after it). */
const ENTRY = "bundle-size-entry.ts";

export async function bundleSize(
  source: string,
  resolveDir: string,
): Promise<{ bytes: number; inputs: string[]; lazyBytes: number }> {
  const outdir = join(resolveDir, "bundle-size-out"); // nothing is written there (write: false)
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "ts", sourcefile: ENTRY },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    splitting: true,
    outdir,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint?.endsWith(ENTRY))!;
  const initial = new Set<string>();
  for (const pending = [entry]; pending.length > 0;) {
    const path = pending.pop()!;
    if (initial.has(path)) continue;
    initial.add(path);
    for (const i of outputs[path].imports) if (i.kind === "import-statement") pending.push(i.path);
  }
  const gzipped = (path: string) => {
    const file = result.outputFiles.find((f) => f.path === resolve(path))!;
    return gzipSync(file.contents, { level: 9 }).length;
  };
  const sum = (paths: string[]) => paths.reduce((total, path) => total + gzipped(path), 0);
  return {
    bytes: sum([...initial]),
    inputs: [...initial].flatMap((path) => Object.keys(outputs[path].inputs)),
    lazyBytes: sum(Object.keys(outputs).filter((path) => !initial.has(path))),
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
