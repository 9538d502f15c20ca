/**
 * The task specs as plain JSON Schema: each file's definitions (and its result) compile with ajv in strict mode,
 * the shared definitions resolving through their relative $refs, so the specs mean to any JSON Schema tool what
 * they mean to the generator. The samples of test/contract/task-samples.ts, which the type checker holds to the
 * generated types, are validated here against the definitions of the same names.
 */
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { INVALID_INPUTS, VALID_INPUTS } from "../contract/task-samples.js";
import {
  asJson,
  BASE,
  readYaml as read,
  SPEC_FILES as files,
  specValidator,
  taskSpecsAjv as ajvWithSpecs,
} from "../support/task-spec-ajv.js";
import { projectRoot } from "./project.js";

const specsDir = join(projectRoot, "catalogue/task-specs");

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
        const validate = specValidator(ajv, file.replace(/\.yaml$/, ""), name);
        expect(validate, `${file} ${name}`).toBeTypeOf("function");
        compiled.push(name);
      }
    }
    expect(compiled.length).toBeGreaterThan(170);
  });

  it("and so do the provider answers that providers expect besides the task outputs", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const answers = read(join(projectRoot, "catalogue/provider-answers.yaml"));
    ajv.addSchema({ $id: `${BASE}provider-answers.yaml`, $defs: answers.$defs });
    for (const name of Object.keys(answers.$defs as object))
      expect(ajv.getSchema(`${BASE}provider-answers.yaml#/$defs/${name}`), name).toBeTypeOf("function");
  });

  it("accept a valid text-to-image input and refuse a misspelt or mistyped parameter", () => {
    const validate = ajvWithSpecs().getSchema(`${BASE}task-specs/text-to-image.yaml#/$defs/TextToImageInput`)!;
    expect(validate({ inputs: "a cat", parameters: { num_inference_steps: 5 } })).toBe(true);
    expect(validate({ inputs: "a cat", parameters: { num_inference_stepz: 5 } })).toBe(false);
    expect(validate({ inputs: "a cat", parameters: { num_inference_steps: "five" } })).toBe(false);
  });
});

describe("the samples of every task spec, checked by ajv as the type checker checks them", () => {
  const ajv = ajvWithSpecs();
  const validator = (file: string, name: string) => specValidator(ajv, file, name);
  const cases = (samples: Record<string, Record<string, unknown>>) =>
    Object.entries(samples).flatMap(([file, byName]) =>
      Object.entries(byName).map(([name, value]) => [file, name, value] as const),
    );

  it("has a valid sample of every task's input", () => {
    expect(Object.keys(VALID_INPUTS).sort()).toEqual(files.map((f) => f.replace(/\.yaml$/, "")).sort());
  });

  it.each(cases(VALID_INPUTS))("%s: %s accepts its valid sample", (file, name, value) => {
    const validate = validator(file, name);
    expect(validate(asJson(value)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(cases(INVALID_INPUTS))("%s: %s refuses its invalid sample", (file, name, value) => {
    expect(validator(file, name)(asJson(value))).toBe(false);
  });
});
