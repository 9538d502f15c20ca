/**
 * The task specs as plain JSON Schema: each file's definitions (and its result) compile with ajv in strict mode,
 * the shared definitions resolving through their relative $refs, so the specs mean to any JSON Schema tool what
 * they mean to the generator.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { projectRoot } from "./project.js";

/** Any absolute base works: the $refs between the files are relative, as in the catalogue. */
const BASE = "https://hubkit.invalid/catalogue/";
const specsDir = join(projectRoot, "catalogue/task-specs");
const files = readdirSync(specsDir).filter((f) => f.endsWith(".yaml"));
const read = (path: string) => parse(readFileSync(path, "utf8")) as Record<string, unknown>;

function ajvWithSpecs(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const shared = read(join(projectRoot, "catalogue/task-spec-definitions.yaml"));
  ajv.addSchema({ $id: `${BASE}task-spec-definitions.yaml`, $defs: shared.$defs });
  for (const file of files) {
    const spec = read(join(specsDir, file));
    // The result sits beside the definitions so that its "#/$defs/..." references resolve in the same file.
    const defs = { ...(spec.$defs as object), "(result)": spec.result };
    ajv.addSchema({ $id: `${BASE}task-specs/${file}`, $defs: defs });
  }
  return ajv;
}

describe("task specs", () => {
  it("cover the 32 tasks the client calls, chat included", () => {
    expect(files).toHaveLength(32);
    expect(files).toContain("conversational.yaml");
  });

  it("compile as JSON Schema draft 2020-12 in ajv's strict mode, every definition and result", () => {
    const ajv = ajvWithSpecs();
    const compiled: string[] = [];
    for (const file of files) {
      const spec = read(join(specsDir, file));
      for (const name of [...Object.keys(spec.$defs as object), "(result)"]) {
        const validate = ajv.getSchema(`${BASE}task-specs/${file}#/$defs/${encodeURIComponent(name)}`);
        expect(validate, `${file} ${name}`).toBeTypeOf("function");
        compiled.push(name);
      }
    }
    expect(compiled.length).toBeGreaterThan(170);
  });

  it("accept a valid text-to-image input and refuse a misspelt or mistyped parameter", () => {
    const validate = ajvWithSpecs().getSchema(`${BASE}task-specs/text-to-image.yaml#/$defs/TextToImageInput`)!;
    expect(validate({ inputs: "a cat", parameters: { num_inference_steps: 5 } })).toBe(true);
    expect(validate({ inputs: "a cat", parameters: { num_inference_stepz: 5 } })).toBe(false);
    expect(validate({ inputs: "a cat", parameters: { num_inference_steps: "five" } })).toBe(false);
  });
});
