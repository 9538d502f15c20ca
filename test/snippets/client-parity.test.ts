/**
 * Snippet = client: each curl snippet runs (bash) against the loopback fake server, its origin replaced (see
 * test/snippets/run-snippet.ts), and the server must receive the same method, URL, headers and body as
 * InferenceClient sends for the same case. The other raw-HTTP snippets (fetch, requests) run to completion
 * with protocol answers in execution.test.ts.
 * Headers compared: all but the transport's own (User-Agent, Accept, Host, Connection, Content-Length, ...),
 * which name the sending program rather than the request.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INFERENCE_SNIPPET_TASKS } from "../../src/generated/inference-tasks.gen.js";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { FakeServer } from "../client/fake-server.js";
import { fullMatrix } from "./matrix.js";
import { clientCall, HAS_CURL, RUN_TIMEOUT, runSnippet, seenAll, snippetFolder } from "./run-snippet.js";

const NAMES = [
  "text-classification.hf-inference.default",
  "text-classification.hf-inference.bill-to",
  "text-classification.hf-inference.token",
  "summarization.hf-inference.endpoint",
  "zero-shot-classification.hf-inference.direct",
  "sentence-similarity.hf-inference.default",
  "fill-mask.hf-inference.default",
  "image-classification.hf-inference.default",
  "automatic-speech-recognition.hf-inference.default",
  "audio-to-audio.hf-inference.bill-to",
  "audio-to-audio.fal-ai.default",
  "image-segmentation.hf-inference.default",
  "text-to-image.hf-inference.default",
  "text-to-image.together.default",
  "text-to-image.fal-ai.direct",
  "text-to-image.black-forest-labs.direct",
  "text-to-image.replicate.lora",
  "image-to-image.fal-ai.default",
  "image-to-image.replicate.direct",
  "text-to-speech.hf-inference.default",
  "text-to-speech.together.default",
  "automatic-speech-recognition.together.default",
  "automatic-speech-recognition.deepinfra.direct",
  "feature-extraction.nebius.default",
  "feature-extraction.sambanova.direct",
  "text-generation-chat.together.default",
  "text-generation-chat.together.stream",
  "text-generation-chat.together.chat-options",
  "text-generation-chat.cohere.direct",
  "text-generation-chat.hf-inference.endpoint",
  "image-text-to-text-chat.nebius.direct",
  "text-generation-chat.auto.default",
  "text-generation-chat.auto.bill-to",
  "text-generation-chat.auto.stream",
];

let cwd = "";
beforeAll(() => {
  cwd = snippetFolder();
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const cases = (() => {
  const byName = new Map(fullMatrix().map((c) => [c.name, c]));
  return NAMES.map((n) => byName.get(n)!);
})();
const runs = cases.flatMap((c) =>
  getInferenceSnippets(c.model, c.provider, c.mapping, c.opts)
    .filter((s) => s.client === "curl")
    .map((s) => ({ c, s })),
);

const curl = HAS_CURL ? "curl" : "a Node stand-in for curl (none installed)";
describe.concurrent(
  `snippet = client: ${runs.length} curl snippets over ${cases.length} cases, run with ${curl}`,
  () => {
    it("covers at least 20 cases, and every task template with a raw-HTTP snippet", () => {
      expect(cases.every(Boolean)).toBe(true);
      expect(cases.length).toBeGreaterThanOrEqual(20);
      expect(
        new Set(cases.map((c) => INFERENCE_SNIPPET_TASKS[c.model.pipeline_tag!].template)).size,
      ).toBeGreaterThanOrEqual(8);
    });

    for (const { c, s } of runs) {
      it(
        `${c.name} ${s.language}/${s.client}`,
        async () => {
          // One server per run: runs go in parallel. It answers 404, so a snippet may fail reading the answer:
          // only its request matters here (test/snippets/execution.test.ts runs snippets to completion).
          const server = await new FakeServer().start();
          try {
            const sent = (await clientCall(server, c, "provider")).filter((r) => r.method === "POST");
            server.reset();
            const origins = [...new Set(sent.map((r) => new URL(r.url).origin))];
            await runSnippet("sh", s.content, { server, cwd, origins });
            // The text had its one origin replaced: that is the origin it asked for.
            expect(await seenAll(server.received, origins[0])).toEqual(await seenAll(sent));
          } finally {
            await server.stop();
          }
        },
        RUN_TIMEOUT + 20_000,
      );
    }
  },
);
