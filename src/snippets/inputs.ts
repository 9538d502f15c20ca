/** Example inputs of the snippets: the task's example call (catalogue/tasks/<id>.yaml), or the caller's override. */
import { INFERENCE_SNIPPET_TASKS } from "../generated/inference-tasks.gen.js";
import { contentTypeOfFile } from "../inference/media-types.js";
import { mapValues } from "../inference/objects.js";
import type {
  ChatMessage,
  InferenceSnippetOptions,
  InferenceSnippetTask,
  ModelDataMinimal,
} from "./types.js";

export const NO_INPUT_EXAMPLE = "No input example has been defined for this model task.";

/** An example file the user has (e.g. cats.jpg): its name and content type. */
export interface ExampleFile {
  path: string;
  contentType: string;
}

export const contentTypeOf = (path: string): string => contentTypeOfFile(path) ?? "application/octet-stream";

/** {file: name} in an example stands for the bytes of that file. */
export function isFileRef(value: unknown): value is { file: string } {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    typeof (value as { file?: unknown }).file === "string" &&
    Object.keys(value).length === 1
  );
}

/** The first example file inside a value (inputs are at most one file). */
export function findFile(value: unknown): ExampleFile | undefined {
  if (isFileRef(value)) return { path: value.file, contentType: contentTypeOf(value.file) };
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const found = findFile((value as Record<string, unknown>)[keys[i]]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The value with every file reference replaced by `replace(file)`. */
export function mapFiles(value: unknown, replace: (file: ExampleFile) => unknown): unknown {
  if (isFileRef(value)) return replace({ path: value.file, contentType: contentTypeOf(value.file) });
  if (Array.isArray(value)) return value.map((v) => mapFiles(v, replace));
  if (value !== null && typeof value === "object") {
    return mapValues(value, (v) => mapFiles(v, replace));
  }
  return value;
}

/** The example call's arguments for a model, with the caller's `inputs` override applied. */
export function exampleArgs(
  model: ModelDataMinimal,
  task: string,
  opts: InferenceSnippetOptions,
): { inputs: unknown; parameters?: Record<string, unknown> } {
  const example = INFERENCE_SNIPPET_TASKS[task]?.example;
  const inputs = example ? withMaskToken(example.inputs, model) : NO_INPUT_EXAMPLE;
  const parameters = example?.parameters;
  if (opts.inputs === undefined) return { inputs, parameters };
  return { inputs: override(inputs, opts.inputs), parameters };
}

function override(example: unknown, given: unknown): unknown {
  if (isFileRef(example)) return typeof given === "string" ? { file: given } : given;
  if (typeof given !== "string" || typeof example === "string") return given;
  // Structured inputs given as JSON text.
  try {
    return JSON.parse(given);
  } catch (error) {
    console.error(
      `inference snippets: the inputs are not valid JSON (${(error as Error).message}); they are shown as a string`,
    );
    return given;
  }
}

function withMaskToken(inputs: unknown, model: ModelDataMinimal): unknown {
  return typeof inputs === "string" && model.mask_token ? inputs.replace("[MASK]", model.mask_token) : inputs;
}

/**
 * Whether a model of a task is called through chat: every model of a task whose template is the chat one or that
 * has chat messages (text-generation, image-text-to-text), tagged conversational or not: the hub registers chat
 * models for inference without the tag, and no longer text-generation ones.
 */
export function isChatModel(info: InferenceSnippetTask): boolean {
  return info.template === "conversational" || info.messages !== undefined;
}

/** Default chat messages of a conversational model (the caller's messages win). */
export function exampleMessages(task: string, opts: InferenceSnippetOptions): ChatMessage[] {
  return (
    opts.messages ??
    INFERENCE_SNIPPET_TASKS[task]?.messages ?? [{ role: "user", content: "What is the capital of France?" }]
  );
}

/**
 * The example input of a model as text: a JSON literal (4-space indent), or with `noWrap` on one line, and with
 * `noQuotes` a string example is returned as its plain text (no surrounding quotes, nothing escaped).
 */
export function getModelInputSnippet(model: ModelDataMinimal, noWrap = false, noQuotes = false): string {
  const task = model.pipeline_tag ?? "";
  const info = INFERENCE_SNIPPET_TASKS[task];
  // The chat messages are the example of a chat model, and of a task that has no other example.
  const chat = info && isChatModel(info);
  const value = chat
    ? exampleMessages(task, {})
    : info?.example
      ? mapFiles(withMaskToken(info.example.inputs, model), (f) => f.path)
      : undefined;
  if (value === undefined) return NO_INPUT_EXAMPLE;
  if (typeof value === "string") {
    if (!noQuotes) return JSON.stringify(value);
    return noWrap ? value.replace(/\s*[\r\n]+\s*/g, " ") : value;
  }
  return noWrap ? JSON.stringify(value) : JSON.stringify(value, null, 4);
}
