/**
 * The package built as it ships (`tsc -p tsconfig.build.json`), once per test run for all the test files that need
 * it (the CLI from dist/, the published API, the packed package): the first file to ask builds it into the run's
 * folder (test/support/global-setup.ts), the others, in other workers, wait for it. Each gets the same dist/.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** The built dist/ folder; throws with tsc's output when the build failed. */
export async function builtDist(): Promise<string> {
  const runDir = inject("runDir");
  const dist = join(runDir, "dist");
  const outcome = join(runDir, "dist-build.json");
  try {
    mkdirSync(join(runDir, "dist-build.lock")); // only one file of the run gets to create it
    const result = await build(dist).catch((e: Error) => ({
      code: null,
      output: `tsc did not start: ${e.message}`,
    }));
    writeFileSync(outcome, JSON.stringify(result));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    while (!existsSync(outcome)) await sleep(100);
  }
  const { code, output } = JSON.parse(readFileSync(outcome, "utf8")) as {
    code: number | null;
    output: string;
  };
  if (code !== 0 || output !== "")
    throw new Error(`tsc -p tsconfig.build.json exited ${code}, printing:\n${output}`);
  return dist;
}

function build(outDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
    const child = spawn(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", outDir], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (output += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (output += c));
    child.on("error", fail);
    child.on("close", (code) => done({ code, output }));
  });
}
