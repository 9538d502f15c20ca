/**
 * Hand-written snippets of the next most common libraries of the samples: moshi, PaddleOCR, speechbrain,
 * audiocraft, sentence-transformers and peft.
 */
import type { ModelData } from "../../src/tasks/model-data.js";
import { pyString, shString, type Snippets } from "./strings.js";

const modelName = (m: ModelData) => m.id.slice(m.id.indexOf("/") + 1);

function moshi(m: ModelData): string[] {
  const quantize = m.id.includes("-q4") ? " -q 4" : m.id.includes("-q8") ? " -q 8" : "";
  if (m.id.includes("-mlx")) {
    return [
      `pip install moshi_mlx

# Local inference on Apple Silicon (macOS)
python -m moshi_mlx.local${quantize} --hf-repo ${shString(m.id)}

# Or with a web UI
python -m moshi_mlx.local_web${quantize} --hf-repo ${shString(m.id)}`,
    ];
  }
  if (m.id.includes("-candle")) {
    return [
      `# This checkpoint is for the Candle (Rust) backend of Moshi:
# see https://github.com/kyutai-labs/moshi for the Rust setup.
pip install rustymimi`,
    ];
  }
  return [
    `pip install moshi

# Interactive web server
python -m moshi.server --hf-repo ${shString(m.id)}
# then open https://localhost:8998 in a browser`,
    `# pip install moshi
import torch
from moshi.models import loaders

checkpoint = loaders.CheckpointInfo.from_hf_repo(${pyString(m.id)})
mimi = checkpoint.get_mimi(device="cuda")  # the Mimi audio codec
mimi.set_num_codebooks(8)

wav = torch.randn(1, 1, 24000 * 10)  # 10 s of random 24 kHz mono audio: [batch, channels, samples]
with torch.no_grad():
    codes = mimi.encode(wav.cuda())
    decoded = mimi.decode(codes)`,
  ];
}

const PADDLE_MODULES: Record<string, string> = {
  textline_detection: "TextDetection",
  textline_recognition: "TextRecognition",
  seal_text_detection: "SealTextDetection",
  doc_img_unwarping: "TextImageUnwarping",
  doc_img_orientation_classification: "DocImgOrientationClassification",
  textline_orientation_classification: "TextLineOrientationClassification",
  chart_parsing: "ChartParsing",
  formula_recognition: "FormulaRecognition",
  layout_detection: "LayoutDetection",
  table_cells_detection: "TableCellsDetection",
  wired_table_classification: "TableClassification",
  table_structure_recognition: "TableStructureRecognition",
};
const PADDLE_INSTALL = `# 1. Install paddlepaddle: see https://www.paddlepaddle.org.cn/en/install
# 2. pip install paddleocr`;

function paddleOcr(m: ModelData): string[] {
  const tags = m.tags ?? [];
  if (tags.includes("doc_vlm")) {
    return [
      `${PADDLE_INSTALL}
from paddleocr import DocVLM

model = DocVLM(model_name=${pyString(modelName(m))})
output = model.predict(
    input={"image": "path/to/image.png", "query": "Parse the content of this image and return it as Markdown."},
    batch_size=1,
)
for res in output:
    res.print()
    res.save_to_json(save_path="./output/res.json")`,
    ];
  }
  if (tags.includes("document-parse")) {
    const version =
      m.id === "PaddlePaddle/PaddleOCR-VL" ? "v1" : m.id.replace("PaddlePaddle/PaddleOCR-VL-", "v");
    return [
      `# Installation: https://www.paddleocr.ai/latest/version3.x/pipeline_usage/PaddleOCR-VL.html
from paddleocr import PaddleOCRVL

pipeline = PaddleOCRVL(pipeline_version=${pyString(version)})
output = pipeline.predict("path/to/document_image.png")
for res in output:
    res.print()
    res.save_to_json(save_path="output")
    res.save_to_markdown(save_path="output")`,
    ];
  }
  const moduleTag = tags.find((t) => Object.hasOwn(PADDLE_MODULES, t));
  if (moduleTag) {
    const module = PADDLE_MODULES[moduleTag];
    return [
      `${PADDLE_INSTALL}
from paddleocr import ${module}

model = ${module}(model_name=${pyString(modelName(m))})
output = model.predict(input="path/to/image.png", batch_size=1)
for res in output:
    res.print()
    res.save_to_img(save_path="./output/")
    res.save_to_json(save_path="./output/res.json")`,
    ];
  }
  return [
    `# Please refer to the document for information on how to use the model.
# https://paddlepaddle.github.io/PaddleOCR/latest/en/version3.x/module_usage/module_overview.html`,
  ];
}

const SPEECHBRAIN_METHODS: Record<string, string> = {
  EncoderClassifier: "classify_file",
  EncoderDecoderASR: "transcribe_file",
  EncoderASR: "transcribe_file",
  SpectralMaskEnhancement: "enhance_file",
  SepformerSeparation: "separate_file",
};

function speechbrain(m: ModelData): string[] {
  const iface = m.config?.speechbrain?.speechbrain_interface;
  if (!iface) return ["# interface not specified in config.json"];
  const method = Object.hasOwn(SPEECHBRAIN_METHODS, iface) ? SPEECHBRAIN_METHODS[iface] : undefined;
  if (!method) return ["# interface in config.json invalid"];
  return [
    `from speechbrain.pretrained import ${iface}

model = ${iface}.from_hparams(${pyString(m.id)})
model.${method}("file.wav")`,
  ];
}

function audiocraft(m: ModelData): string[] {
  const tags = m.tags ?? [];
  if (tags.includes("musicgen")) {
    return [
      `from audiocraft.models import MusicGen

model = MusicGen.get_pretrained(${pyString(m.id)})

descriptions = ["happy rock", "energetic EDM", "sad jazz"]
wav = model.generate(descriptions)  # three samples, one per description`,
    ];
  }
  if (tags.includes("audiogen")) {
    return [
      `from audiocraft.models import AudioGen

model = AudioGen.get_pretrained(${pyString(m.id)})
model.set_generation_params(duration=5)  # seconds of audio

descriptions = ["dog barking", "sirene of an emergency vehicle", "footsteps in a corridor"]
wav = model.generate(descriptions)  # three samples, one per description`,
    ];
  }
  if (tags.includes("magnet")) {
    return [
      `from audiocraft.models import MAGNeT

model = MAGNeT.get_pretrained(${pyString(m.id)})

descriptions = ["disco beat", "energetic EDM", "funky groove"]
wav = model.generate(descriptions)  # three samples, one per description`,
    ];
  }
  return ["# Type of model unknown."];
}
function sentenceTransformers(m: ModelData): string[] {
  if (m.tags?.includes("PyLate")) {
    return [
      `from pylate import models\n\nqueries = [\n    "Which planet is known as the Red Planet?",\n    "Which planet is the largest in the solar system?",\n]\ndocuments = [\n    ["Mars looks red because of the iron oxide on its surface.", "Venus is the hottest planet."],\n    ["Jupiter is the largest planet of the solar system.", "Saturn is best known for its rings."],\n]\n\nmodel = models.ColBERT(model_name_or_path=${pyString(m.id)})\n\nqueries_emb = model.encode(queries, is_query=True)\ndocs_emb = model.encode(documents, is_query=False)`,
    ];
  }
  const remote = m.tags?.includes("custom_code") ? ", trust_remote_code=True" : "";
  if (m.tags?.includes("cross-encoder") || m.pipeline_tag === "text-ranking") {
    return [
      `from sentence_transformers import CrossEncoder\n\nmodel = CrossEncoder(${pyString(m.id)}${remote})\n\nquery = "Which planet is known as the Red Planet?"\npassages = [\n    "Venus is about the same size as Earth and is its closest neighbour.",\n    "Mars looks red because of the iron oxide on its surface; it is called the Red Planet.",\n    "Jupiter is the largest planet of the solar system and has a great red spot.",\n    "Saturn is best known for its rings.",\n]\n\nscores = model.predict([(query, passage) for passage in passages])\nprint(scores)`,
    ];
  }
  const w = m.widgetData?.[0];
  const sentences =
    w?.source_sentence && w.sentences?.length
      ? [w.source_sentence, ...w.sentences]
      : ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."];
  return [
    `from sentence_transformers import SentenceTransformer\n\nmodel = SentenceTransformer(${pyString(m.id)}${remote})\n\nsentences = [\n${sentences.map((s) => `    ${pyString(s)},\n`).join("")}]\nembeddings = model.encode(sentences)\n\nsimilarities = model.similarity(embeddings, embeddings)\nprint(similarities.shape)\n# [${sentences.length}, ${sentences.length}]`,
  ];
}

function peft(m: ModelData): string[] {
  const task = (
    {
      CAUSAL_LM: "CausalLM",
      SEQ_2_SEQ_LM: "Seq2SeqLM",
      TOKEN_CLS: "TokenClassification",
      SEQ_CLS: "SequenceClassification",
    } as Record<string, string>
  )[m.config?.peft?.task_type ?? ""];
  if (!task) return ["Task type is invalid."];
  const base = m.config?.peft?.base_model_name_or_path;
  if (!base) return ["Base model is not found."];
  return [
    `from peft import PeftModel\nfrom transformers import AutoModelFor${task}\n\nbase_model = AutoModelFor${task}.from_pretrained(${pyString(base)})\nmodel = PeftModel.from_pretrained(base_model, ${pyString(m.id)})`,
  ];
}

export const COMMON: Record<string, Snippets> = {
  moshi,
  PaddleOCR: paddleOcr,
  speechbrain,
  audiocraft,
  "sentence-transformers": sentenceTransformers,
  peft,
};
