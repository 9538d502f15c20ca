/**
 * The viewer as the browser tests drive it: built once per test run, with their fixtures (`--mode e2e`) and
 * unminified (the same code, built faster), for every browser test file.
 */
import { oncePerRun } from "../support/once-per-run.js";
import { buildViewer } from "./harness.js";

export const builtViewer = (): Promise<string> =>
  oncePerRun("viewer-e2e", (outDir) => buildViewer({ mode: "e2e", outDir, minify: false }));
