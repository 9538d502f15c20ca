/**
 * `hubkit infer` against the fake server via HF_ENDPOINT / HF_ROUTER_URL / --endpoint-url: in this process
 * (test/cli/run-here.ts), and once as a user runs it (node with the tsx loader, src/cli/index.ts).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CHAT_ANSWER, FILE_BYTES, MODEL, PID } from "../fixtures/providers/cases.js";
import { PROVIDER_IDS } from "../../src/inference/index.js";
import { mappingRoute, reply, replyBytes, replySse, useServer } from "./fake-server.js";
import { TSX_LOADER, type RunResult } from "../catalogue/project.js";
import { hubkitHere } from "../cli/run-here.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const repo = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "hubkit-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serverEnv = () => ({
  HF_TOKEN: "hf_cli_token",
  HF_ENDPOINT: server.origin,
  HF_ROUTER_URL: server.origin,
});

/** `hubkit infer <args>` in this process (test/cli/run-here.ts), with the fake server's origins and a token. */
function hubkit(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return hubkitHere(["infer", ...args], { env: { ...serverEnv(), ...env } });
}

/** The same as a user runs it: a process (node with the tsx loader). */
function hubkitProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", TSX_LOADER, "src/cli/index.ts", "infer", ...args],
      { cwd: repo, env: { ...process.env, ...serverEnv() } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

it("chat through the auto-router prints the answer (as a process)", async () => {
  server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
  const r = await hubkitProcess(["chat", "--model", MODEL, "--input", "Hi", "--param", "max_tokens=5"]);
  expect(r).toEqual({ code: 0, stdout: "Hello!\n", stderr: "" });
  expect(server.received.map((q) => `${q.method} ${q.path}`)).toEqual(["POST /v1/chat/completions"]); // no hub lookup
  const submit = server.received[0];
  expect(submit.headers.authorization).toBe("Bearer hf_cli_token");
  expect(submit.json).toEqual({ model: MODEL, messages: [{ role: "user", content: "Hi" }], max_tokens: 5 });
});

it("chat with a named provider goes through its hub mapping", async () => {
  mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } });
  server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
  const r = await hubkit(["chat", "--model", MODEL, "--provider", "groq", "--input", "Hi"]);
  expect(r).toEqual({ code: 0, stdout: "Hello!\n", stderr: "" });
  expect(server.at("/groq/openai/v1/chat/completions")[0].json).toEqual({
    messages: [{ role: "user", content: "Hi" }],
    model: PID,
  });
});

it("--stream prints the deltas as they come", async () => {
  mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } });
  server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) =>
    replySse(
      res,
      ["Hel", "lo"].map((content) => ({ choices: [{ index: 0, delta: { content } }] })),
    ),
  );
  expect(
    await hubkit(["chat", "--model", MODEL, "--provider", "groq", "--input", "Hi", "--stream"]),
  ).toMatchObject({ code: 0, stdout: "Hello\n" });
});

it("--stream of text-generation prints the text of OpenAI completion chunks", async () => {
  mappingRoute(server, MODEL, { together: { providerId: PID, task: "text-generation" } });
  server.on("POST", "/together/v1/completions", (_r, res) =>
    replySse(
      res,
      ["Once", " upon"].map((text) => ({ choices: [{ index: 0, text, finish_reason: null }] })),
    ),
  );
  const r = await hubkit([
    "text-generation",
    "--model",
    MODEL,
    "--provider",
    "together",
    "--input",
    "Hi",
    "--stream",
  ]);
  expect(r).toMatchObject({ code: 0, stdout: "Once upon\n" });
});

it("a file input is sent with the content type of its extension", async () => {
  const photo = join(dir, "photo.webp");
  writeFileSync(photo, FILE_BYTES);
  mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "image-classification" } });
  server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) =>
    reply(res, 200, [{ label: "cat", score: 1 }]),
  );
  const r = await hubkit([
    "image-classification",
    "--model",
    MODEL,
    "--provider",
    "hf-inference",
    "--input",
    `@${photo}`,
  ]);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual([{ label: "cat", score: 1 }]);
  expect(server.at(`/hf-inference/models/${MODEL}`)[0].headers["content-type"]).toBe("image/webp");
});

it("--endpoint-url with a JSON result", async () => {
  server.on("POST", "/my-endpoint", (_r, res) => reply(res, 200, [[{ label: "POSITIVE", score: 0.99 }]]));
  const r = await hubkit([
    "text-classification",
    "--endpoint-url",
    `${server.origin}/my-endpoint`,
    "--input",
    "great",
  ]);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual([{ label: "POSITIVE", score: 0.99 }]);
  expect(server.received[0].json).toEqual({ inputs: "great" });
});

it("binary results go to --output; a --param far from every option name is a provider's own and is sent", async () => {
  mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-to-image" } });
  server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
  const out = join(dir, "cat.png");
  const r = await hubkit([
    "text-to-image",
    "--model",
    MODEL,
    "--provider",
    "hf-inference",
    "--input",
    "a cat",
    "--param",
    "safety_tolerance=2",
    "--output",
    out,
  ]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe(`wrote ${FILE_BYTES.length} bytes (image/png) to ${out}\n`);
  expect(readFileSync(out)).toEqual(FILE_BYTES);
  expect(server.at(`/hf-inference/models/${MODEL}`)[0].json).toEqual({
    inputs: "a cat",
    parameters: { safety_tolerance: 2 },
  });
});

it("image-text-to-image without --input: the prompt alone, as a parameter", async () => {
  mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "image-text-to-image" } });
  server.on("POST", `/fal-ai/${PID}`, (_r, res) =>
    reply(res, 200, {
      request_id: "q",
      status: "COMPLETED",
      response_url: `https://queue.fal.run/${PID}/requests/q`,
    }),
  );
  server.on(
    "GET",
    `/fal-ai/${PID}/requests/q`,
    (_r, res) => reply(res, 200, { images: [{ url: `${server.origin}/out.png` }] }), // the CLI fetches the real URL
  );
  server.on("GET", "/out.png", (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
  const out = join(dir, "tiger.png");
  const args = ["image-text-to-image", "--model", MODEL, "--provider", "fal-ai", "--param", "prompt=a tiger"];
  const r = await hubkit([...args, "--output", out]);
  expect(r.stderr).toBe(`wrote ${FILE_BYTES.length} bytes (image/png) to ${out}\n`);
  expect(r.code).toBe(0);
  expect(server.at(`/fal-ai/${PID}`)[0].json).toEqual({ prompt: "a tiger" });
  expect(readFileSync(out)).toEqual(FILE_BYTES);
});
it.each([
  [
    ["chat", "--model", MODEL, "--provider", "nope", "--input", "x"],
    new RegExp(`^hubkit infer: unknown provider "nope"; known: auto, ${PROVIDER_IDS.join(", ")}$`),
  ],
  [
    ["chat", "--model", "openai/gpt-4o", "--provider", "openai", "--input", "x"],
    /^hubkit infer: Provider openai is closed-source and does not support HF tokens\.$/,
  ],
  [
    ["image-classification", "--model", MODEL, "--input", "@/no/such/file.png"],
    /^hubkit infer: cannot read --input file \/no\/such\/file.png: ENOENT$/,
  ],
  [["chat", "--model", MODEL, "--bogus"], /^hubkit infer: Unknown option '--bogus'/],
  [
    ["frobnicate", "--input", "x"],
    /^hubkit infer: unknown task "frobnicate"; known: chat, conversational, text-classification, /,
  ],
  [
    ["text-classification", "--input", "x", "--stream"],
    /^hubkit infer: --stream works with chat and text-generation only$/,
  ],
  [["text-to-speech", "--input", "x"], /^hubkit infer: text-to-speech returns a file: pass --output FILE$/],
  [
    ["image-to-text", "--input", "a cat"],
    /^hubkit infer: this task takes a file: pass --input @path\/to\/file$/,
  ],
])("user mistakes: one clear line, exit 2, no stack trace (%j)", async (args, message) => {
  const r = await hubkit(args);
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

it.each([
  [
    ["chat", "--model", MODEL, "--input", "Hi"],
    { HF_TOKEN: "" },
    "hubkit infer: the auto-router needs a Hugging Face token: export HF_TOKEN=hf_... (or name a provider with --provider and set its <PROVIDER>_API_KEY)\n",
  ],
  [
    ["chat", "--model", MODEL, "--input", "Hi", "--provider", "together"],
    { HF_TOKEN: "", TOGETHER_API_KEY: "" },
    "hubkit infer: no token for together: export TOGETHER_API_KEY=... (its own key, sent to together directly) or HF_TOKEN=hf_... (billed through the hub)\n",
  ],
  [
    ["text-to-image", "--model", MODEL, "--input", "a cat", "--output", "/no/such/dir/cat.png"],
    {},
    "hubkit infer: cannot write --output /no/such/dir/cat.png: no such folder /no/such/dir\n",
  ],
  [
    ["text-to-image", "--model", MODEL, "--input", "a cat", "--output", "."],
    {},
    "hubkit infer: cannot write --output .: it is a folder\n",
  ],
  [
    [
      "text-to-image",
      "--model",
      MODEL,
      "--input",
      "a cat",
      "--param",
      "num_inference_stepz=5",
      "--output",
      "cat.png",
    ],
    {},
    'hubkit infer: --param num_inference_stepz is not an option of text-to-image (did you mean "num_inference_steps"?); hubkit infer text-to-image --help lists them\n',
  ],
  [
    ["chat", "--model", MODEL, "--input", "Hi", "--param", "max_tokenz=5"],
    {},
    'hubkit infer: --param max_tokenz is not an option of chat (did you mean "max_tokens"?); hubkit infer chat --help lists them\n',
  ],
  [
    [
      "text-to-image",
      "--model",
      MODEL,
      "--provider",
      "fal-ai",
      "--input",
      "a cat",
      "--param",
      "num_inference_steps=five",
      "--output",
      "cat.png",
    ],
    {},
    'hubkit infer: parameters.num_inference_steps must be an integer, got "five"\n',
  ],
])(
  "checked before anything is sent: %j (exit 2, one line in shell terms, no request)",
  async (args, env, message) => {
    const r = await hubkit(args, env);
    expect(r).toEqual({ code: 2, stdout: "", stderr: message });
    expect(server.received).toEqual([]);
  },
);

it("a provider error: one line, exit 1", async () => {
  server.on("POST", "/v1/chat/completions", (_r, res) =>
    reply(res, 401, { error: { message: "Invalid token" } }),
  );
  expect(await hubkit(["chat", "--model", MODEL, "--input", "Hi"])).toEqual({
    code: 1,
    stdout: "",
    stderr: "hubkit infer: 401 Invalid token\n",
  });
});

it("<task> --help lists the task's options with their types, from its task spec, and sends nothing", async () => {
  const r = await hubkit(["text-to-image", "--help"]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  const lines = r.stdout.split("\n");
  expect(lines[0]).toMatch(/^usage: hubkit infer text-to-image \[--model M\]/);
  expect(lines[1]).toBe(
    "text-to-image: takes --input TEXT or JSON (or @file); writes a file (--output FILE)",
  );
  expect(lines).toContain(
    "  num_inference_steps  integer  Number of denoising steps: more steps give finer detail and take longer.",
  );
  expect(lines).toContain(
    "  guidance_scale       number   How strongly the output follows the prompt; high values follow it closely but can add artefacts.",
  );
  const chat = await hubkit(["chat", "--help"]);
  expect(chat.stdout).toMatch(/^ {2}max_tokens {9}integer {3}Most tokens to generate in the answer\.$/m);
  expect(chat.stdout).toMatch(
    /^ {2}tool_choice {8}"auto" \| "none" \| "required" \| object \(ChatCompletionInputToolChoiceObject\)$/m,
  );
  expect(server.received).toEqual([]);
});

it("--help of an unknown task is a usage error", async () => {
  const r = await hubkit(["text-to-imag", "--help"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^hubkit infer: unknown task "text-to-imag"; known: chat, /);
});
