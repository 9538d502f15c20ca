/**
 * Per-call time of MODEL_LIBRARIES_UI_ELEMENTS[key].snippets(model) over the sample records, next to
 * hand-written template-literal functions for three libraries (the target: as fast as those).
 */
import { MODEL_SAMPLES } from "../src/generated/samples.gen.js";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../src/index.js";
import type { ModelData } from "../src/snippets/libraries/model-data.js";
import { pyString } from "../src/templating/helpers.js";
import type { BenchRow } from "./harness.js";

type Snippets = (model: ModelData) => string[];
const element = (key: string) => (MODEL_LIBRARIES_UI_ELEMENTS as Record<string, { snippets?: Snippets }>)[key];
const keys = Object.keys(MODEL_LIBRARIES_UI_ELEMENTS).filter((k) => element(k).snippets);

/**
 * Microseconds per call of `call(i)` over `n` inputs: the best of several rounds of about `roundMs`
 * each, after a warm-up. The minimum is the figure least disturbed by other processes on the machine.
 */
function perCall(n: number, call: (i: number) => unknown, { rounds = 7, roundMs = 60 } = {}): number {
  let sink = 0;
  for (let r = 0; r < 20; r++) for (let i = 0; i < n; i++) sink += (call(i) as unknown[]).length;
  const batch = Math.max(n, 2000 - (2000 % n));
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (let k = 0; k < batch; k += n) for (let i = 0; i < n; i++) sink += (call(i) as unknown[]).length;
      calls += batch;
      elapsed = performance.now() - start;
    }
    best = Math.min(best, (elapsed * 1000) / calls);
  }
  if (sink < 0) console.log(sink);
  return best;
}

// Hand-written template literals, with the same escaping the templates use (pyString) ...
const HAND: Record<string, Snippets> = {
  bertopic: (m) => [`from bertopic import BERTopic\n\nmodel = BERTopic.load(${pyString(m.id)})`],
  "sentence-transformers": (m) => {
    if (m.tags?.includes("PyLate")) {
      return [`from pylate import models\n\nqueries = [\n    "Which planet is known as the Red Planet?",\n    "Which planet is the largest in the solar system?",\n]\ndocuments = [\n    ["Mars looks red because of the iron oxide on its surface.", "Venus is the hottest planet."],\n    ["Jupiter is the largest planet of the solar system.", "Saturn is best known for its rings."],\n]\n\nmodel = models.ColBERT(model_name_or_path=${pyString(m.id)})\n\nqueries_emb = model.encode(queries, is_query=True)\ndocs_emb = model.encode(documents, is_query=False)`];
    }
    const remote = m.tags?.includes("custom_code") ? ", trust_remote_code=True" : "";
    if (m.tags?.includes("cross-encoder") || m.pipeline_tag === "text-ranking") {
      return [`from sentence_transformers import CrossEncoder\n\nmodel = CrossEncoder(${pyString(m.id)}${remote})\n\nquery = "Which planet is known as the Red Planet?"\npassages = [\n    "Venus is about the same size as Earth and is its closest neighbour.",\n    "Mars looks red because of the iron oxide on its surface; it is called the Red Planet.",\n    "Jupiter is the largest planet of the solar system and has a great red spot.",\n    "Saturn is best known for its rings.",\n]\n\nscores = model.predict([(query, passage) for passage in passages])\nprint(scores)`];
    }
    const w = m.widgetData?.[0];
    const sentences = w?.source_sentence && w.sentences?.length ? [w.source_sentence, ...w.sentences] : ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."];
    return [`from sentence_transformers import SentenceTransformer\n\nmodel = SentenceTransformer(${pyString(m.id)}${remote})\n\nsentences = [\n${sentences.map((s) => `    ${pyString(s)},\n`).join("")}]\nembeddings = model.encode(sentences)\n\nsimilarities = model.similarity(embeddings, embeddings)\nprint(similarities.shape)\n# [${sentences.length}, ${sentences.length}]`];
  },
  peft: (m) => {
    const task = ({ CAUSAL_LM: "CausalLM", SEQ_2_SEQ_LM: "Seq2SeqLM", TOKEN_CLS: "TokenClassification", SEQ_CLS: "SequenceClassification" } as Record<string, string>)[m.config?.peft?.task_type ?? ""];
    if (!task) return ["Task type is invalid."];
    const base = m.config?.peft?.base_model_name_or_path;
    if (!base) return ["Base model is not found."];
    return [`from peft import PeftModel\nfrom transformers import AutoModelFor${task}\n\nbase_model = AutoModelFor${task}.from_pretrained(${pyString(base)})\nmodel = PeftModel.from_pretrained(base_model, ${pyString(m.id)})`];
  },
};
// ... and as upstream writes them, with the id pasted in raw (no escaping at all).
const RAW: Record<string, Snippets> = {
  bertopic: (m) => [`from bertopic import BERTopic\n\nmodel = BERTopic.load("${m.id}")`],
};

export default async function librarySnippetsBench(): Promise<BenchRow[]> {
  const all: [Snippets, ModelData][] = keys.flatMap((k) => MODEL_SAMPLES.map((s): [Snippets, ModelData] => [element(k).snippets!, s.model]));
  const own: [Snippets, ModelData][] = MODEL_SAMPLES.filter((s) => keys.includes(s.model.library_name!)).map((s) => [element(s.model.library_name!).snippets!, s.model]);
  const rows: BenchRow[] = [];
  const target = "≈ 0.3 µs";
  const load = (await import("node:os")).loadavg()[0];
  rows.push({ name: `machine load average (1 min) while measuring`, value: load, unit: "" });
  const allTime = perCall(all.length, (i) => all[i][0](all[i][1]));
  rows.push({ name: `snippets(model): ${keys.length} libraries × ${MODEL_SAMPLES.length} samples (${all.length} calls)`, value: allTime, unit: "µs/call", target, ok: allTime <= 0.45 });
  const ownTime = perCall(own.length, (i) => own[i][0](own[i][1]));
  rows.push({ name: `snippets(model): each sample with its own library (${own.length} calls)`, value: ownTime, unit: "µs/call", target, ok: ownTime <= 0.45 });
  // Each library timed on its own samples, then the mean over libraries (every library weighs the same).
  const perLibrary = keys.map((key) => {
    const samples = MODEL_SAMPLES.filter((s) => s.model.library_name === key).map((s) => s.model);
    const snippets = element(key).snippets!;
    return { key, time: perCall(samples.length, (i) => snippets(samples[i]), { rounds: 5, roundMs: 25 }) };
  });
  const mean = perLibrary.reduce((sum, l) => sum + l.time, 0) / perLibrary.length;
  rows.push({ name: `snippets(model): mean over ${keys.length} libraries, each on its own samples`, value: mean, unit: "µs/call", target, ok: mean <= 0.45 });
  const slowest = perLibrary.sort((a, b) => b.time - a.time)[0];
  rows.push({ name: `snippets(model): slowest library (${slowest.key})`, value: slowest.time, unit: "µs/call" });
  for (const key of Object.keys(HAND)) {
    const samples = MODEL_SAMPLES.filter((s) => s.model.library_name === key).map((s) => s.model);
    const generated = element(key).snippets!;
    for (const m of samples) {
      if (JSON.stringify(HAND[key](m)) !== JSON.stringify(generated(m))) throw new Error(`hand-written ${key} differs from the template for ${m.id}`);
    }
    const t = perCall(samples.length, (i) => generated(samples[i]));
    const h = perCall(samples.length, (i) => HAND[key](samples[i]));
    rows.push({ name: `${key}: templates (${samples.length} samples)`, value: t, unit: "µs/call" });
    rows.push({ name: `${key}: hand-written template literal`, value: h, unit: "µs/call" });
    rows.push({ name: `${key}: templates / hand-written`, value: t / h, unit: "ratio", target: "≈ 1", ok: t / h < 1.5 });
    if (RAW[key]) rows.push({ name: `${key}: hand-written, id pasted raw (upstream style)`, value: perCall(samples.length, (i) => RAW[key](samples[i])), unit: "µs/call" });
  }
  return rows;
}
