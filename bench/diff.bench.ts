/**
 * `hubkit diff` of a one-template change, as a reviewer runs it: cold (the base revision built first) and warm
 * (its build reused). On a clone of this repository's HEAD, the template edited in the working tree.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { diffWorkingTree } from "../generator/review/diff.js";
import type { BenchRow } from "./harness.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const TARGET_MS = 30_000;

async function timedDiff(clone: string): Promise<{ ms: number; changed: number }> {
  const started = performance.now();
  const report = await diffWorkingTree({ root: clone, base: "HEAD" });
  return { ms: performance.now() - started, changed: report.summary.changed };
}

export default async function bench(): Promise<BenchRow[]> {
  const clone = mkdtempSync(join(tmpdir(), "hubkit-bench-diff-"));
  execFileSync("git", ["clone", "--quiet", "--no-local", root, clone]);
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: clone, encoding: "utf8" }).trim();
  const cache = join(tmpdir(), "hubkit-diff", sha);
  try {
    symlinkSync(join(root, "node_modules"), join(clone, "node_modules"), "dir");
    const template = join(clone, "templates/inference/python/requests/basic.hbs");
    writeFileSync(template, `# edited\n${readFileSync(template, "utf8")}`);
    rmSync(cache, { recursive: true, force: true });
    const cold = await timedDiff(clone);
    const warm = await timedDiff(clone);
    if (cold.changed === 0 || warm.changed !== cold.changed) throw new Error("the edit changed no snippet");
    const row = (name: string, ms: number): BenchRow => ({
      name: `hubkit diff, one-template change: ${name}`,
      value: Math.round(ms),
      unit: "ms",
      target: `< ${TARGET_MS} ms`,
      ok: ms < TARGET_MS,
    });
    return [row("cold (base built)", cold.ms), row("warm (base build reused)", warm.ms)];
  } finally {
    rmSync(clone, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}
