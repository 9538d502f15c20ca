/**
 * The TypeScript types of the task specs (catalogue/task-specs/*.yaml, catalogue/task-spec-definitions.yaml): one
 * type per definition, under its own name, with its descriptions as doc comments; each task's Args type; and the
 * table of what every InferenceClient method takes and returns, which test/contract holds the methods to.
 *
 * Written here rather than with json-schema-to-typescript: that library compiles asynchronously (the generator is
 * synchronous from end to end) and names and opens types its own way, while the specs use a small subset of JSON
 * Schema whose mapping fits in this file: an object without `additionalProperties: false` is open (it gets an index
 * signature), a base64 field is a file (bytes the caller gives as input, a Blob in what the client returns).
 */
import { CHAT, CHAT_CLIENT } from "../../src/tasks/chat.js";
import type { Catalogue, JsonSchema, TaskSpecFile } from "../catalogue-types.js";
import { refsIn } from "../task-spec-checks.js";
import { header, type EmittedFile } from "./common.js";

/** The fields every call takes besides its task's own, and the file inputs: hand-written, they name no task. */
const COMMON_TYPES = `/** A file given as input: a Blob, an ArrayBuffer or bytes. */
export type BinaryInput = Blob | ArrayBuffer | Uint8Array;

/** Fields every call accepts besides its task's own. */
export interface BaseArgs {
  /** Hub model id, e.g. "black-forest-labs/FLUX.1-dev" ("openai/<id>" for openai). */
  model?: string;
  /** The provider to call; default "auto": the first provider the hub lists for the model and task. */
  provider?: ProviderId | "auto";
  /** A dedicated endpoint, called with the hf-inference request shapes; excludes provider. */
  endpointUrl?: string;
  /** The token of this call, instead of the client's. */
  accessToken?: string;
}

/** The older form of a file input: the file as \`data\` instead of \`inputs\`. */
export interface LegacyBinaryInput<Parameters> {
  /** The file: a Blob, an ArrayBuffer or bytes. */
  data: BinaryInput;
  parameters?: Parameters;
}
`;

export function emitTaskTypes(catalogue: Catalogue): EmittedFile {
  const { taskSpecs, taskSpecDefinitions } = catalogue;
  const shared = Object.entries(taskSpecDefinitions.data.$defs).map(([name, schema]) =>
    declaration(name, schema, "output"),
  );
  const perTask = taskSpecs.map(({ data }) => taskDeclarations(data, legacyData(catalogue, data.task)));
  const content = `${header("catalogue/task-specs/*.yaml, catalogue/task-spec-definitions.yaml")}
import type { ProviderId } from "./providers.gen.js";

${COMMON_TYPES}
// Shared definitions (catalogue/task-spec-definitions.yaml).

${shared.join("\n")}
${perTask.join("\n")}
/** What each InferenceClient method takes and returns, from the task specs. */
export interface TaskMethodTypes {
${methodTable(catalogue)}
}
`;
  return { name: "task-types.gen.ts", content };
}

/** Whether the task's method also takes its file as \`data\` (the task's client block says). */
function legacyData({ tasks }: Catalogue, task: string): boolean {
  return Boolean(tasks.find(({ data }) => data.id === task)?.data.client?.legacyData);
}

function taskDeclarations(spec: TaskSpecFile, legacy: boolean): string {
  const inputSide = reachable(spec, [spec.input, ...(spec.alsoAccepts ?? [])]);
  const defs = Object.entries(spec.$defs).map(([name, schema]) =>
    declaration(name, schema, inputSide.has(name) ? "input" : "output"),
  );
  const forms = [spec.input, ...(spec.alsoAccepts ?? [])];
  if (legacy) forms.push(`LegacyBinaryInput<${spec.input}["parameters"]>`);
  const accepted = forms.length === 1 ? forms[0] : `(${forms.join(" | ")})`;
  const args = `${doc(`The argument of the ${spec.task} method: the common fields and the task's input.`, "")}export type ${spec.args} = BaseArgs & ${accepted};\n`;
  return `// ${spec.task} (catalogue/task-specs/${spec.task}.yaml): ${spec.description}\n\n${defs.join("\n")}\n${args}`;
}

/** The definitions of a spec reachable from `roots` through its own $refs. */
function reachable(spec: TaskSpecFile, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const schema = spec.$defs[name];
    if (seen.has(name) || !schema) return;
    seen.add(name);
    for (const { $ref } of refsIn(schema, "")) if ($ref.startsWith("#/$defs/")) visit(refName($ref));
  };
  roots.forEach(visit);
  return seen;
}

type Side = "input" | "output";

function declaration(name: string, schema: JsonSchema, side: Side): string {
  const comment = doc(schema.description, "", schema.default);
  if (schema.properties && !schema.$ref)
    return `${comment}export interface ${name} ${objectBody(schema, side, "")}\n`;
  return `${comment}export type ${name} = ${typeOf(schema, side, "")};\n`;
}

/** The TS type of a schema; `indent` is that of the line the type starts on. */
function typeOf(schema: JsonSchema, side: Side, indent: string): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map((s) => typeOf(s, side, indent)).join(" | ");
  if (schema.type === undefined) return "unknown";
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((type) => typeOfJsonType(type, schema, side, indent)).join(" | ");
}

function typeOfJsonType(type: string, schema: JsonSchema, side: Side, indent: string): string {
  switch (type) {
    case "string":
      if (schema.contentEncoding === "base64") return side === "input" ? "BinaryInput" : "Blob";
      return "string";
    case "integer":
    case "number":
      return "number";
    case "array": {
      const item = schema.items ? typeOf(schema.items, side, indent) : "unknown";
      return /[ |]/.test(item) && !item.startsWith("{") ? `Array<${item}>` : `${item}[]`;
    }
    case "object":
      return objectBody(schema, side, indent);
    default:
      return type; // boolean, null
  }
}

/** `{ ... }` of an object schema: its properties with their doc comments, and an index signature unless closed. */
function objectBody(schema: JsonSchema, side: Side, indent: string): string {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(
    ([key, property]) =>
      `${doc(property.description, inner, property.default)}${inner}${propertyKey(key)}${required.has(key) ? "" : "?"}: ${typeOf(property, side, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (extra !== false)
    members.push(
      `${inner}[key: string]: ${typeof extra === "object" ? typeOf(extra, side, inner) : "unknown"};`,
    );
  return members.length === 0 ? "{}" : `{\n${members.join("\n")}\n${indent}}`;
}

const propertyKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

const refName = ($ref: string) => $ref.slice($ref.lastIndexOf("/") + 1);

/** A doc comment (with its default value, if any), or nothing. */
function doc(text: string | undefined, indent: string, defaultValue?: unknown): string {
  const lines = text ? [text.replace(/\*\//g, "*\\/")] : [];
  if (defaultValue !== undefined) lines.push(`@default ${JSON.stringify(defaultValue)}`);
  if (lines.length === 0) return "";
  if (lines.length === 1 && lines[0].length < 100) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join("\n")}\n${indent} */\n`;
}

/** `method: { args; result }` for every method, the stream methods yielding their task's streamOutput. */
function methodTable({ taskSpecs, tasks }: Catalogue): string {
  const clients = new Map<string, { method: string; streamMethod?: string }>([[CHAT, CHAT_CLIENT]]);
  for (const { data } of tasks) if (data.client) clients.set(data.id, data.client);
  const rows: string[] = [];
  for (const { data: spec } of taskSpecs) {
    const client = clients.get(spec.task)!;
    rows.push(`  ${client.method}: { args: ${spec.args}; result: ${typeOf(spec.result, "output", "  ")} };`);
    if (client.streamMethod && spec.streamOutput)
      rows.push(`  ${client.streamMethod}: { args: ${spec.args}; result: ${spec.streamOutput} };`);
  }
  return rows.join("\n");
}
