/**
 * Checks of catalogue/task-specs/ that span files: each spec is named after a task the client calls and every such
 * task has one, the names it gives are its definitions, every $ref resolves, and each type name is defined once
 * (all the specs' types are emitted into one module; the provider answers of catalogue/provider-answers.yaml share
 * the names that output.expect gives).
 */
import { CHAT, CHAT_CLIENT } from "../src/tasks/chat.js";
import type { Catalogue, JsonSchema, TaskSpecFile } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import { fileStem, type YamlSource } from "./load.js";

/** Where a shared definition is referenced from a task spec. */
export const SHARED_REF_PREFIX = "../task-spec-definitions.yaml#/$defs/";
export const LOCAL_REF_PREFIX = "#/$defs/";

export function taskSpecChecks(catalogue: Catalogue): Diagnostic[] {
  const { taskSpecs, taskSpecDefinitions, providerAnswers } = catalogue;
  const shared = new Set(Object.keys(taskSpecDefinitions.data.$defs));
  return [
    ...specForEveryClientTask(catalogue),
    ...taskSpecs.flatMap((spec) => namedDefinitions(spec)),
    ...taskSpecs.flatMap((spec) => references(spec, new Set(Object.keys(spec.data.$defs)), shared)),
    ...references(taskSpecDefinitions, shared, shared),
    ...references(providerAnswers, new Set(Object.keys(providerAnswers.data.$defs))),
    ...uniqueTypeNames(catalogue),
  ];
}

/** The tasks the client calls (a client block, or chat) and whether each streams. */
function clientTasks({ tasks }: Catalogue): Map<string, { streams: boolean }> {
  const called = new Map([[CHAT, { streams: Boolean(CHAT_CLIENT.streamMethod) }]]);
  for (const { data } of tasks)
    if (data.client) called.set(data.id, { streams: Boolean(data.client.streamMethod) });
  return called;
}

function specForEveryClientTask(catalogue: Catalogue): Diagnostic[] {
  const called = clientTasks(catalogue);
  const out: Diagnostic[] = [];
  const specified = new Set<string>();
  for (const spec of catalogue.taskSpecs) {
    const { task, streamOutput } = spec.data;
    specified.add(task);
    if (task !== fileStem(spec.file))
      out.push(at(spec, "/task", `/task "${task}" must equal the file name "${fileStem(spec.file)}"`));
    const client = called.get(task);
    if (!client) {
      const guess = closest(task, [...called.keys()]);
      out.push(
        at(
          spec,
          "/task",
          `/task "${task}" is not a task the client calls (a task with a client block, or ${CHAT})${guess ? `; did you mean "${guess}"?` : ""}`,
        ),
      );
    } else if (client.streams !== (streamOutput !== undefined))
      out.push(
        at(
          spec,
          streamOutput ? "/streamOutput" : "/task",
          client.streams
            ? `the task has a stream method, so its spec needs a streamOutput`
            : `/streamOutput is given, but the task has no stream method`,
        ),
      );
  }
  for (const task of called.keys())
    if (!specified.has(task))
      out.push({
        file: `catalogue/task-specs/${task}.yaml`,
        line: 1,
        col: 1,
        message: `missing: the client calls ${task}, so it needs a task spec`,
        rule: "task-spec/every-client-task",
      });
  return out;
}

/** input, output, streamOutput and alsoAccepts name definitions of the same file. */
function namedDefinitions(spec: YamlSource<TaskSpecFile>): Diagnostic[] {
  const { input, output, streamOutput, alsoAccepts = [] } = spec.data;
  const names = Object.keys(spec.data.$defs);
  const named: [string, string | undefined][] = [
    ["/input", input],
    ["/output", output],
    ["/streamOutput", streamOutput],
    ...alsoAccepts.map((name, i) => [`/alsoAccepts/${i}`, name] as [string, string]),
  ];
  return named.flatMap(([pointer, name]) => {
    if (name === undefined || names.includes(name)) return [];
    const guess = closest(name, names);
    return [
      at(spec, pointer, `${pointer} "${name}" is not in $defs${guess ? `; did you mean "${guess}"?` : ""}`),
    ];
  });
}

/** Every $ref names a definition of its own file ("#/$defs/X") or, where `shared` is given, a shared one. */
function references(
  source: YamlSource<{ $defs: Record<string, JsonSchema>; result?: JsonSchema }>,
  local: Set<string>,
  shared?: Set<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (schema: JsonSchema, pointer: string) => {
    for (const { $ref, pointer: where } of refsIn(schema, pointer)) {
      const isShared = $ref.startsWith(SHARED_REF_PREFIX);
      if (isShared && !shared) {
        out.push(
          at(source, `${where}/$ref`, `${where}/$ref: only "#/$defs/<Name>" (this file) is known here`),
        );
        continue;
      }
      const name = $ref.slice(isShared ? SHARED_REF_PREFIX.length : LOCAL_REF_PREFIX.length);
      const known = isShared ? shared! : local;
      if (known.has(name)) continue;
      const guess = closest(name, [...known]);
      const place = isShared ? "catalogue/task-spec-definitions.yaml" : "this file's $defs";
      out.push(
        at(
          source,
          `${where}/$ref`,
          `${where}/$ref: no "${name}" in ${place}${guess ? `; did you mean "${guess}"?` : ""}`,
        ),
      );
    }
  };
  for (const [name, schema] of Object.entries(source.data.$defs)) check(schema, `/$defs/${name}`);
  if (source.data.result) check(source.data.result, "/result");
  return out;
}

/** Each $ref in a schema, with the JSON pointer of the schema that holds it. */
export function refsIn(schema: JsonSchema, pointer: string): { $ref: string; pointer: string }[] {
  const found = schema.$ref ? [{ $ref: schema.$ref, pointer }] : [];
  for (const [key, sub] of Object.entries(schema.properties ?? {}))
    found.push(...refsIn(sub, `${pointer}/properties/${key}`));
  if (schema.items) found.push(...refsIn(schema.items, `${pointer}/items`));
  if (typeof schema.additionalProperties === "object")
    found.push(...refsIn(schema.additionalProperties, `${pointer}/additionalProperties`));
  for (const key of ["oneOf", "anyOf"] as const)
    (schema[key] ?? []).forEach((sub, i) => found.push(...refsIn(sub, `${pointer}/${key}/${i}`)));
  return found;
}

/** A type name (definition or Args type) is defined in one file only. */
function uniqueTypeNames({ taskSpecs, taskSpecDefinitions, providerAnswers }: Catalogue): Diagnostic[] {
  const owner = new Map<string, string>(
    Object.keys(taskSpecDefinitions.data.$defs).map((n) => [n, taskSpecDefinitions.file]),
  );
  const out: Diagnostic[] = [];
  const files: YamlSource<{ $defs: Record<string, JsonSchema>; args?: string }>[] = [
    ...taskSpecs,
    providerAnswers,
  ];
  for (const spec of files) {
    const names: [string, string][] = Object.keys(spec.data.$defs).map((name) => [`/$defs/${name}`, name]);
    if (spec.data.args) names.push(["/args", spec.data.args]);
    for (const [pointer, name] of names) {
      const other = owner.get(name);
      if (other)
        out.push(
          at(
            spec,
            pointer,
            `type name "${name}" is already defined in ${other}; define it once (shared definitions go in catalogue/task-spec-definitions.yaml)`,
            pointer.startsWith("/$defs"),
          ),
        );
      else owner.set(name, spec.file);
    }
  }
  return out;
}

function at(source: YamlSource, pointer: string, message: string, key = false): Diagnostic {
  return { file: source.file, ...source.locate(pointer, { key }), message, rule: "task-spec/cross-check" };
}
