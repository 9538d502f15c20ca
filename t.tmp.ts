import { getInferenceSnippets } from "./src/snippets/getInferenceSnippets.ts";
const cases: [any, string, any?, any?][] = [
  [{ id: "meta-llama/Llama-3.1-8B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"] }, "together", { provider: "together", providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo" }],
  [{ id: "black-forest-labs/FLUX.1-dev", pipeline_tag: "text-to-image" }, "fal-ai", { provider: "fal-ai", providerId: "fal-ai/flux/dev" }, { directRequest: true }],
  [{ id: "openai/whisper-large-v3", pipeline_tag: "automatic-speech-recognition" }, "hf-inference"],
  [{ id: "Salesforce/blip", pipeline_tag: "image-segmentation" }, "hf-inference", undefined, { billTo: "huggingface" }],
];
for (const [m, p, e, o] of cases) for (const s of getInferenceSnippets(m, p, e, o)) console.log(`==== ${s.language}/${s.client}\n${s.content}`);
