/**
 * Renaming a library as docs/catalogue.md says (new file name and id, the old key under `aliases`, the template
 * folder moved, the old file gone), on a copy of the project: the generator accepts it, and the runtime built from
 * that copy answers to the former key, so model records written before the rename keep their snippets.
 * Then the mistakes a rename can leave behind, each reported at its file:line:col.
 */
import { cpSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostic, sortDiagnostics } from "../../generator/diagnostics.js";
import { generate } from "../../generator/generate.js";
import { copyProject, projectRoot } from "./project.js";

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the project in which bertopic is renamed bertopic-next; `keepOldFile` skips deleting bertopic.yaml. */
function renamedCopy({ keepOldFile = false } = {}): string {
  const dir = copyProject("hubkit-rename-");
  copies.push(dir);
  const libraries = join(dir, "catalogue/libraries");
  const old = readFileSync(join(libraries, "bertopic.yaml"), "utf8");
  writeFileSync(
    join(libraries, "bertopic-next.yaml"),
    old.replace("id: bertopic\n", "id: bertopic-next\naliases: [bertopic]\n"),
  );
  if (!keepOldFile) {
    rmSync(join(libraries, "bertopic.yaml"));
    renameSync(join(dir, "templates/libraries/bertopic"), join(dir, "templates/libraries/bertopic-next"));
  } else {
    cpSync(join(dir, "templates/libraries/bertopic"), join(dir, "templates/libraries/bertopic-next"), {
      recursive: true,
    });
  }
  return dir;
}

function problems(dir: string): string[] {
  const result = generate({ root: dir, write: false });
  return result.ok ? [] : sortDiagnostics(result.diagnostics).map(formatDiagnostic);
}

describe("a renamed library", () => {
  type Runtime = typeof import("../../src/index.js");
  let runtime: Runtime;
  let sample: { library_name: string; id: string };

  beforeAll(async () => {
    const dir = renamedCopy();
    // The runtime of the copy: the project's src/ with the copy's generated module (the sample record still says bertopic).
    cpSync(join(projectRoot, "src"), join(dir, "src"), {
      recursive: true,
      filter: (p) => !p.includes("/src/generated"),
    });
    symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
    const result = generate({ root: dir });
    expect(result.ok ? [] : result.diagnostics.map(formatDiagnostic)).toEqual([]);
    runtime = (await import(pathToFileURL(join(dir, "src/index.ts")).href)) as Runtime;
    const samples = (await import(pathToFileURL(join(dir, "src/generated/samples.gen.ts")).href))
      .MODEL_SAMPLES as {
      name: string;
      model: { library_name: string; id: string };
    }[];
    sample = samples.find((s) => s.name === "bertopic-default")!.model;
  }, 60_000);

  it("is listed under its new key only, and its former key maps to it", () => {
    expect(Object.keys(runtime.MODEL_LIBRARIES_UI_ELEMENTS)).toContain("bertopic-next");
    expect(Object.keys(runtime.MODEL_LIBRARIES_UI_ELEMENTS)).not.toContain("bertopic");
    expect(runtime.LIBRARY_ALIASES).toEqual({
      bertopic: "bertopic-next",
      contexttab: "sap-rpt-1-oss",
      kerasformers: "zeromodels",
    });
    expect(runtime.libraryKey("bertopic")).toBe("bertopic-next");
    expect(runtime.libraryKey("bertopic-next")).toBe("bertopic-next");
    expect(runtime.libraryKey("bertopik")).toBeUndefined();
    expect(runtime.libraryKey("constructor")).toBeUndefined();
  });

  it("gives a record that still names the former key the library's snippets", () => {
    expect(sample.library_name).toBe("bertopic");
    const byOldKey = runtime.getLibrarySnippets(sample.library_name, sample);
    expect(byOldKey.length).toBeGreaterThan(0);
    expect(byOldKey).toEqual(runtime.getLibrarySnippets("bertopic-next", sample));
    expect(byOldKey[0].content).toContain(JSON.stringify(sample.id).slice(1, -1));
  });
});

describe("rename mistakes", () => {
  it("the old file still there: the alias is reported, with what to delete", () => {
    expect(problems(renamedCopy({ keepOldFile: true }))).toEqual([
      'catalogue/libraries/bertopic-next.yaml:3:11  error  /aliases/0 "bertopic" is still a library (catalogue/libraries/bertopic.yaml); a former key has no file of its own  [catalogue/library-alias]\n  tip: when renaming bertopic to bertopic-next, delete catalogue/libraries/bertopic.yaml and templates/libraries/bertopic/',
    ]);
  });

  it("an alias claimed by two libraries, and a library listing its own key", () => {
    const dir = renamedCopy();
    const edit = (file: string, from: string, to: string) => {
      const path = join(dir, "catalogue/libraries", file);
      writeFileSync(path, readFileSync(path, "utf8").replace(from, to));
    };
    edit("fasttext.yaml", "id: fasttext\n", "id: fasttext\naliases: [fasttext, bertopic]\n");
    expect(problems(dir)).toEqual([
      'catalogue/libraries/fasttext.yaml:3:11  error  /aliases/0 "fasttext" is this library\'s own key; list only former keys  [catalogue/library-alias]',
      'catalogue/libraries/fasttext.yaml:3:21  error  /aliases/1 "bertopic" is already an alias of catalogue/libraries/bertopic-next.yaml  [catalogue/library-alias]',
    ]);
  });

  it("a sample may name a former key, but not an unknown one", () => {
    const dir = renamedCopy();
    const path = join(dir, "catalogue/samples/bertopic-default.yaml");
    writeFileSync(
      path,
      readFileSync(path, "utf8").replace("library_name: bertopic", "library_name: bertopik"),
    );
    expect(problems(dir)).toEqual([
      'catalogue/samples/bertopic-default.yaml:5:15  error  /library_name "bertopik" is not a known library; did you mean "bertopic-next"?  [catalogue/known-library]',
    ]);
  });
});
