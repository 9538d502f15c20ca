/** Cross-file checks of catalogue/providers/*.yaml: task ids, flow names, answer schemas and placeholders all resolve. */
import { ANSWER_DEFINITION_FILES, answerDefinitions, expectedNames } from "./answer-shapes.js";
import { FLOWS_DIR } from "./flow-hooks.js";
import { CHAT } from "../src/tasks/chat.js";
import type { Catalogue } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";
import type { ProviderTaskFile } from "./catalogue-types.js";

export function providerChecks(catalogue: Catalogue, taskIds: Set<string>): Diagnostic[] {
  const { providers } = catalogue;
  const known: Known = {
    tasks: new Set([...taskIds, CHAT]),
    flows: new Set(catalogue.flows.map((f) => f.name)),
    answers: new Set(answerDefinitions(catalogue).keys()),
    outputTypeTasks: new Set(catalogue.tasks.filter((t) => t.data.client?.outputType).map((t) => t.data.id)),
  };
  const out: Diagnostic[] = [];
  for (const source of providers)
    for (const [task, spec] of Object.entries(source.data.tasks)) {
      const entry: TaskEntry = { source, task, spec, base: `/tasks/${task}` };
      for (const rule of TASK_RULES) out.push(...rule(entry, known));
      out.push(...fieldPairs(source, entry.base, spec, at));
    }
  return out;
}

/** What the provider files may name: tasks, flows, answer definitions, and the tasks with an outputType option. */
interface Known {
  tasks: Set<string>;
  flows: Set<string>;
  answers: Set<string>;
  outputTypeTasks: Set<string>;
}

/** One task of a provider file, with its pointer. */
interface TaskEntry {
  source: YamlSource;
  task: string;
  spec: ProviderTaskFile;
  base: string;
}

const at: At = (source, pointer, message, rule, tip, key = false) => ({
  file: source.file,
  ...source.locate(pointer, { key }),
  message,
  rule,
  ...(tip ? { tip } : {}),
});

const didYouMean = (value: string, known: Set<string>) => {
  const guess = closest(value, known);
  return guess ? `; did you mean "${guess}"?` : "";
};

/** One rule each: what a provider task may say. */
const TASK_RULES: ((entry: TaskEntry, known: Known) => Diagnostic[])[] = [
  function knownTask({ source, task, base }, known) {
    if (known.tasks.has(task)) return [];
    const message = `task "${task}" is not a known task${didYouMean(task, known.tasks)}`;
    const tip = `tasks are the files in catalogue/tasks/, plus ${CHAT}`;
    return [at(source, base, message, "provider/known-task", tip, true)];
  },
  function knownFlows({ source, spec, base }, known) {
    const flows = spec.flow === undefined ? [] : Array.isArray(spec.flow) ? spec.flow : [spec.flow];
    return flows.flatMap((name, i) => {
      if (known.flows.has(name)) return [];
      const pointer = Array.isArray(spec.flow) ? `${base}/flow/${i}` : `${base}/flow`;
      const message = `flow "${name}" does not exist: no file ${FLOWS_DIR}/${name}.ts`;
      const tip = "name an existing flow, or write the hook in that file";
      return [at(source, pointer, message, "provider/known-flow", tip)];
    });
  },
  function knownAnswers({ source, spec, base }, known) {
    const expect = spec.output?.expect;
    if (expect === undefined) return [];
    return expectedNames(expect).flatMap((alternative, i) => {
      const name = alternative.replace(/\[\]$/, "");
      if (known.answers.has(name)) return [];
      const pointer = Array.isArray(expect) ? `${base}/output/expect/${i}` : `${base}/output/expect`;
      const message = `"${name}" is not a definition of ${ANSWER_DEFINITION_FILES}${didYouMean(name, known.answers)}`;
      const tip =
        "name the task's output schema (e.g. TextClassificationOutput), or define the answer once in catalogue/provider-answers.yaml";
      return [at(source, pointer, message, "provider/known-shape", tip)];
    });
  },
  function pathPlaceholders({ source, spec, base }) {
    return placeholders(spec.path)
      .filter((name) => name !== "model" && name !== "providerId")
      .map((name) =>
        at(
          source,
          `${base}/path`,
          `unknown placeholder {${name}} in the path; known: {model}, {providerId}`,
          "provider/placeholder",
        ),
      );
  },
  function loraPlaceholders({ source, spec, base }) {
    return placeholders(JSON.stringify(spec.body?.lora ?? {}))
      .filter((name) => name !== "model" && name !== "adapterWeightsPath")
      .map((name) =>
        at(
          source,
          `${base}/body/lora`,
          `unknown placeholder {${name}}; known: {model}, {adapterWeightsPath}`,
          "provider/placeholder",
        ),
      );
  },
  function loraByProviderIdNeedsLora({ source, spec, base }) {
    if (!spec.body?.loraByProviderId || spec.body.lora) return [];
    const message = "loraByProviderId adds fields with the lora fields, but body.lora is not set";
    const tip = "set body.lora (the fields every LoRA adapter adds), or move these fields to body.set";
    return [at(source, `${base}/body/loraByProviderId`, message, "provider/lora", tip, true)];
  },
  function modelFirstNeedsModel({ source, spec, base }) {
    if (!spec.body?.modelFirst || spec.body.model) return [];
    const message = "modelFirst puts the model key first, but body.model (the key) is not set";
    return [at(source, `${base}/body/modelFirst`, message, "provider/model-first", undefined, true)];
  },
  function pickOrTake({ source, spec, base }) {
    if (!spec.output?.pick || !spec.output.take) return [];
    const message = "output has both pick and take; a result is either picked fields or one taken value";
    return [at(source, `${base}/output/pick`, message, "provider/output", undefined, true)];
  },
  function urlOutputForBase64({ source, task, spec, base }, known) {
    const file = spec.output?.file;
    if (!known.outputTypeTasks.has(task) || (file !== "base64" && file !== "url-or-base64") || spec.urlOutput)
      return [];
    const message = `${task} may read a base64 file, but urlOutput is not set: outputType "url" needs a URL from the provider`;
    const tip =
      "set urlOutput: unsupported, or urlOutput: {set: {...}} with the body fields that ask for a URL";
    return [at(source, `${base}/output/file`, message, "provider/url-output", tip)];
  },
  function acceptNeedsBinary({ source, spec, base }) {
    if (!spec.accept || spec.body?.binary) return [];
    const message = "accept lists content types of a binary input, but body.binary is not set";
    return [at(source, `${base}/accept`, message, "provider/accept")];
  },
];

type At = (
  source: YamlSource,
  pointer: string,
  message: string,
  rule: string,
  tip?: string,
  key?: boolean,
) => Diagnostic;

/** Fields that only mean something together with another one. */
function fieldPairs(source: YamlSource, base: string, spec: ProviderTaskFile, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { body, input, output } = spec;
  if (input?.download && !input.accepts.includes("http-url"))
    out.push(
      at(
        source,
        `${base}/input/download`,
        "input.download fetches URL inputs, but input.accepts does not list http-url",
        "provider/input",
        "add http-url to input.accepts, or remove download",
        true,
      ),
    );
  if (body?.fileName !== undefined && body.binary !== "multipart")
    out.push(
      at(
        source,
        `${base}/body/fileName`,
        "body.fileName names the file part of a multipart body, but body.binary is not multipart",
        "provider/multipart",
        undefined,
        true,
      ),
    );
  if (
    body?.loraNeedsWeightsPath === false &&
    placeholders(JSON.stringify(body.lora ?? {})).includes("adapterWeightsPath")
  )
    out.push(
      at(
        source,
        `${base}/body/loraNeedsWeightsPath`,
        "the lora fields use {adapterWeightsPath}, so they cannot be added without it (loraNeedsWeightsPath: false)",
        "provider/lora",
        undefined,
        true,
      ),
    );
  if (output?.downloadFailure !== undefined && output.file !== "url")
    out.push(
      at(
        source,
        `${base}/output/downloadFailure`,
        "output.downloadFailure is the message of a failed file download, but output.file is not url",
        "provider/download",
        undefined,
        true,
      ),
    );
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]);
}
