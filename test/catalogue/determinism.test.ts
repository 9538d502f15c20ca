/**
 * The generator's output depends on the catalogue alone: two runs in two processes give byte-identical files,
 * and a second run over an up-to-date folder changes nothing and says so. The runs after the first test are the
 * generator's command in this process (runGeneratorHere): the same function the CLI calls, without a tsx start.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { LoadCache } from "../../generator/load-cache.js";
import { copyProject, hashTree, listFiles, projectRoot, runGenerator, runGeneratorHere } from "./project.js";

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function freshProject(): string {
  const dir = copyProject("hubkit-determinism-");
  temps.push(dir);
  return dir;
}

const UPDATED = /^generated src\/generated\/ \(\d+ files, updated, \d+ ms\)\n$/;
const UNCHANGED = /^generated src\/generated\/ \(\d+ files, unchanged, \d+ ms\)\n$/;

describe("generate", () => {
  it("gives byte-identical files in two fresh output folders", async () => {
    const [a, b] = [freshProject(), freshProject()];
    // One run in a fresh process, one in this process while it runs: two runs that share no state.
    const child = runGenerator("generate", a);
    const rb = runGeneratorHere("generate", b);
    const ra = await child;
    for (const r of [ra, rb]) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(UPDATED);
    }
    const files = listFiles(join(a, "src/generated"));
    expect(files).toContain("index.ts");
    expect(listFiles(join(b, "src/generated"))).toEqual(files);
    for (const file of files) {
      const left = readFileSync(join(a, "src/generated", file));
      const right = readFileSync(join(b, "src/generated", file));
      expect(left.equals(right), `${file} differs between two runs`).toBe(true);
    }
  }, 60_000);

  it('reports "unchanged" on a second run and leaves the files as they were', async () => {
    const root = freshProject();
    expect(runGeneratorHere("generate", root).stdout).toMatch(UPDATED);
    const out = join(root, "src/generated");
    const hash = hashTree(out);
    const mtimes = listFiles(out).map((f) => statSync(join(out, f)).mtimeMs);

    const second = runGeneratorHere("generate", root);

    expect(second.code).toBe(0);
    expect(second.stderr).toBe("");
    expect(second.stdout).toMatch(UNCHANGED);
    expect(hashTree(out)).toBe(hash);
    expect(listFiles(out).map((f) => statSync(join(out, f)).mtimeMs)).toEqual(mtimes);
  }, 60_000);

  it("replaces a stale or extra file in the output folder", async () => {
    const root = freshProject();
    runGeneratorHere("generate", root);
    const out = join(root, "src/generated");
    const hash = hashTree(out);
    writeFileSync(join(out, "index.ts"), "// edited by hand\n");
    writeFileSync(join(out, "stray.ts"), "export {};\n");

    const again = runGeneratorHere("generate", root);

    expect(again.stdout).toMatch(UPDATED);
    expect(hashTree(out)).toBe(hash);
  }, 60_000);

  it("emits in-process exactly what the project's src/generated/ holds, with a LoadCache cold or warm", () => {
    const cache = new LoadCache();
    const onDisk = listFiles(join(projectRoot, "src/generated"));
    for (const options of [{}, { cache }, { cache }]) {
      const result = generate({ root: projectRoot, write: false, ...options });
      if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
      expect(result.files.map((f) => f.name).sort()).toEqual(onDisk);
      for (const file of result.files) {
        expect(readFileSync(join(projectRoot, "src/generated", file.name), "utf8"), file.name).toBe(
          file.content,
        );
      }
    }
  });
});
