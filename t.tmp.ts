import { getInferenceSnippets } from "./src/snippets/index.ts";
import { parse } from "acorn";
const s = getInferenceSnippets({ id: "a/b", pipeline_tag: "summarization" }, "hf-inference", undefined, { endpointUrl: "https://e.example/line sep\u2028para sep\u2029" });
const h = s.find((x) => x.client === "huggingface.js")!;
console.log(JSON.stringify(h.content));
