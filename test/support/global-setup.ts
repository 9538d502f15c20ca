/**
 * Vitest global setup: a temp folder for the run, where test/support/dist.ts builds the package's dist/ once for
 * every test file that needs it (removed when the run ends).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder of this test run, shared by its test files (see test/support/dist.ts). */
    runDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(join(tmpdir(), "hubkit-test-run-"));
  project.provide("runDir", runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
