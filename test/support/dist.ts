/**
 * The package built as it ships (`tsc -p tsconfig.build.json`), once per test run for all the test files that need
 * it (the CLI from dist/, the published API, the packed package). Each gets the same dist/.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { oncePerRun } from "./once-per-run.js";

const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** The built dist/ folder; throws with tsc's output when the build failed. */
export function builtDist(): Promise<string> {
  return oncePerRun("dist", async (dist) => {
    const { code, output } = await build(dist).catch((e: Error) => ({
      code: null,
      output: `tsc did not start: ${e.message}`,
    }));
    if (code !== 0 || output !== "")
      throw new Error(`tsc -p tsconfig.build.json exited ${code}, printing:\n${output}`);
  });
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
