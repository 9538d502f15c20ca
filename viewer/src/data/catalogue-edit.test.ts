// @vitest-environment node
/**
 * The viewer checks an edited catalogue file with the generator's own steps, on the texts it bundles: these tests
 * hold its inputs to what the generator reads from disk, and its answers to the generator's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../generator/catalogue.js";
import { loadFlows } from "../../../generator/flows.js";
import {
  describeLocalApps,
  getLibrarySnippets,
  PIPELINE_DATA,
  PROVIDERS,
  TASKS_DATA,
} from "../../../src/index.js";
import { MODEL_SAMPLES } from "../../../src/generated/index.js";
import { describeLocalApp } from "../../../src/local-apps/index.js";
import { localAppData } from "../../../src/local-apps/data.js";
import {
  CATALOGUE_TEXTS,
  checkCatalogueFile,
  filePatch,
  libraryBuilder,
  localAppSpec,
  providerSpec,
  taskRecords,
} from "./catalogue-edit.js";

const FILE = "catalogue/libraries/asteroid.yaml";
const TEXT = readFileSync(FILE, "utf8");
const sample = (name: string) => MODEL_SAMPLES.find((s) => s.name === name)!.model;

describe("checking an edited catalogue file in the viewer: the bundled files, the diagnostics", () => {
  it("bundles every catalogue file and finds the flows the generator finds", () => {
    const fromDisk = loadCatalogue(".");
    if (!fromDisk.ok) throw new Error("the catalogue does not load");
    const check = checkCatalogueFile(FILE, TEXT);
    expect(check.diagnostics).toEqual([]);
    const { catalogue } = check.valid!;
    expect(catalogue.libraries.map((l) => l.file)).toEqual(fromDisk.catalogue.libraries.map((l) => l.file));
    expect(catalogue.providers.length).toBe(fromDisk.catalogue.providers.length);
    expect(CATALOGUE_TEXTS.get(FILE)).toBe(TEXT);
    const hooks = (flows: { name: string; hooks: string[] }[]) =>
      flows.map((f) => `${f.name}: ${[...f.hooks].sort().join(" ")}`);
    expect(hooks(catalogue.flows)).toEqual(hooks(loadFlows(".")));
  });

  it("reports a schema error at its line with the validator's text", () => {
    const text = TEXT.replace("prettyLabel: Asteroid", "prettyLabel: 5\nlicence: MIT");
    const found = checkCatalogueFile(FILE, text).diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`);
    expect(found).toContain("3:14 /prettyLabel must be a string, got number 5");
    expect(found.find((d) => d.startsWith("4:1 "))).toMatch(
      /^4:1 \/licence is not a known field; known: id, aliases, prettyLabel, /,
    );
  });

  it("reports a check that spans files: a template the library does not have", () => {
    const text = TEXT.replace("template: default", "template: defualt");
    const [problem] = checkCatalogueFile(FILE, text).diagnostics;
    expect(problem).toMatchObject({ file: FILE, line: 12 });
    expect(problem.message).toContain('"defualt"');
    expect(problem.message).toContain('did you mean "default"');
  });
});

describe("checking an edited catalogue file in the viewer: the records built from it, the patch", () => {
  it("builds the library's snippets from the edited file as the build does", () => {
    const model = sample("asteroid-default");
    const built = libraryBuilder(checkCatalogueFile(FILE, TEXT).valid!, "asteroid")!;
    expect(built.describe(model)).toEqual(getLibrarySnippets("asteroid", model as never));
    const diffusers = "catalogue/libraries/diffusers.yaml";
    const text = readFileSync(diffusers, "utf8").replace(
      "{ template: install, language: sh }",
      "{ template: install, language: sh, when: { tags: [no-such-tag] } }",
    );
    const check = checkCatalogueFile(diffusers, text);
    const lora = sample("diffusers-lora");
    const snippets = libraryBuilder(check.valid!, "diffusers")!.describe(lora);
    expect(snippets.map((s) => s.template)).toEqual(
      getLibrarySnippets("diffusers", lora as never)
        .map((s) => s.template)
        .filter((t) => t !== "install"),
    );
  });

  it("builds a task's, a provider's and a local app's records from the edited file as the build does", () => {
    const edited = (file: string, change: (text: string) => string) => {
      const check = checkCatalogueFile(file, change(readFileSync(file, "utf8")));
      expect(check.diagnostics).toEqual([]);
      return check.valid!;
    };
    const task = "catalogue/tasks/fill-mask.yaml";
    expect(
      taskRecords(
        edited(task, (t) => t),
        "fill-mask",
      ),
    ).toEqual({
      pipeline: PIPELINE_DATA["fill-mask"],
      detail: TASKS_DATA["fill-mask"],
    });
    const renamed = taskRecords(
      edited(task, (t) => t.replace(/^name: .*$/m, "name: Masked words")),
      "fill-mask",
    );
    expect(renamed.pipeline?.name).toBe("Masked words");

    const provider = "catalogue/providers/groq.yaml";
    expect(
      providerSpec(
        edited(provider, (t) => t),
        "groq",
      ),
    ).toEqual(PROVIDERS.groq);
    const moved = edited(provider, (t) => t.replace(/^name: .*$/m, "name: Groq Cloud"));
    expect(providerSpec(moved, "groq")?.name).toBe("Groq Cloud");

    const model = sample("local-app-gguf-chat") as never;
    const app = "catalogue/local-apps/llama.cpp.yaml";
    const spec = localAppSpec(
      edited(app, (t) => t),
      "llama.cpp",
    )!;
    expect(describeLocalApp("llama.cpp", spec, localAppData(model))).toEqual(
      describeLocalApps(model).find((a) => a.key === "llama.cpp"),
    );
  });

  it("gives the change as a patch git applies", () => {
    const patch = filePatch(FILE, TEXT, TEXT.replace("Asteroid\n", "Asteroid 2\n"));
    expect(patch).toContain(`diff --git a/${FILE} b/${FILE}\n--- a/${FILE}\n+++ b/${FILE}\n@@`);
    expect(patch).toContain("-prettyLabel: Asteroid\n+prettyLabel: Asteroid 2\n");
  });
});
