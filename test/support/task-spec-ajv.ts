/**
 * The task specs (catalogue/task-specs/*.yaml, with catalogue/task-spec-definitions.yaml) loaded into ajv as plain
 * JSON Schema, strict mode: for the tests that hold values to the specs as any JSON Schema tool would read them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { parse } from "yaml";

/** Any absolute base works: the $refs between the files are relative, as in the catalogue. */
export const BASE = "https://hubkit.invalid/catalogue/";
const root = fileURLToPath(new URL("../..", import.meta.url));
const specsDir = join(root, "catalogue/task-specs");
export const SPEC_FILES = readdirSync(specsDir).filter((f) => f.endsWith(".yaml"));
export const readYaml = (path: string) => parse(readFileSync(path, "utf8")) as Record<string, unknown>;

/** Every spec file's definitions, and its result as the definition "(result)" beside them. */
export function taskSpecsAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const shared = readYaml(join(root, "catalogue/task-spec-definitions.yaml"));
  ajv.addSchema({ $id: `${BASE}task-spec-definitions.yaml`, $defs: shared.$defs });
  for (const file of SPEC_FILES) {
    const spec = readYaml(join(specsDir, file));
    // The result sits beside the definitions so that its "#/$defs/..." references resolve in the same file.
    const defs = { ...(spec.$defs as object), "(result)": spec.result };
    ajv.addSchema({ $id: `${BASE}task-specs/${file}`, $defs: defs });
  }
  return ajv;
}

/** The validator of a definition of a task's spec ("(result)": what its method resolves to). */
export function specValidator(ajv: Ajv2020, task: string, name: string): ValidateFunction {
  return ajv.getSchema(`${BASE}task-specs/${task}.yaml#/$defs/${encodeURIComponent(name)}`)!;
}

/** A value as a JSON body carries it: files as base64 text. */
export function asJson(value: unknown): unknown {
  if (value instanceof Blob) return "iVBORw0KGgo=";
  if (Array.isArray(value)) return value.map(asJson);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]));
  return value;
}
