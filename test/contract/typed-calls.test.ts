/**
 * The typed calls of test/contract/typed-calls/calls.ts against the sources: "hubkit" mapped to src/ with the
 * project's own compiler options. Every `@ts-expect-error` there must be an error, and nothing else may be; the
 * package consumer test (package.test.ts) compiles the same file against the packed package.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { projectRoot } from "../catalogue/project.js";

const work = mkdtempSync(join(tmpdir(), "hubkit-typed-calls-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("misspelt and mistyped fields fail to compile; correct calls and the upstream type names compile", () => {
  const tsconfig = {
    extends: join(projectRoot, "tsconfig.json"),
    compilerOptions: {
      typeRoots: [join(projectRoot, "node_modules/@types")],
      paths: {
        hubkit: [join(projectRoot, "src/index.ts")],
        "hubkit/inference": [join(projectRoot, "src/inference/index.ts")],
      },
    },
    include: [],
    files: [join(projectRoot, "test/contract/typed-calls/calls.ts")],
  };
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify(tsconfig));
  const tsc = join(projectRoot, "node_modules/typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", join(work, "tsconfig.json")], { encoding: "utf8" });
  expect(result.stdout + result.stderr).toBe("");
  expect(result.status).toBe(0);
}, 120_000);
