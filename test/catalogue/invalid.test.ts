/**
 * Broken-catalogue golden tests. Each folder test/catalogue/invalid/<case>/ holds case.yaml, the small edits that
 * break the CURRENT catalogue ({file, find, replace} on an existing file, or {file, create} for a new one), and
 * expected.err, the exact stderr of the generator.
 *
 * For each case: one temp copy of the project's generator inputs, generated once (valid), shared by the cases: the
 * case's edits applied, then the generator's command (`generator/cli.ts generate --root <tmp>`, run in this process
 * with a LoadCache, so files no case changed are parsed and checked once: test/cli/cli.test.ts runs it as a
 * subprocess). It must exit 1, print exactly expected.err, and leave <tmp>/src/generated/ byte-for-byte as it was;
 * the edits are then undone and the copy must hash as before the case. A `find` text that is not in its file exactly once fails
 * the case with a message naming it: the catalogue changed under the case, which must then be updated.
 *
 * UPDATE_FIXTURES=1 rewrites expected.err (review the diff: every line must point at the offending value).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoadCache } from "../../generator/load-cache.js";
import {
  applyCase,
  copyProject,
  hashTree,
  listFiles,
  projectRoot,
  runGeneratorHere,
  withCase,
} from "./project.js";

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
let baseHash: string;
let generatedHash: string;
/** A copy never generated, for `validate` (which must not create src/generated/). */
let fresh: string;
const temps: string[] = [];
const cache = new LoadCache();

beforeAll(async () => {
  base = copyProject("hubkit-invalid-base-");
  fresh = copyProject("hubkit-validate-");
  temps.push(base, fresh);
  const result = runGeneratorHere("generate", base, cache);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(listFiles(join(base, "src/generated")).length).toBeGreaterThan(0);
  baseHash = hashTree(base);
  generatedHash = hashTree(join(base, "src/generated"));
}, 60_000);

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

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

it("has at least 22 kinds of broken catalogue, each folder holding only case.yaml and expected.err", () => {
  expect(cases.length).toBeGreaterThanOrEqual(22);
  for (const name of cases) expect(listFiles(join(casesDir, name)), name).toEqual(["case.yaml", EXPECTED]);
});

describe("case edits", () => {
  /** A case folder named `name` holding `caseYaml`, and a target project whose one file a.yaml is two lines. */
  function scratch(name: string, caseYaml: string): { caseDir: string; target: string } {
    const dir = mkdtempSync(join(tmpdir(), "hubkit-invalid-case-"));
    temps.push(dir);
    const caseDir = join(dir, name);
    mkdirSync(caseDir);
    writeFileSync(join(caseDir, "case.yaml"), caseYaml);
    const target = join(dir, "project");
    mkdirSync(target);
    writeFileSync(join(target, "a.yaml"), "id: one\nname: One\n");
    return { caseDir, target };
  }
  const edit = (find: string) =>
    `edits:\n  - file: a.yaml\n    find: ${JSON.stringify(find)}\n    replace: "x"\n`;

  it("replaces the one occurrence of a find text and creates new files", () => {
    const { caseDir, target } = scratch("ok", `${edit("One")}  - file: sub/b.md\n    create: "note\\n"\n`);
    expect(applyCase(caseDir, target)).toEqual(["a.yaml", "sub/b.md"]);
    expect(readFileSync(join(target, "a.yaml"), "utf8")).toBe("id: one\nname: x\n");
    expect(readFileSync(join(target, "sub/b.md"), "utf8")).toBe("note\n");
  });

  it.each([
    ["absent", "Two", 0],
    ["twice", "ne", 2],
  ])("a find text that is %s fails, naming the case and the text", (name, find, count) => {
    const { caseDir, target } = scratch(name, edit(find));
    expect(() => applyCase(caseDir, target)).toThrow(
      `case "${name}", edits[0] (a.yaml): find text "${find}" occurs ${count} times, not exactly once; `,
    );
  });

  it("fails, naming the case, for a missing file, a create over an existing file and a malformed case.yaml", () => {
    const missing = scratch("missing", "edits:\n  - {file: b.yaml, find: a, replace: b}\n");
    expect(() => applyCase(missing.caseDir, missing.target)).toThrow(
      /^case "missing", edits\[0\] \(b\.yaml\): no such file/,
    );
    const exists = scratch("exists", "edits:\n  - {file: a.yaml, create: x}\n");
    expect(() => applyCase(exists.caseDir, exists.target)).toThrow(
      /^case "exists", edits\[0\] \(a\.yaml\): create: the file already exists/,
    );
    const typo = scratch("typo", "edits:\n  - {file: a.yaml, find: One, replce: x}\n");
    expect(() => applyCase(typo.caseDir, typo.target)).toThrow(
      /^case "typo" \(.*case\.yaml\): edits\[0\] must be/,
    );
    const empty = scratch("empty", "edits: []\n");
    expect(() => applyCase(empty.caseDir, empty.target)).toThrow(
      /^case "empty" \(.*case\.yaml\): must hold one key/,
    );
  });
});

describe("broken catalogue", () => {
  it.each(cases)(
    "%s: exit 1, exact errors, src/generated/ untouched",
    async (name) => {
      const root = base;
      const result = withCase(join(casesDir, name), root, () => runGeneratorHere("generate", root, cache));
      expect(hashTree(root), "the case's edits were not undone").toBe(baseHash);

      expect(result.stdout).toBe("");
      expect(result.code).toBe(1);
      expect(hashTree(join(root, "src/generated")), "src/generated/ changed").toBe(generatedHash);
      expect(
        readdirSync(join(root, "src")).filter((name) => name.startsWith("generated")),
        "staging folders left behind",
      ).toEqual(["generated"]);

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
  it.each(["several-files", "yaml-alias-bomb", "local-app-references"])(
    "prints the same errors as generate and writes nothing (%s)",
    async (name) => {
      // A project that was never generated: validate must not create src/generated/.
      const root = fresh;
      const result = withCase(join(casesDir, name), root, () => runGeneratorHere("validate", root, cache));

      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(existsSync(join(root, "src/generated"))).toBe(false);
      if (!update) expect(result.stderr).toBe(readFileSync(join(casesDir, name, EXPECTED), "utf8"));
    },
    60_000,
  );

  it("accepts the project's own catalogue and writes nothing", async () => {
    const root = fresh;
    const result = runGeneratorHere("validate", root, cache);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^catalogue is valid \(\d+ ms\)\n$/);
    expect(existsSync(join(root, "src/generated"))).toBe(false);
  }, 60_000);
});
