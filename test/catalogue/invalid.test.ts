/**
 * Broken-catalogue golden tests. Each folder test/catalogue/invalid/<case>/ holds overlay files that mirror the
 * project (e.g. <case>/catalogue/tasks/fill-mask.yaml) and <case>/expected.err, the exact stderr of the generator.
 *
 * For each case: a temp copy of catalogue/ + schemas/ that was generated once (valid), the overlay applied, then
 * `npx tsx generator/cli.ts generate --root <tmp>` as a real subprocess. It must exit 1, print exactly expected.err,
 * and leave <tmp>/src/generated/ byte-for-byte as it was.
 *
 * UPDATE_FIXTURES=1 rewrites expected.err (review the diff: every line must point at the offending value).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyOverlay, copyProject, hashTree, listFiles, projectRoot, runGenerator } from "./project.js";

const casesDir = join(projectRoot, "test/catalogue/invalid");
const EXPECTED = "expected.err";
const update = process.env.UPDATE_FIXTURES === "1";
const cases = readdirSync(casesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** Every diagnostic line reads `path:line:col  error  message  [rule]`; tips and the summary follow. */
const DIAGNOSTIC = /^[\w./-]+:\d+:\d+ {2}error {2}\S.*$/;
const TIP = /^ {2}tip: \S/;
const SUMMARY = /^\d+ errors? in \d+ files?; nothing was written\.$/;

let base: string;
const temps: string[] = [];

beforeAll(async () => {
  base = copyProject("hubkit-invalid-base-");
  temps.push(base);
  const result = await runGenerator("generate", base);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(listFiles(join(base, "src/generated")).length).toBeGreaterThan(0);
}, 60_000);

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A temp project copied from the generated base, with the case's overlay applied. */
function prepare(name: string): { root: string; generatedHash: string; overlay: string[] } {
  const root = mkdtempSync(join(tmpdir(), `hubkit-invalid-${name}-`));
  temps.push(root);
  cpSync(base, root, { recursive: true });
  const generatedHash = hashTree(join(root, "src/generated"));
  const overlay = applyOverlay(join(casesDir, name), root, [EXPECTED]);
  return { root, generatedHash, overlay };
}

function checkExpected(name: string, stderr: string): void {
  const expectedFile = join(casesDir, name, EXPECTED);
  const shown = relative(projectRoot, expectedFile);
  if (update) {
    writeFileSync(expectedFile, stderr);
    return;
  }
  if (!existsSync(expectedFile)) {
    expect.fail(
      `missing ${shown}: create it with \`UPDATE_FIXTURES=1 npx vitest run test/catalogue/invalid.test.ts\` and review it`,
    );
  }
  expect(stderr, `stderr differs from ${shown}`).toBe(readFileSync(expectedFile, "utf8"));
}

it("has at least 14 kinds of broken catalogue", () => {
  expect(cases.length).toBeGreaterThanOrEqual(14);
});

describe.concurrent("broken catalogue", () => {
  it.each(cases)(
    "%s: exit 1, exact errors, src/generated/ untouched",
    async (name) => {
      const { root, generatedHash, overlay } = prepare(name);
      expect(overlay.length, `${name} has no overlay files`).toBeGreaterThan(0);

      const result = await runGenerator("generate", root);

      expect(result.stdout).toBe("");
      expect(result.code).toBe(1);
      expect(hashTree(join(root, "src/generated")), "src/generated/ changed").toBe(generatedHash);
      expect(readdirSync(join(root, "src")).filter((name) => name.startsWith("generated")), "staging folders left behind").toEqual([
        "generated",
      ]);

      const lines = result.stderr.trimEnd().split("\n");
      const diagnostics = lines.filter((l) => DIAGNOSTIC.test(l));
      expect(diagnostics.length).toBeGreaterThan(0);
      for (const line of lines)
        expect(DIAGNOSTIC.test(line) || TIP.test(line) || SUMMARY.test(line) || line === "", line).toBe(true);
      checkExpected(name, result.stderr);
    },
    60_000,
  );
});

describe("validate", () => {
  const name = "several-files";

  it(`prints the same errors as generate and writes nothing (${name})`, async () => {
    // A project that was never generated: validate must not create src/generated/.
    const root = copyProject("hubkit-validate-");
    temps.push(root);
    applyOverlay(join(casesDir, name), root, [EXPECTED]);

    const result = await runGenerator("validate", root);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(existsSync(join(root, "src/generated"))).toBe(false);
    if (!update) expect(result.stderr).toBe(readFileSync(join(casesDir, name, EXPECTED), "utf8"));
  }, 60_000);

  it("accepts the project's own catalogue and writes nothing", async () => {
    const root = copyProject("hubkit-validate-ok-");
    temps.push(root);
    const result = await runGenerator("validate", root);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^catalogue is valid \(\d+ ms\)\n$/);
    expect(existsSync(join(root, "src/generated"))).toBe(false);
  }, 60_000);
});
