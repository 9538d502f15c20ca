/**
 * Every inference snippet's example payload (catalogue/tasks/<task>.yaml `snippet.example`: inputs and parameters)
 * against its task's input schema (catalogue/task-specs/<task>.yaml), with ajv: an example the client would refuse,
 * or that the types would not compile, is caught when the catalogue is generated, not by a user who copies it.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import type { Catalogue, TaskSpecFile } from "./catalogue-types.js";
import type { Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";
import { isReported, toDiagnostic } from "./schemas.js";

/** Any absolute base works: the specs' $refs to the shared definitions are relative, as in the catalogue. */
const BASE = "https://hubkit.invalid/catalogue/";
const EXAMPLE = "/snippet/example";
/** What a `{file: name}` placeholder of an example stands for in the JSON body: the file's bytes as base64. */
const FILE_BYTES = "iVBORw0KGgo=";

export function snippetExampleChecks({ tasks, taskSpecs, taskSpecDefinitions }: Catalogue): Diagnostic[] {
  // verbose: the messages name the known fields, which ajv gives only with the schema of each error.
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  ajv.addSchema({ $id: `${BASE}task-spec-definitions.yaml`, $defs: taskSpecDefinitions.data.$defs });
  const specs = new Map(taskSpecs.map(({ data }) => [data.task, data]));
  for (const spec of specs.values()) ajv.addSchema({ $id: specId(spec), $defs: spec.$defs });
  return tasks.flatMap((task) => {
    const example = task.data.snippet?.example;
    const spec = specs.get(task.data.id);
    if (!example || !spec) return [];
    const payload = withFileBytes(example);
    const forms = [spec.input, ...(spec.alsoAccepts ?? [])].map((name) => validator(ajv, spec, name));
    // A spec with a broken $ref does not compile; the task-spec checks report the $ref itself.
    if (!forms.every(isCompiled)) return [];
    if (forms.some((validate) => validate(payload))) return [];
    // Report against the input itself: the older forms it also accepts are not what an example should show.
    forms[0](payload);
    return (forms[0].errors ?? []).filter(isReported).map((error) => diagnostic(task, spec, error));
  });
}

const specId = (spec: TaskSpecFile) => `${BASE}task-specs/${spec.task}.yaml`;

function validator(ajv: Ajv2020, spec: TaskSpecFile, name: string): ValidateFunction | undefined {
  try {
    return ajv.getSchema(`${specId(spec)}#/$defs/${encodeURIComponent(name)}`);
  } catch {
    return undefined;
  }
}

const isCompiled = (validate: ValidateFunction | undefined): validate is ValidateFunction => !!validate;

/** The example with each `{file: name}` placeholder (a file the snippet reads) as the bytes a request carries. */
function withFileBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withFileBytes);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0][0] === "file" && typeof entries[0][1] === "string")
    return FILE_BYTES;
  return Object.fromEntries(entries.map(([key, item]) => [key, withFileBytes(item)]));
}

function diagnostic(task: YamlSource, spec: TaskSpecFile, error: ErrorObject): Diagnostic {
  const atExample = { ...error, instancePath: `${EXAMPLE}${error.instancePath}` };
  const found = toDiagnostic(task, `task-specs/${spec.task}.yaml`, atExample);
  return {
    ...found,
    message: `${found.message} (the example must be a valid ${spec.input}, catalogue/task-specs/${spec.task}.yaml)`,
    rule: "task-spec/snippet-example",
  };
}
