/**
 * The client's answer checks, from the one definition of each answer: the JSON Schemas that providers name in
 * `output.expect` (definitions of the task specs, and the provider answers of catalogue/provider-answers.yaml),
 * compiled into the compact shapes that src/inference/shapes.ts checks. Only what the providers name, and what that
 * refers to, is compiled, since the shapes are part of the client bundle.
 *
 * The subset compiled: type (a list of types, null included), properties and required, items, $ref, anyOf and
 * oneOf (any alternative), enum and const (the JSON types of their values), contentEncoding base64 (a Blob: the
 * file the provider sent). Bounds, lengths and formats are not checked; integer is checked as number. Extra fields
 * are always allowed, whatever additionalProperties says.
 */
import type { Shape } from "../src/inference/spec.js";
import type { Catalogue, ExpectFile, JsonSchema } from "./catalogue-types.js";

/** Where the definitions that `output.expect` may name live, for messages. */
export const ANSWER_DEFINITION_FILES =
  "catalogue/task-specs/, catalogue/task-spec-definitions.yaml or catalogue/provider-answers.yaml";

/** Every definition a provider may name, by name (names are unique across the files: task-spec-checks.ts). */
export function answerDefinitions({
  taskSpecs,
  taskSpecDefinitions,
  providerAnswers,
}: Catalogue): Map<string, JsonSchema> {
  const files = [taskSpecDefinitions, providerAnswers, ...taskSpecs];
  return new Map(files.flatMap(({ data }) => Object.entries(data.$defs)));
}

/** The names an `output.expect` gives, each possibly ending in [] (an array of it). */
export const expectedNames = (expect: ExpectFile): string[] => (Array.isArray(expect) ? expect : [expect]);

export interface AnswerShapes {
  /** The shape of an `output.expect`: its definition, an array of it, or any one of several. */
  expect(expect: ExpectFile): Shape;
  /** The named shapes that the expectations compiled so far refer to, directly or not, sorted by name. */
  named(): Record<string, Shape>;
}

/** Compiles expectations; names must be known definitions (provider-checks.ts reports those that are not). */
export function answerShapes(catalogue: Catalogue): AnswerShapes {
  const definitions = answerDefinitions(catalogue);
  const compiled = new Map<string, Shape>();
  const used = new Set<string>();
  // A definition that compiles to a plain type (an enum of strings, a file) is written in place of its name.
  const nameOf = (name: string): Shape => {
    const target = aliasTarget(definitions, name);
    if (!compiled.has(target)) {
      compiled.set(target, target); // taken before compiling, so a definition that refers to itself ends
      compiled.set(target, compile(definitions.get(target)!, nameOf));
    }
    const shape = compiled.get(target)!;
    if (typeof shape === "string" && !definitions.has(shape)) return shape;
    used.add(target);
    return target;
  };
  return {
    expect: (expect) =>
      union(expectedNames(expect).map((n) => (n.endsWith("[]") ? [nameOf(n.slice(0, -2))] : nameOf(n)))),
    named: () => Object.fromEntries([...used].sort().map((name) => [name, compiled.get(name)!])),
  };
}

/** A definition that only refers to another (TextClassificationOutputElement -> ClassificationOutput) is that one. */
function aliasTarget(definitions: Map<string, JsonSchema>, name: string): string {
  const seen = new Set<string>();
  let schema = definitions.get(name)!;
  while (schema.$ref && Object.keys(schema).every((k) => k === "$ref" || k === "description")) {
    if (seen.has(name)) break;
    seen.add(name);
    name = refName(schema.$ref);
    schema = definitions.get(name)!;
  }
  return name;
}

const refName = ($ref: string) => $ref.slice($ref.lastIndexOf("/") + 1);

function compile(schema: JsonSchema, nameOf: (name: string) => Shape): Shape {
  if (schema.$ref) return nameOf(refName(schema.$ref));
  const values = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
  if (values) return union(values.map((v) => (v === null ? "null" : typeof v)));
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return union(alternatives.map((s) => compile(s, nameOf)));
  if (schema.type === undefined) return schema.properties ? objectShape(schema, nameOf) : "unknown";
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return union(
    types.map((type): Shape => {
      switch (type) {
        case "string":
          return schema.contentEncoding === "base64" ? "blob" : "string";
        case "integer":
          return "number";
        case "array":
          return schema.items ? [compile(schema.items, nameOf)] : "array";
        case "object":
          return schema.properties ? objectShape(schema, nameOf) : "object";
        default:
          return type; // number, boolean, null
      }
    }),
  );
}

/** Each property under its name, with "?" when it is not required; a required name without a property is unknown. */
function objectShape(schema: JsonSchema, nameOf: (name: string) => Shape): Shape {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, Shape> = {};
  for (const [key, property] of Object.entries(properties))
    shape[required.has(key) ? key : `${key}?`] = compile(property, nameOf);
  for (const key of required) if (!(key in properties)) shape[key] = "unknown";
  return shape;
}

/** Alternatives as one shape: nested alternatives flattened, repeats dropped, a lone alternative itself. */
function union(alternatives: Shape[]): Shape {
  const flat = alternatives.flatMap((a) => (Array.isArray(a) && a.length > 1 ? a : [a]));
  const unique = [...new Map(flat.map((a) => [JSON.stringify(a), a])).values()];
  return unique.length === 1 ? unique[0] : unique;
}
