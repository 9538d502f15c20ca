/**
 * Work done once per test run for every test file that needs it (a build): the first file to ask does it, in the
 * run's folder (test/support/global-setup.ts); the others, in other workers, wait for its outcome.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

/** `work(dir)` fills `dir` (a folder of the run named `name`), once; every caller gets `dir` or work's error. */
export async function oncePerRun(name: string, work: (dir: string) => Promise<void>): Promise<string> {
  const runDir = inject("runDir");
  const dir = join(runDir, name);
  const outcome = join(runDir, `${name}.outcome.json`);
  try {
    mkdirSync(join(runDir, `${name}.lock`)); // only one file of the run gets to create it
    const error = await work(dir).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    writeFileSync(outcome, JSON.stringify({ error }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    while (!existsSync(outcome)) await sleep(100);
  }
  const { error } = JSON.parse(readFileSync(outcome, "utf8")) as { error?: string };
  if (error !== undefined) throw new Error(`${name}: ${error}`);
  return dir;
}
