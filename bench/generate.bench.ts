/**
 * Generator speed: a full generate (load + validate + cross-check + emit + atomic write) into a fresh temp
 * folder, validation alone, and the CLI as `npm run generate` runs it (process start and tsx included).
 * Each figure is the median of 7 runs after one warm-up.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generate, GENERATOR_INPUTS } from "../generator/generate.js";
import type { BenchRow } from "./harness.js";

const RUNS = 7;
const TARGET_MS = 1500;
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median wall time in ms of `fn` over RUNS runs, after one warm-up run. */
function medianMs(fn: (run: number) => void): number {
  fn(-1);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    fn(run);
    times.push(performance.now() - start);
  }
  return median(times);
}

function check(result: ReturnType<typeof generate>): void {
  if (!result.ok)
    throw new Error(`the catalogue has ${result.diagnostics.length} errors; run npm run validate`);
}

export default async function bench(): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), "hubkit-bench-generate-"));
  try {
    const full = medianMs((run) => {
      const result = generate({ root, outDir: join(scratch, `generated-${run + 1}`) });
      check(result);
      if (!result.ok || !result.written) throw new Error("a fresh output folder was not written");
    });
    const validateOnly = medianMs(() => check(generate({ root, write: false })));

    // The CLI as `npm run generate` runs it, each run on its own fresh project copy (made before timing).
    const tsx = join(root, "node_modules/.bin/tsx");
    const projects = Array.from({ length: RUNS + 1 }, (_, i) => {
      const project = join(scratch, `project-${i}`);
      for (const input of GENERATOR_INPUTS)
        cpSync(join(root, input), join(project, input), { recursive: true });
      return project;
    });
    const cli = medianMs((run) => {
      const args = [join(root, "generator/cli.ts"), "generate", "--root", projects[run + 1]];
      const r = spawnSync(tsx, args, { encoding: "utf8" });
      if (r.status !== 0) throw new Error(`generator/cli.ts failed:\n${r.stderr}`);
    });
    return [
      {
        name: "full generate (in-process, fresh output dir)",
        value: full,
        unit: "ms",
        target: `< ${TARGET_MS} ms`,
        ok: full < TARGET_MS,
      },
      { name: "validate only (no write)", value: validateOnly, unit: "ms" },
      { name: "CLI generate (node + tsx start included)", value: cli, unit: "ms" },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
