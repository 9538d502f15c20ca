/**
 * Generated snippets run unmodified, as a new user would run them, against the loopback fake server answering
 * in each provider's protocol: JS snippets with the real `openai` npm package and with hubkit's own client
 * standing in for `@huggingface/inference` (installed as that package; no @huggingface/* package is installed),
 * Python `requests` snippets with python3. Each must finish without error, having sent exactly what
 * InferenceClient sends for the same call (the hub SDK snippets: every request, hub lookups and polls included).
 * How the snippets reach the server without being edited: test/snippets/run-snippet.ts.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INFERENCE_SNIPPET_TASKS } from "../../src/generated/inference-tasks.gen.js";
import { PROVIDER_IDS, PROVIDERS } from "../../src/generated/providers.gen.js";
import { InferenceClient } from "../../src/inference/index.js";
import { getInferenceSnippets, snippetTemplate, type InferenceSnippet } from "../../src/snippets/index.js";
import type {
  InferenceProviderOrPolicy,
  InferenceSnippetOptions,
  ModelDataMinimal,
} from "../../src/snippets/types.js";
import { FakeServer, reply, replyBytes, replySse, type Received } from "../client/fake-server.js";
import { CHAT_ANSWER, chatChunk, FILE_BYTES, MODEL, PID } from "../fixtures/providers/cases.js";
import { ALL_CASES } from "../fixtures/providers/index.js";
import { PYTHON } from "../support/interpreters.js";
import type { SnippetCase } from "./matrix.js";
import {
  clientCall,
  installSnippetPackages,
  mapCase,
  PYTHON_HAS_REQUESTS,
  RUN_TIMEOUT,
  runSnippet,
  seenAll,
  snippetFolder,
  type SnippetRun,
} from "./run-snippet.js";

/** The clients run here (curl, which only prints what it received, is compared by client-parity.test.ts). */
const CLIENTS = new Set(["js/openai", "js/huggingface.js", "js/fetch", "python/requests"]);

const serves = (provider: string, task: string) =>
  Boolean((PROVIDERS as Record<string, { tasks: Record<string, unknown> }>)[provider]?.tasks[task]);
const protocolCase = (provider: string, task: string) =>
  ALL_CASES.find((p) => p.provider === provider && p.task === task);

/** A case on the model and provider id the protocol answers of test/fixtures/providers/cases.ts expect. */
function runCase(
  name: string,
  model: Omit<ModelDataMinimal, "id">,
  provider: InferenceProviderOrPolicy,
  opts?: InferenceSnippetOptions,
): SnippetCase {
  const m = { id: provider === "openai" ? "openai/gpt-x" : MODEL, ...model };
  const task = snippetTemplate(m, opts)!.task;
  const mapping =
    provider === "auto" || provider === "hf-inference" || provider === "openai"
      ? undefined
      : { provider, providerId: PID, task };
  return { name, model: m, provider, mapping, opts };
}

const chat = { pipeline_tag: "text-generation", tags: ["conversational"] };
const vision = { pipeline_tag: "image-text-to-text", tags: ["conversational"] };
const CHAT_CASES: SnippetCase[] = [
  runCase("chat together", chat, "together"),
  runCase("chat together stream", chat, "together", { streaming: true }),
  runCase("chat together bill-to", chat, "together", { billTo: "acme-org" }),
  runCase("chat together token", chat, "together", { accessToken: "hf_literalToken123" }),
  runCase("chat together direct stream options", chat, "together", {
    streaming: true,
    temperature: 0,
    billTo: "acme-org",
    directRequest: true,
  }),
  runCase("chat auto", chat, "auto"),
  runCase("chat auto stream", chat, "auto", { streaming: true }),
  runCase("chat groq direct", chat, "groq", { directRequest: true }),
  runCase("chat endpoint", chat, "hf-inference", { endpointUrl: "https://acme.endpoints.example.com/v1" }),
  runCase("chat openai", chat, "openai"),
  runCase("vision auto", vision, "auto"),
];

/** Every task with snippets of its own, on hf-inference or else the first provider with a protocol answer. */
const TASK_CASES: SnippetCase[] = Object.entries(INFERENCE_SNIPPET_TASKS).flatMap(([task, info]) => {
  if (!info.template || info.template === "conversational") return [];
  const provider = serves("hf-inference", task)
    ? "hf-inference"
    : PROVIDER_IDS.find((p) => serves(p, task) && protocolCase(p, task));
  return provider ? [runCase(`${task} ${provider}`, { pipeline_tag: task }, provider)] : [];
});

const asr = { pipeline_tag: "automatic-speech-recognition" };
const OTHER_CASES: SnippetCase[] = [
  runCase("text-classification bill-to", { pipeline_tag: "text-classification" }, "hf-inference", {
    billTo: "acme-org",
  }),
  runCase("text-classification endpoint", { pipeline_tag: "text-classification" }, "hf-inference", {
    endpointUrl: "https://acme.endpoints.example.com/classify",
  }),
  runCase("text-to-image together", { pipeline_tag: "text-to-image" }, "together"),
  runCase("text-to-image fal-ai direct", { pipeline_tag: "text-to-image" }, "fal-ai", {
    directRequest: true,
  }),
  runCase("text-to-image black-forest-labs direct", { pipeline_tag: "text-to-image" }, "black-forest-labs", {
    directRequest: true,
  }),
  runCase("image-to-image fal-ai", { pipeline_tag: "image-to-image" }, "fal-ai"),
  runCase("image-to-image replicate direct", { pipeline_tag: "image-to-image" }, "replicate", {
    directRequest: true,
  }),
  runCase("text-generation together", { pipeline_tag: "text-generation" }, "together"),
  // fal-ai takes wav, mp3, mp4 and webm audio only: the task's example file must be one of them
  runCase("audio-to-audio fal-ai", { pipeline_tag: "audio-to-audio" }, "fal-ai"),
  // multipart uploads, and audio answers that are the file's bytes
  runCase("automatic-speech-recognition together", asr, "together"),
  runCase("automatic-speech-recognition deepinfra direct", asr, "deepinfra", { directRequest: true }),
  runCase("text-to-speech together", { pipeline_tag: "text-to-speech" }, "together"),
  runCase("text-to-speech deepinfra direct", { pipeline_tag: "text-to-speech" }, "deepinfra", {
    directRequest: true,
  }),
  runCase(
    "text-to-audio hf-inference transformers",
    { pipeline_tag: "text-to-audio", library_name: "transformers" },
    "hf-inference",
  ),
];

/** hf-inference text-to-audio: the audio's bytes, whatever the model's library (InferenceClient reads them so). */
function textToAudioAnswer(s: FakeServer, path: string) {
  s.on("POST", path, (_r, res) => replyBytes(res, "audio/flac", FILE_BYTES));
}

/** Registers the provider's answer to the case's request (sent to `url`), in the provider's protocol. */
function answer(server: FakeServer, c: SnippetCase, url: string): void {
  const { task, chat: isChat } = snippetTemplate(c.model, c.opts)!;
  const path = new URL(url).pathname;
  if (isChat && c.opts?.streaming) {
    server.on("POST", path, (_r, res) => replySse(res, [chatChunk("Hel"), chatChunk("lo")]));
  } else if (isChat) server.on("POST", path, (_r, res) => reply(res, 200, CHAT_ANSWER));
  else if (task === "text-to-audio") textToAudioAnswer(server, path);
  else {
    const provider = c.opts?.endpointUrl ? "hf-inference" : c.provider;
    const protocol = protocolCase(provider, task);
    if (!protocol) throw new Error(`no protocol answer for ${provider} ${task} in test/fixtures/providers/`);
    const viaRouter = new URL(url).hostname === "router.huggingface.co";
    protocol.answer(server, path, viaRouter ? `/${provider}` : "");
  }
}

/** Python modules the snippets import that this machine lacks: a snippet stopping on one of them has still run. */
const MISSING_PYTHON = ["PIL", "IPython", "numpy"].filter((m) => {
  try {
    execFileSync(PYTHON, ["-c", `import ${m}`], { stdio: "ignore" });
    return false;
  } catch {
    return true;
  }
});

function expectCompleted(run: SnippetRun, s: InferenceSnippet, isChat: boolean): void {
  const missing = /ModuleNotFoundError: No module named '([\w.]+)'\s*$/.exec(run.stderr)?.[1];
  if (s.language === "python" && missing && MISSING_PYTHON.includes(missing.split(".")[0])) return;
  expect(run.stderr.trim(), "the snippet's error output").toBe("");
  expect(run.code, "exit code").toBe(0);
  if (isChat) expect(run.stdout).toContain("Hello");
}

let cwd = "";
beforeAll(async () => {
  cwd = snippetFolder();
  await installSnippetPackages(cwd);
}, 120_000);
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const runs = [...CHAT_CASES, ...TASK_CASES, ...OTHER_CASES].flatMap((c) =>
  getInferenceSnippets(c.model, c.provider, c.mapping, c.opts)
    .filter((s) => CLIENTS.has(`${s.language}/${s.client}`))
    .map((s) => ({ c, s })),
);
/** A hub SDK snippet calls a client method; hubkit's client may not have every method the upstream has. */
const methodOf = (s: InferenceSnippet) =>
  s.client === "huggingface.js"
    ? /await client\.(\w+)\(|client\.(\w+)\(\{/.exec(s.content)?.slice(1).find(Boolean)
    : undefined;
/** The client method a hub SDK snippet calls, when hubkit's InferenceClient lacks it (the snippet could not run). */
const missingMethod = (s: InferenceSnippet) => {
  const method = methodOf(s);
  const has =
    typeof (InferenceClient.prototype as unknown as Record<string, unknown>)[method ?? ""] === "function";
  return method !== undefined && !has ? method : undefined;
};

describe.concurrent(`generated snippets run with real clients: ${runs.length} runs`, () => {
  it("cover every client, chat through the auto-router and directly, and every task template with snippets", () => {
    const clients = new Set(runs.map((r) => `${r.s.language}/${r.s.client}`));
    expect(clients).toEqual(CLIENTS);
    expect(runs.filter((r) => r.s.client === "openai").length).toBeGreaterThanOrEqual(8);
    const templates = new Set(runs.map((r) => snippetTemplate(r.c.model, r.c.opts)!.template));
    for (const t of [
      "conversational",
      "conversationalStream",
      "basic",
      "basicAudio",
      "basicImage",
      "textToImage",
      "textToAudio",
      "imageToImage",
      "textToSpeech",
    ]) {
      expect(templates, t).toContain(t);
    }
  });

  for (const { c, s } of runs) {
    it(
      `${c.name}: ${s.language}/${s.client}${s.client === "requests" && !PYTHON_HAS_REQUESTS ? " (python3 has no requests: urllib stand-in)" : ""}`,
      async () => {
        expect(missingMethod(s), "the method the snippet calls").toBeUndefined();
        const server = await new FakeServer().start();
        try {
          const isChat = snippetTemplate(c.model, c.opts)!.chat;
          // SDK snippets name the provider in the model for routed chat; raw HTTP shows the provider's route.
          const form = s.client === "requests" || s.client === "fetch" ? "provider" : "model";
          const post = (list: Received[]) => list.find((r) => r.method === "POST")!;
          const probe = post(await clientCall(server, c, form));
          server.reset();
          answer(server, c, probe.url);
          const sent = await clientCall(server, c, form);
          // The hub SDK snippet runs the client itself: every request counts. Others send the one request.
          const expected = s.client === "huggingface.js" ? sent : [post(sent)];
          server.reset();
          mapCase(server, c);
          answer(server, c, probe.url);
          const origins = [...new Set(sent.map((r) => new URL(r.url).origin))];
          const run = await runSnippet(s.language as "js" | "python", s.content, {
            server,
            cwd,
            origins,
          });
          expect(await seenAll(server.received), run.stderr).toEqual(await seenAll(expected));
          expectCompleted(run, s, isChat);
        } finally {
          await server.stop();
        }
      },
      RUN_TIMEOUT + 20_000,
    );
  }
});
