// @vitest-environment node
/**
 * The viewer checks an edited catalogue file with the generator's own steps, on the texts it bundles: these tests
 * hold its inputs to what the generator reads from disk, and its answers to the generator's.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../generator/catalogue.js";
import { loadFlows } from "../../../generator/flows.js";
import { getLibrarySnippets } from "../../../src/index.js";
import { MODEL_SAMPLES } from "../../../src/generated/index.js";
import { CATALOGUE_TEXTS, checkCatalogueFile, filePatch, libraryBuilder } from "./catalogue-edit.js";

const FILE = "catalogue/libraries/asteroid.yaml";
const TEXT = readFileSync(FILE, "utf8");
const sample = (name: string) => MODEL_SAMPLES.find((s) => s.name === name)!.model;

describe("checking an edited catalogue file in the viewer", () => {
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

  it("gives the change as a patch git applies", () => {
    const patch = filePatch(FILE, TEXT, TEXT.replace("Asteroid\n", "Asteroid 2\n"));
    expect(patch).toContain(`diff --git a/${FILE} b/${FILE}\n--- a/${FILE}\n+++ b/${FILE}\n@@`);
    expect(patch).toContain("-prettyLabel: Asteroid\n+prettyLabel: Asteroid 2\n");
  });
});
