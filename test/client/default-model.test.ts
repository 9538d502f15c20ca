/**
 * Default model: a call with an explicit provider (not "auto"), no model and no endpointUrl takes the first model
 * the hub lists for the task (GET {hub}/api/tasks, no headers), then does the normal hub mapping lookup for it.
 * The task definitions are fetched once per client instance, like the mapping cache; a failed fetch is not kept.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientHubApiError,
  InferenceClientInputError,
} from "../../src/inference/index.js";
import { CHAT_ANSWER, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyText, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (token = "hf_tok") =>
  new InferenceClient(token, { fetch: server.fetch, hubUrl: server.origin, billTo: "acme-org" });
const SECOND = "acme/second-choice";
const TASKS = {
  conversational: { models: [{ id: MODEL }, { id: SECOND }] },
  "text-classification": { models: [{ id: "acme/classifier" }] },
  "fill-mask": { models: [] },
};
const CHAT_PATH = "/groq/openai/v1/chat/completions";

function answerChat(): void {
  mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } });
  server.on("POST", CHAT_PATH, (_r, res) => reply(res, 200, CHAT_ANSWER));
}

describe("a provider but no model", () => {
  it("uses the task's first model from {hubUrl}/api/tasks (no headers), then its hub mapping", async () => {
    server.on("GET", "/api/tasks", (_r, res) => reply(res, 200, TASKS));
    answerChat();
    expect(await client().chatCompletion({ provider: "groq", messages: MESSAGES })).toEqual(CHAT_ANSWER);
    expect(server.received.map((r) => r.url)).toEqual([
      `${server.origin}/api/tasks`,
      `${server.origin}/api/models/${MODEL}?expand[]=inferenceProviderMapping`,
      `https://router.huggingface.co${CHAT_PATH}`,
    ]);
    const tasks = server.received[0];
    expect(tasks.method).toBe("GET");
    expect(tasks.headers).not.toHaveProperty("authorization");
    expect(tasks.headers).not.toHaveProperty("x-hf-bill-to");
    expect(tasks.headers["user-agent"] ?? "").not.toMatch(/hubkit/);
    expect(server.at(CHAT_PATH)[0].json).toEqual({ messages: MESSAGES, model: PID });
  });

  it("hf-inference: the default model goes into the URL", async () => {
    server.on("GET", "/api/tasks", (_r, res) => reply(res, 200, TASKS));
    mappingRoute(server, "acme/classifier", {
      "hf-inference": { providerId: "acme/classifier", task: "text-classification" },
    });
    server.on("POST", "/hf-inference/models/acme/classifier", (_r, res) =>
      reply(res, 200, [[{ label: "A", score: 1 }]]),
    );
    expect(await client().textClassification({ provider: "hf-inference", inputs: "hi" })).toEqual([
      { label: "A", score: 1 },
    ]);
    expect(server.at("/hf-inference/models/acme/classifier")[0].json).toEqual({ inputs: "hi" });
  });

  it("fetches the task definitions once per client, whatever the task", async () => {
    server.on("GET", "/api/tasks", (_r, res) => reply(res, 200, TASKS));
    answerChat();
    const c = client();
    await c.chatCompletion({ provider: "groq", messages: MESSAGES });
    await c.chatCompletion({ provider: "groq", messages: MESSAGES });
    await caught(c.fillMask({ provider: "hf-inference", inputs: "a [MASK]" })); // none listed: InputError
    expect(server.at("/api/tasks")).toHaveLength(1);
    expect(server.at(`/api/models/${MODEL}`)).toHaveLength(1);
    await client().chatCompletion({ provider: "groq", messages: MESSAGES }); // another client has its own cache
    expect(server.at("/api/tasks")).toHaveLength(2);
  });

  it("an explicit model skips the task definitions", async () => {
    answerChat();
    await client().chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES });
    expect(server.at("/api/tasks")).toEqual([]);
  });
});

describe("default model errors", () => {
  it("a failed fetch is a HubApiError, and is not kept", async () => {
    server.on("GET", "/api/tasks", (_r, res, n) =>
      n === 0 ? reply(res, 500, { error: "hub down" }, { "x-request-id": "r-1" }) : reply(res, 200, TASKS),
    );
    answerChat();
    const c = client();
    const error = (await caught(
      c.chatCompletion({ provider: "groq", messages: MESSAGES }),
    )) as InferenceClientHubApiError;
    expect(error).toBeInstanceOf(InferenceClientHubApiError);
    expect(error.name).toBe("HubApiError");
    expect(error.message).toBe("Failed to load tasks definitions from Hugging Face Hub.");
    expect(error.httpRequest).toEqual({ url: `${server.origin}/api/tasks`, method: "GET", headers: {} });
    expect(error.httpResponse).toEqual({ requestId: "r-1", status: 500, body: { error: "hub down" } });
    expect(server.received).toHaveLength(1); // no mapping lookup, no provider request
    expect(await c.chatCompletion({ provider: "groq", messages: MESSAGES })).toEqual(CHAT_ANSWER);
    expect(server.at("/api/tasks")).toHaveLength(2);
  });

  it("a 200 answer that is not a JSON object is a HubApiError", async () => {
    server.on("GET", "/api/tasks", (_r, res) => replyText(res, 200, "<html>", "text/html"));
    const error = await caught(client().chatCompletion({ provider: "groq", messages: MESSAGES }));
    expect(error).toBeInstanceOf(InferenceClientHubApiError);
    expect(error.message).toBe(
      `Failed to load tasks definitions from Hugging Face Hub: malformed API response, expected a JSON object (GET ${server.origin}/api/tasks).`,
    );
  });

  it.each([
    ["the task is not listed", "text-to-speech", "textToSpeech"],
    ["the task lists no model", "fill-mask", "fillMask"],
  ])("%s: InputError, before any lookup or provider request", async (_n, task, method) => {
    server.on("GET", "/api/tasks", (_r, res) => reply(res, 200, TASKS));
    const c = client() as unknown as Record<string, (a: unknown) => Promise<unknown>>;
    const error = await caught(c[method]({ provider: "hf-inference", inputs: "x" }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      `No default model defined for task ${task}, please define the model explicitly.`,
    );
    expect(server.received.map((r) => r.path)).toEqual(["/api/tasks"]);
  });

  it.each([
    // Chat with provider "auto" goes to the auto-router instead (test/client/auto-router.test.ts).
    [
      "auto",
      { method: "textToImage", args: { provider: "auto", inputs: "a cat" } },
      'A model is required for text-to-image (textToImage) with provider "auto": pass {model: "org/name"}, a provider (to use the hub\'s default model for the task), or an endpointUrl.',
    ],
    [
      "openai",
      { method: "chatCompletion", args: { provider: "openai", messages: MESSAGES } },
      'Provider openai requires a model ID to be passed directly: {model: "openai/<model id>"}.',
    ],
  ])(
    "provider %s without a model: InputError, no request at all",
    async (_provider, { method, args }, message) => {
      const c = client("sk-key") as unknown as Record<string, (a: unknown) => Promise<unknown>>;
      const error = await caught(c[method](args));
      expect(error).toBeInstanceOf(InferenceClientInputError);
      expect(error.message).toBe(message);
      expect(server.received).toEqual([]);
    },
  );
});
