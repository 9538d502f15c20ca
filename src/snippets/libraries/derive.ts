/**
 * Values library templates need that a lookup table cannot express. A library's YAML names them
 * (`derive: { modelName: { function: modelName } }`); each takes the model record and returns data,
 * never code: templates still print the result through a literal helper.
 */
import type { ModelData } from "../../tasks/model-data.js";
import { isPythonName, list } from "./support.js";

/** The id without its namespace: the part after the first "/" (the whole id when there is none). */
export function modelName(model: ModelData): string {
  const slash = model.id.indexOf("/");
  return slash < 0 ? model.id : model.id.slice(slash + 1);
}

/** The last "/"-separated segment of the id (the whole id when there is none): a.b/c/d -> d. */
export function idLastSegment(model: ModelData): string {
  return model.id.slice(model.id.lastIndexOf("/") + 1);
}

/** modelName with every "-" replaced by "_" (the package name of an edsnlp pipeline). */
export function modelNameUnderscored(model: ModelData): string {
  return modelName(model).replace(/-/g, "_");
}

/** modelName with its first "stanza-" removed: the language code of a Stanza pipeline (stanza-en -> en). */
export function stanzaLang(model: ModelData): string {
  return modelName(model).replace("stanza-", "");
}

/**
 * The YOLO class for the first tag yolov<digits>: yolov8 -> YOLOv8 (upstream printed "YOLOvv8"; fixed).
 * Undefined when no tag matches; the template then prints its version placeholder and warning.
 */
export function yoloClass(model: ModelData): string | undefined {
  const tag = model.tags?.find((t) => /^yolov\d+$/.test(t));
  return tag === undefined ? undefined : `YOLOv${tag.slice(5)}`;
}

/**
 * The PaddleOCR-VL pipeline version of a document-parse model: PaddlePaddle/PaddleOCR-VL-1.5 -> v1.5,
 * PaddlePaddle/PaddleOCR-VL -> v1; any other id is passed as it is.
 */
export function paddleocrVlVersion(model: ModelData): string {
  if (model.id === "PaddlePaddle/PaddleOCR-VL") return "v1";
  return model.id.replace("PaddlePaddle/PaddleOCR-VL-", "v");
}

/** The diffusers prompt: the first widget text, else cardData.instance_prompt (undefined when neither). */
export function diffusersPrompt(model: ModelData): string | undefined {
  return model.widgetData?.[0]?.text ?? model.cardData?.instance_prompt ?? undefined;
}

/** cardData.base_model as one string (a list joined with ","), or the placeholder fill-in-base-model. */
export function diffusersBaseModel(model: ModelData): string {
  const base = model.cardData?.base_model;
  return base === undefined || base === null ? "fill-in-base-model" : String(base);
}

const DEFAULT_SENTENCES = [
  "The weather is lovely today.",
  "It's so sunny outside!",
  "He drove to the stadium.",
];

/** The sentence-transformers example: [source_sentence, ...sentences] from the widget, else three defaults. */
export function exampleSentences(model: ModelData): string[] {
  const widget = model.widgetData?.[0];
  if (widget?.source_sentence && Array.isArray(widget.sentences) && widget.sentences.length > 0) {
    return [widget.source_sentence, ...widget.sentences];
  }
  return DEFAULT_SENTENCES;
}

/**
 * The multimolecule embedding example: the first widget text with its first mask token (model.mask_token,
 * else "<mask>") replaced by the nucleotide A; undefined without a widget text.
 */
export function multimoleculeSequence(model: ModelData): string | undefined {
  const text = model.widgetData?.[0]?.text;
  if (typeof text !== "string" || text === "") return undefined;
  return text.replace(model.mask_token ?? "<mask>", "A");
}

/** How the id, a tag or a base model names LTX-2.5: ltx-2.5, LTX_2.5, ltx2.5 (not ltx-2-5 or ltx-25). */
const LTX_25 = /ltx[-_]?2\.5/i;

/**
 * The first text of the record that marks an LTX-2.5 model (the id, then the tags, then cardData.base_model,
 * a string or each item of a list), else undefined: the model is of the LTX-2.3 generation.
 */
export function ltx25Marker(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  const texts = [model.id, ...list(model.tags), ...(Array.isArray(base) ? base : [base])];
  return texts.find((text): text is string => typeof text === "string" && LTX_25.test(text));
}

/** The variable a transformers processor is bound to: tokenizer, extractor, else processor. */
export function transformersProcessorVar(model: ModelData): string {
  const processor = model.transformersInfo?.processor;
  return processor === "AutoTokenizer"
    ? "tokenizer"
    : processor === "AutoFeatureExtractor"
      ? "extractor"
      : "processor";
}

/** Pipelines transformers v5 removed; a pipeline snippet for them carries a warning. */
const REMOVED_IN_V5_PIPELINES = new Set(["image-to-text", "summarization", "translation"]);

/** The pipeline tag when transformers v5 removed that pipeline, else undefined. */
export function transformersRemovedInV5(model: ModelData): string | undefined {
  return model.pipeline_tag !== undefined && REMOVED_IN_V5_PIPELINES.has(model.pipeline_tag)
    ? model.pipeline_tag
    : undefined;
}

const KERAS_HUB_EXAMPLES = new Set(["CausalLM", "TextToImage", "TextClassifier", "ImageClassifier"]);

/**
 * keras_hub tasks without a worked example, in config order. Only identifier-shaped names are kept:
 * the name becomes an attribute in code (keras_hub.models.<Task>).
 */
export function kerasHubOtherTasks(model: ModelData): string[] {
  const tasks = model.config?.keras_hub?.tasks;
  if (!Array.isArray(tasks)) return [];
  return tasks.filter((t) => isPythonName(t) && !KERAS_HUB_EXAMPLES.has(t));
}

/** modelName when it can be imported as a Python module name, else undefined (spaCy pipeline packages). */
export function modelPackage(model: ModelData): string | undefined {
  const name = modelName(model);
  return isPythonName(name) ? name : undefined;
}

/** modelNameUnderscored when it is a Python module name, else undefined (edsnlp pipeline packages). */
export function modelPackageUnderscored(model: ModelData): string | undefined {
  const name = modelNameUnderscored(model);
  return isPythonName(name) ? name : undefined;
}
