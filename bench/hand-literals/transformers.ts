/** Hand-written transformers snippets, and pruna-ai (its transformers branch and its diffusers one). */
import type { ModelData } from "../../src/tasks/model-data.js";
import { diffusersSnippets, type Pruna } from "./diffusers.js";
import { pyString, type Snippets } from "./strings.js";

const TASKS = new Set([
  "audio-classification",
  "automatic-speech-recognition",
  "depth-estimation",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-feature-extraction",
  "image-segmentation",
  "image-to-image",
  "image-to-text",
  "image-text-to-text",
  "mask-generation",
  "object-detection",
  "question-answering",
  "summarization",
  "table-question-answering",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-speech",
  "token-classification",
  "translation",
  "video-classification",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
]);
const REMOVED_IN_V5 = new Set(["image-to-text", "summarization", "translation"]);
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const pythonName = (s: unknown): string | undefined =>
  typeof s === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) && !KEYWORDS.has(s) ? s : undefined;

const IMAGE_CHAT = `messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "url": "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG"},
            {"type": "text", "text": "What animal is on the candy?"},
        ],
    },
]`;
const TEXT_CHAT = `messages = [
    {"role": "user", "content": "Who are you?"},
]`;
const PARROTS =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";

function pipelineSnippet(m: ModelData, pruna?: Pruna): string {
  const tags = m.tags ?? [];
  const remote = tags.includes("custom_code") ? ", trust_remote_code=True" : "";
  let code = "# Use a pipeline as a high-level helper\n";
  if (m.pipeline_tag && REMOVED_IN_V5.has(m.pipeline_tag)) {
    code += `# Warning: Pipeline type "${m.pipeline_tag}" is no longer supported in transformers v5.
# You must load the model directly (see below) or downgrade to v4.x with:
# 'pip install "transformers<5.0.0'\n`;
  }
  code += pruna
    ? `from ${pruna.module} import ${pruna.model}\n\npipe = ${pruna.model}.from_pretrained(${pyString(m.id)}${remote})`
    : `from transformers import pipeline\n\npipe = pipeline(${pyString(m.pipeline_tag!)}, model=${pyString(m.id)}${remote})`;
  if (tags.includes("conversational")) {
    const image = tags.includes("image-text-to-text");
    code += `\n\n${image ? IMAGE_CHAT : TEXT_CHAT}\n${image ? "pipe(text=messages)" : "pipe(messages)"}`;
  } else if (m.pipeline_tag === "zero-shot-image-classification") {
    code += `\n\npipe(\n    "${PARROTS}",\n    candidate_labels=["animals", "humans", "landscape"],\n)`;
  } else if (m.pipeline_tag === "image-classification") {
    code += `\n\npipe("${PARROTS}")`;
  }
  return code;
}

function directSnippet(m: ModelData, autoModel: string, pruna?: Pruna): string {
  const tags = m.tags ?? [];
  const remote = tags.includes("custom_code") ? ", trust_remote_code=True" : "";
  const processor = pythonName(m.transformersInfo?.processor);
  const model = pruna?.model ?? autoModel;
  let code = "# Load model directly\n";
  if (pruna) code += `from ${pruna.module} import ${pruna.model}\n`;
  if (!processor) {
    if (!pruna) code += `from transformers import ${autoModel}\n`;
    return `${code}\nmodel = ${model}.from_pretrained(${pyString(m.id)}${remote}, device_map="auto")`;
  }
  const variable =
    processor === "AutoTokenizer"
      ? "tokenizer"
      : processor === "AutoFeatureExtractor"
        ? "extractor"
        : "processor";
  code += `from transformers import ${processor}${pruna ? "" : `, ${autoModel}`}

${variable} = ${processor}.from_pretrained(${pyString(m.id)}${remote})
model = ${model}.from_pretrained(${pyString(m.id)}${remote}, device_map="auto")`;
  const config = m.config;
  const chatTemplate =
    config?.tokenizer_config?.chat_template ||
    config?.processor_config?.chat_template ||
    config?.chat_template_jinja;
  if (tags.includes("conversational") && chatTemplate) {
    code += `

${tags.includes("image-text-to-text") ? IMAGE_CHAT : TEXT_CHAT}
inputs = ${variable}.apply_chat_template(
    messages,
    add_generation_prompt=True,
    tokenize=True,
    return_dict=True,
    return_tensors="pt",
).to(model.device)

outputs = model.generate(**inputs, max_new_tokens=40)
print(${variable}.decode(outputs[0][inputs["input_ids"].shape[-1]:]))`;
  }
  return code;
}

function transformersSnippets(m: ModelData): string[] {
  if (!m.transformersInfo) return ["# ⚠️ Type of model unknown"];
  const autoModel = pythonName(m.transformersInfo.auto_model) ?? "AutoModel";
  const direct = directSnippet(m, autoModel);
  return m.pipeline_tag && TASKS.has(m.pipeline_tag) ? [pipelineSnippet(m), direct] : [direct];
}

function prunaSnippets(m: ModelData): string[] {
  const tags = m.tags ?? [];
  const pruna = tags.includes("pruna_pro-ai")
    ? { module: "pruna_pro", model: "PrunaProModel" }
    : { module: "pruna", model: "PrunaModel" };
  if (tags.includes("diffusers")) return diffusersSnippets(m, pruna);
  if (!tags.includes("transformers")) {
    return [
      `from ${pruna.module} import ${pruna.model}\n\nmodel = ${pruna.model}.from_pretrained(${pyString(m.id)})`,
    ];
  }
  if (!m.transformersInfo) return [`from ${pruna.module} import ${pruna.model}\n# ⚠️ Type of model unknown`];
  const autoModel = pythonName(m.transformersInfo.auto_model) ?? "AutoModel";
  const direct = directSnippet(m, autoModel, pruna);
  return m.pipeline_tag && TASKS.has(m.pipeline_tag) ? [pipelineSnippet(m, pruna), direct] : [direct];
}

export const TRANSFORMERS: Record<string, Snippets> = {
  transformers: transformersSnippets,
  "pruna-ai": prunaSnippets,
};
