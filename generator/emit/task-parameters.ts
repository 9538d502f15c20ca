/**
 * The options of each task as `hubkit infer <task> --help` lists them, from the task specs: the fields of the
 * task's parameters object, or, for tasks whose options sit beside their input (chat, feature extraction), the
 * input's own fields but the input itself. A module of its own, which only the CLI imports.
 * Also the client's compact table of the `parameters` objects (names and type codes), which it loads only when a
 * call has parameters: see emitParameterTypes.
 */
import type { Catalogue, JsonSchema, TaskSpecFile } from "../catalogue-types.js";
import { SHARED_REF_PREFIX } from "../task-spec-checks.js";
import { header, literal, type EmittedFile } from "./common.js";

/** Input fields that are the input itself (or set by the client), not options. */
const NOT_OPTIONS = new Set(["inputs", "messages", "model", "stream", "parameters"]);

interface TaskParameter {
  name: string;
  /** The value's type in the CLI's words: `integer`, `string[]`, `"a" | "b"`, `object (GenerationParameters)`. */
  type: string;
  description?: string;
}

export function emitTaskParameters({ taskSpecs, taskSpecDefinitions }: Catalogue): EmittedFile {
  const shared = taskSpecDefinitions.data.$defs;
  const table = Object.fromEntries(
    taskSpecs.map(({ data: spec }) => [spec.task, parametersOf(spec, shared)]),
  );
  const content = `${header("catalogue/task-specs/*.yaml")}
/** The options of each task, as hubkit infer --help lists them (--param name=value). */
export const TASK_PARAMETERS: Record<string, { name: string; type: string; description?: string }[]> = ${literal(table)};
`;
  return { name: "task-parameters.gen.ts", content };
}

type Resolve = (schema: JsonSchema) => JsonSchema;

/** Follows $refs, local (#/$defs/X) or to the shared definitions, to the schema they name. */
function resolver(spec: TaskSpecFile, shared: Record<string, JsonSchema>): Resolve {
  const resolve: Resolve = (schema) => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1);
    return resolve((schema.$ref.startsWith(SHARED_REF_PREFIX) ? shared : spec.$defs)[name]);
  };
  return resolve;
}

function parametersOf(spec: TaskSpecFile, shared: Record<string, JsonSchema>): TaskParameter[] {
  const resolve = resolver(spec, shared);
  const input = resolve(spec.$defs[spec.input]);
  const holder = input.properties?.parameters ? resolve(input.properties.parameters) : input;
  return Object.entries(holder.properties ?? {})
    .filter(([name]) => holder !== input || !NOT_OPTIONS.has(name))
    .map(([name, schema]) => ({
      name,
      type: cliType(schema, resolve),
      description: schema.description ?? resolve(schema).description,
    }));
}

/** A short type for the CLI: enums spelt out, named objects named, null left out (an option is simply not given). */
function cliType(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string {
  const named = schema.$ref ? schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1) : undefined;
  const target = resolve(schema);
  if (target.enum) return target.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alternatives = target.oneOf ?? target.anyOf;
  if (alternatives) {
    const types = alternatives.filter((s) => s.type !== "null").map((s) => cliType(s, resolve));
    return [...new Set(types)].join(" | ");
  }
  const types = (Array.isArray(target.type) ? target.type : [target.type ?? "any"]).filter(
    (t) => t !== "null",
  );
  return types
    .map((type) => {
      if (type === "array") {
        const item = target.items ? cliType(target.items, resolve) : "any";
        return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
      }
      if (type === "object") return named ? `object (${named})` : "object";
      return type;
    })
    .join(" | ");
}

/**
 * For each task whose input has a `parameters` object: its fields as one string, `name:codes` separated by spaces,
 * where codes are the JSON types a value may have (s string, n number, i integer, b boolean, a array, o object;
 * none: anything). A string, not objects, because it ships to browsers: about 1 KB gzipped for every task.
 */
export function emitParameterTypes({ taskSpecs, taskSpecDefinitions }: Catalogue): EmittedFile {
  const shared = taskSpecDefinitions.data.$defs;
  const table: Record<string, string> = {};
  for (const { data: spec } of taskSpecs) {
    const resolve = resolver(spec, shared);
    const parameters = resolve(spec.$defs[spec.input]).properties?.parameters;
    if (!parameters) continue;
    table[spec.task] = Object.entries(resolve(parameters).properties ?? {})
      .map(([name, schema]) => `${name}:${[...typeCodes(schema, resolve)].sort().join("")}`)
      .join(" ");
  }
  const content = `${header("catalogue/task-specs/*.yaml")}
/** Each task's \`parameters\` fields, \`name:codes\` (s string, n number, i integer, b boolean, a array, o object; none: any). */
export const PARAMETER_TYPES: Record<string, string> = ${literal(table)};
`;
  return { name: "parameter-types.gen.ts", content };
}

const TYPE_CODES: Record<string, string> = {
  string: "s",
  number: "n",
  integer: "i",
  boolean: "b",
  array: "a",
  object: "o",
};

/** The codes of the JSON types `schema` allows, null left out; empty when it allows anything (or a file). */
function typeCodes(schema: JsonSchema, resolve: Resolve): Set<string> {
  const target = resolve(schema);
  if (target.contentEncoding) return new Set();
  if (target.enum) return new Set(target.enum.filter((v) => v !== null).map((v) => TYPE_CODES[typeof v]));
  const alternatives = target.oneOf ?? target.anyOf;
  if (alternatives) {
    const each = alternatives.map((s) => typeCodes(s, resolve));
    return each.some((codes) => codes.size === 0) ? new Set() : new Set(each.flatMap((codes) => [...codes]));
  }
  if (target.type === undefined) return new Set();
  const types = Array.isArray(target.type) ? target.type : [target.type];
  return new Set(types.filter((t) => t !== "null").map((t) => TYPE_CODES[t]));
}
