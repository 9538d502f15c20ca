/**
 * The package built as it ships (`npm run build`: TypeScript 7's tsc -p tsconfig.build.json), once per test run for
 * all the test files that need it (the CLI from dist/, the published API, the packed package). Each gets the same
 * dist/.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { oncePerRun } from "./once-per-run.js";
import { outputOf } from "./process.js";

const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** The built dist/ folder; throws with tsc's output when the build failed. */
export function builtDist(): Promise<string> {
  return oncePerRun("dist", async (dist) => {
    const tsc = join(projectRoot, "node_modules/typescript-native/bin/tsc");
    const child = spawn(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", dist], {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const { code, stdout, stderr } = await outputOf(child);
    if (code !== 0 || stdout + stderr !== "")
      throw new Error(`tsc -p tsconfig.build.json exited ${code}, printing:\n${stdout}${stderr}`);
  });
}
