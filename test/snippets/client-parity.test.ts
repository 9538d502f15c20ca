/**
 * Snippet = client: each curl snippet (bash) and each JS fetch snippet (node) runs against the loopback fake
 * server (only the origin rewritten), and the server must receive the same method, path, headers and body as
 * InferenceClient sends for the same case. Headers compared: all but the transport's own (User-Agent, Accept,
 * Host, Connection, Content-Length, ...), which name the sending program rather than the request.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient } from "../../src/inference/index.js";
import { METHOD_OF_TASK } from "../../src/inference/methods.js";
import { INFERENCE_SNIPPET_TASKS } from "../../src/generated/inference-tasks.gen.js";
import { exampleArgs, exampleMessages, mapFiles } from "../../src/snippets/inputs.js";
import { getInferenceSnippets, snippetTemplate } from "../../src/snippets/index.js";
import { FakeServer, mappingRoute, type Received } from "../client/fake-server.js";
import { fullMatrix, type SnippetCase } from "./matrix.js";

const run = promisify(execFile);
const HF = "hf_parityToken123";
const KEY = "parity-provider-key-456";
const FILES: Record<string, Buffer> = {
  "cats.jpg": Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 250, 0, 10, 13]),
  "cat.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7, 0, 255]),
  "invoice.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 1, 1]),
  "sample1.flac": Buffer.from("fLaC\u0000\u0001audio", "latin1"),
  "sample1.wav": Buffer.from("RIFF\u0000\u0000WAVEfmt ", "latin1"),
};
const TRANSPORT = new Set(["host", "user-agent", "accept", "accept-encoding", "accept-language", "sec-fetch-mode", "connection", "content-length", "expect"]);

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
  "image-segmentation.hf-inference.default",
  "text-to-image.hf-inference.default",
  "text-to-image.together.default",
  "text-to-image.fal-ai.direct",
  "text-to-image.black-forest-labs.direct",
  "text-to-image.replicate.lora",
  "image-to-image.fal-ai.default",
  "image-to-image.replicate.direct",
  "text-to-speech.hf-inference.default",
  "feature-extraction.nebius.default",
  "feature-extraction.sambanova.direct",
  "text-generation.together.default",
  "text-generation.groq.direct",
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

const server = new FakeServer();
let cwd = "";
beforeAll(async () => {
  await server.start();
  cwd = mkdtempSync(join(tmpdir(), "hubkit-parity-"));
  for (const [name, bytes] of Object.entries(FILES)) writeFileSync(join(cwd, name), bytes);
});
afterAll(async () => {
  await server.stop();
  rmSync(cwd, { recursive: true, force: true });
});
beforeEach(() => server.reset());

/** What the client is called with for a case: the same example, the same token kind, the same options. */
async function clientRequest(c: SnippetCase): Promise<Received> {
  const selected = snippetTemplate(c.model, c.opts)!;
  const opts = c.opts ?? {};
  const token = opts.accessToken ?? (opts.directRequest && c.provider !== "hf-inference" ? KEY : HF);
  const entry = c.mapping ?? { providerId: c.model.id };
  mappingRoute(server, c.model.id, { [c.provider]: { providerId: entry.providerId, task: selected.task, adapter: c.mapping?.adapter, adapterWeightsPath: c.mapping?.adapterWeightsPath } });
  const example = exampleArgs(c.model, c.model.pipeline_tag!, opts);
  const args: Record<string, unknown> = selected.chat
    ? { messages: exampleMessages(c.model.pipeline_tag!, opts), temperature: opts.temperature, max_tokens: opts.max_tokens, top_p: opts.top_p }
    : (mapFiles(example, (f) => new Blob([new Uint8Array(FILES[f.path])], { type: f.contentType })) as Record<string, unknown>);
  Object.assign(args, { model: c.model.id }, opts.endpointUrl ? { endpointUrl: opts.endpointUrl } : { provider: c.provider });
  const client = new InferenceClient(token, { fetch: server.fetch, billTo: opts.billTo, retry_on_error: false, pollIntervalMs: 1 });
  const method = selected.chat ? (opts.streaming ? "chatCompletionStream" : "chatCompletion") : METHOD_OF_TASK[selected.task];
  const result = (client as unknown as Record<string, (a: unknown) => unknown>)[method](args);
  try {
    await (result instanceof Promise ? result : (result as { open(): Promise<void> }).open());
  } catch {
    // The fake server answers 404: only the request matters here.
  }
  const posts = server.received.filter((r) => r.method === "POST");
  expect(posts.length).toBe(1);
  return posts[0];
}

/** Runs a snippet with its origin rewritten to the fake server; returns what the server received. */
async function snippetRequest(language: "sh" | "js", content: string, origin: string): Promise<Received> {
  const code = content.split(origin).join(server.origin);
  expect(code).not.toBe(content);
  const env = { PATH: process.env.PATH ?? "", HF_TOKEN: HF, API_TOKEN: HF, ...providerKeys() };
  // The fake server answers 404, so a snippet may fail reading the answer: only its request matters here.
  if (language === "sh") await run("bash", ["-c", code], { cwd, env }).catch(() => undefined);
  else {
    const file = join(cwd, `snippet-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, code);
    await run(process.execPath, [file], { cwd, env }).catch(() => undefined);
  }
  const posts = server.received.filter((r) => r.method === "POST");
  expect(posts.length).toBe(1);
  return posts[0];
}

function providerKeys(): Record<string, string> {
  return Object.fromEntries(["together", "fal-ai", "black-forest-labs", "replicate", "nebius", "sambanova", "groq", "cohere", "hf-inference"].map((p) => [`${p.toUpperCase().replace(/-/g, "_")}_API_KEY`, KEY]));
}

const headersOf = (r: Received) => Object.fromEntries(Object.entries(r.headers).filter(([k]) => !TRANSPORT.has(k)));
const bodyOf = (r: Received) => (r.json !== undefined ? { json: r.json } : { bytes: [...r.body] });

const cases = (() => {
  const byName = new Map(fullMatrix().map((c) => [c.name, c]));
  return NAMES.map((n) => byName.get(n)!);
})();
const runs = cases.flatMap((c) =>
  getInferenceSnippets(c.model, c.provider, c.mapping, c.opts)
    .filter((s) => s.client === "curl" || s.client === "fetch")
    .map((s) => ({ c, s })),
);

describe(`snippet = client: ${runs.filter((r) => r.s.client === "curl").length} curl and ${runs.filter((r) => r.s.client === "fetch").length} fetch snippets over ${cases.length} cases`, () => {
  it("covers at least 20 cases, and every task template with a raw-HTTP snippet", () => {
    expect(cases.every(Boolean)).toBe(true);
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((c) => INFERENCE_SNIPPET_TASKS[c.model.pipeline_tag!].template)).size).toBeGreaterThanOrEqual(8);
  });

  for (const { c, s } of runs) {
    it(`${c.name} ${s.language}/${s.client}`, async () => {
      const sent = await clientRequest(c);
      server.reset();
      const origin = new URL(sent.url).origin;
      const got = await snippetRequest(s.language as "sh" | "js", s.content, origin);
      expect(got.method).toBe(sent.method);
      expect(got.path).toBe(sent.path);
      expect(headersOf(got)).toEqual(headersOf(sent));
      expect(bodyOf(got)).toEqual(bodyOf(sent));
    }, 20_000);
  }
});
