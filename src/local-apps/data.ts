/**
 * The data an app's templates and links are given for a model and a chosen file: the model id and name, the
 * chosen file and its quant label (the GGUF label rule of src/gguf.ts), and the example request bodies.
 */
import { parseGGUFQuantLabel } from "../gguf.js";
import { INFERENCE_SNIPPET_TASKS } from "../generated/inference-tasks.gen.js";
import { LOCAL_APP_REQUESTS } from "../generated/local-apps.gen.js";
import type { ModelData } from "../tasks/model-data.js";
import type { LocalAppData } from "./types.js";

/** What the upstream's page replaces with the chosen file (LocalAI only, when no file is chosen). */
export const GGUF_FILE_PLACEHOLDER = "{{GGUF_FILE}}";

/** The chat messages of the text-generation task, the example of every chat request without image input. */
const textMessages = () => INFERENCE_SNIPPET_TASKS["text-generation"]?.messages;

export function localAppData(model: ModelData, filepath?: string): LocalAppData {
  const id = String(model.id);
  const slash = id.indexOf("/");
  const file = typeof filepath === "string" && filepath !== "" ? filepath : undefined;
  const quantLabel = file === undefined ? undefined : parseGGUFQuantLabel(file);
  const pipeline = typeof model.pipeline_tag === "string" ? model.pipeline_tag : "";
  const quant = quantLabel === undefined ? "" : `:${quantLabel}`;
  return {
    model,
    id,
    name: slash === -1 ? id : id.slice(slash + 1),
    file,
    quantLabel,
    quant,
    ref: id + quant,
    ggufFile: file ?? GGUF_FILE_PLACEHOLDER,
    chatBody: { model: id, messages: INFERENCE_SNIPPET_TASKS[pipeline]?.messages ?? textMessages() },
    textChatBody: { model: id, messages: textMessages() },
    completionBody: { model: id, ...LOCAL_APP_REQUESTS.completion },
    greetingBody: { model: id, messages: LOCAL_APP_REQUESTS.greeting },
  };
}
