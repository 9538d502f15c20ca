/**
 * Provider "auto" over loopback HTTP. Chat methods go to the hub's auto-router ({router}/v1/chat/completions,
 * server-side routing, no hub lookup); every other call takes the first provider of the hub mapping that serves
 * its task.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientError,
  InferenceClientInputError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
  USER_AGENT,
} from "../../src/inference/index.js";
import { CHAT_ANSWER, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyBytes, replySse, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (token = "hf_tok", options = {}) =>
  new InferenceClient(token, { fetch: server.fetch, ...options });
const ROUTER_CHAT = "https://router.huggingface.co/v1/chat/completions";
const hubLookups = () => server.received.filter((r) => r.path.startsWith("/api/"));

describe('"auto" for tasks other than chat: the first provider of the mapping that serves the task', () => {
  it("skips a chat-only provider listed first for a text-to-image call", async () => {
    mappingRoute(server, MODEL, {
      groq: { providerId: "llama-x", task: "conversational" },
      together: { providerId: PID, task: "text-to-image" },
    });
    server.on("POST", "/together/v1/images/generations", (_r, res) =>
      reply(res, 200, { data: [{ b64_json: Buffer.from("img").toString("base64") }] }),
    );
    const image = await client().textToImage({ model: MODEL, inputs: "a cat" });
    expect(image).toBeInstanceOf(Blob);
    expect(server.received.filter((r) => r.method === "POST").map((r) => r.url)).toEqual([
      "https://router.huggingface.co/together/v1/images/generations",
    ]);
  });

  it("skips a provider whose entry is for another task even when that provider could serve the task", async () => {
    mappingRoute(server, MODEL, {
      together: { providerId: "chat-id", task: "conversational" },
      "hf-inference": { providerId: MODEL, task: "text-to-image" },
    });
    server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) => replyBytes(res, "image/png", "img"));
    await client().textToImage({ model: MODEL, inputs: "a cat" });
    expect(server.received.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      `/hf-inference/models/${MODEL}`,
    ]);
  });

  it("takes hf-inference's sentence-similarity entry for feature-extraction (the two are interchangeable there)", async () => {
    mappingRoute(server, MODEL, {
      together: { providerId: "chat-id", task: "conversational" },
      "hf-inference": { providerId: MODEL, task: "sentence-similarity" },
    });
    server.on("POST", `/hf-inference/models/${MODEL}/pipeline/feature-extraction`, (_r, res) =>
      reply(res, 200, [0.1, 0.2]),
    );
    expect(await client().featureExtraction({ model: MODEL, inputs: "hi" })).toEqual([0.1, 0.2]);
  });

  it("names the providers the hub lists when none serves the task, before any provider request", async () => {
    mappingRoute(server, MODEL, {
      groq: { providerId: "llama-x", task: "conversational" },
      together: { providerId: "chat-id", task: "conversational" },
    });
    const error = await caught(client().textToImage({ model: MODEL, inputs: "a cat" }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      `No Inference Provider available for model ${MODEL} and task text-to-image (textToImage); the hub lists: groq (conversational), together (conversational).`,
    );
    expect(server.received.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("ignores providers it does not know, whatever their name", async () => {
    mappingRoute(server, MODEL, {
      constructor: { providerId: "x", task: "text-to-image" },
      "some-new-provider": { providerId: "y", task: "text-to-image" },
      "hf-inference": { providerId: MODEL, task: "text-to-image" },
    });
    server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) => replyBytes(res, "image/png", "img"));
    await client().textToImage({ model: MODEL, inputs: "a cat" });
    expect(server.received.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      `/hf-inference/models/${MODEL}`,
    ]);
  });

  it("still uses the hub mapping for text generation and for the generic request() with task conversational", async () => {
    mappingRoute(server, MODEL, { together: { providerId: PID, task: "conversational" } });
    server.on("POST", "/together/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().request({ model: MODEL, messages: MESSAGES }, { task: "conversational" });
    expect(server.received.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      `GET /api/models/${MODEL}`,
      "POST /together/v1/chat/completions",
    ]);
  });
});

describe('chat with provider omitted or "auto": the auto-router, its request and its answer', () => {
  it.each([
    ["omitted", {}],
    ['"auto"', { provider: "auto" as const }],
  ])(
    "provider %s: one POST to {router}/v1/chat/completions with the model as given, no hub lookup",
    async (_n, extra) => {
      server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
      const answer = await client("hf_tok", { billTo: "acme-org" }).chatCompletion({
        model: MODEL,
        messages: MESSAGES,
        max_tokens: 20,
        ...extra,
      });
      expect(answer).toEqual(CHAT_ANSWER);
      expect(server.received).toHaveLength(1);
      const sent = server.received[0];
      expect(sent.url).toBe(ROUTER_CHAT);
      expect(sent.method).toBe("POST");
      expect(sent.headers.authorization).toBe("Bearer hf_tok");
      expect(sent.headers["content-type"]).toBe("application/json");
      expect(sent.headers["user-agent"]).toBe(USER_AGENT);
      expect(sent.headers["x-hf-bill-to"]).toBe("acme-org");
      expect(JSON.parse(sent.body.toString("utf8"))).toEqual({
        model: MODEL,
        messages: MESSAGES,
        max_tokens: 20,
      });
      expect(Object.keys(sent.json as object)[0]).toBe("model");
    },
  );

  it('passes "org/name:provider" through untouched (the router reads the suffix)', async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().chatCompletion({ model: `${MODEL}:groq`, messages: MESSAGES });
    expect(server.received.map((r) => r.url)).toEqual([ROUTER_CHAT]);
    expect(server.received[0].json).toEqual({ model: `${MODEL}:groq`, messages: MESSAGES });
  });

  it("streams: stream: true in the body, chunks parsed as for any provider", async () => {
    const chunk = (content: string) => ({ choices: [{ index: 0, delta: { content } }] });
    server.on("POST", "/v1/chat/completions", (_r, res) => replySse(res, [chunk("Hel"), chunk("lo")]));
    const parts: string[] = [];
    for await (const c of client().chatCompletionStream({ model: MODEL, messages: MESSAGES }))
      parts.push(c.choices[0].delta.content ?? "");
    expect(parts.join("")).toBe("Hello");
    expect(server.received.map((r) => r.url)).toEqual([ROUTER_CHAT]);
    expect(server.received[0].json).toEqual({ model: MODEL, messages: MESSAGES, stream: true });
  });

  it("honours the routerUrl option and extra headers", async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client("hf_tok", {
      routerUrl: "https://router.internal.example",
      headers: { "X-Trace": "t1" },
    }).chatCompletion({
      model: MODEL,
      messages: MESSAGES,
    });
    expect(server.received[0].url).toBe("https://router.internal.example/v1/chat/completions");
    expect(server.received[0].headers["x-trace"]).toBe("t1");
  });

  it("checks the answer's shape like any chat answer", async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, { nope: true }));
    const error = await caught(client().chatCompletion({ model: MODEL, messages: MESSAGES }));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toMatch(
      /^Received malformed response from the auto-router conversational API: expected /,
    );
  });
});

describe('chat with provider omitted or "auto": the auto-router takes a Hugging Face token only', () => {
  it.each([
    ["no token", ""],
    ["a provider key", "sk-provider-key"],
  ])("with %s: RoutingError before any request, saying what to pass", async (_n, token) => {
    const error = await caught(client(token).chatCompletion({ model: MODEL, messages: MESSAGES }));
    expect(error).toBeInstanceOf(InferenceClientRoutingError);
    expect(error).toBeInstanceOf(InferenceClientError);
    expect(error.name).toBe("RoutingError");
    expect(error.message).toBe(
      'Cannot select auto-router when using non-Hugging Face API key. Pass a Hugging Face token (hf_...) to let the router pick the provider, or name a provider ({provider: "groq"}) to call it with its own key.',
    );
    expect(server.received).toEqual([]);
  });

  it("with cookies only (includeCredentials) it is a RoutingError too", async () => {
    const error = await caught(
      client("", { includeCredentials: true })
        .chatCompletionStream({ model: MODEL, messages: MESSAGES })
        .open(),
    );
    expect(error).toBeInstanceOf(InferenceClientRoutingError);
    expect(server.received).toEqual([]);
  });

  it("a token given with the call counts, as for any call", async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client("").chatCompletion({ model: MODEL, messages: MESSAGES, accessToken: "hf_call" });
    expect(server.received[0].headers.authorization).toBe("Bearer hf_call");
  });
});

describe('chat with provider omitted or "auto": the default model, and the routes that bypass the router', () => {
  it("with no model: the hub's default conversational model, then the router", async () => {
    server.on("GET", "/api/tasks", (_r, res) =>
      reply(res, 200, { conversational: { models: [{ id: "acme/default-chat" }] } }),
    );
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().chatCompletion({ messages: MESSAGES });
    expect(server.received.map((r) => r.url)).toEqual(["https://huggingface.co/api/tasks", ROUTER_CHAT]);
    expect(server.received[1].json).toEqual({ model: "acme/default-chat", messages: MESSAGES });
  });

  it("with no model and no default: the InputError of the default-model lookup", async () => {
    server.on("GET", "/api/tasks", (_r, res) =>
      reply(res, 200, { "text-generation": { models: [{ id: "x/y" }] } }),
    );
    const error = await caught(client().chatCompletion({ messages: MESSAGES }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      "No default model defined for task conversational, please define the model explicitly.",
    );
  });

  it("endpointUrl keeps its own route (no router, no RoutingError with a non-hub key)", async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client("sk-key").chatCompletion({
      endpointUrl: "https://e.example",
      model: MODEL,
      messages: MESSAGES,
    });
    expect(server.received.map((r) => r.url)).toEqual(["https://e.example/v1/chat/completions"]);
  });

  it("a named provider keeps the hub mapping route", async () => {
    mappingRoute(server, MODEL, { groq: { providerId: "llama-x", task: "conversational" } });
    server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES });
    expect(hubLookups()).toHaveLength(1);
    expect(server.at("/groq/openai/v1/chat/completions")[0].json).toEqual({
      messages: MESSAGES,
      model: "llama-x",
    });
  });
});

describe('"org/name:provider" outside the auto-router', () => {
  it("with the same provider named: the suffix is dropped for the hub lookup", async () => {
    mappingRoute(server, MODEL, { groq: { providerId: "llama-x", task: "conversational" } });
    server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().chatCompletion({ model: `${MODEL}:groq`, provider: "groq", messages: MESSAGES });
    expect(hubLookups().map((r) => r.path.split("?")[0])).toEqual([`/api/models/${MODEL}`]);
  });

  it("with another provider named: an InputError naming both", async () => {
    const error = await caught(
      client().chatCompletion({ model: `${MODEL}:groq`, provider: "together", messages: MESSAGES }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(
      `Model "${MODEL}:groq" names provider groq, but the call names provider together: pass model "${MODEL}" with provider "together", or leave the provider out.`,
    );
    expect(server.received).toEqual([]);
  });

  it('for other tasks with provider "auto", the suffix picks the provider', async () => {
    mappingRoute(server, MODEL, {
      together: { providerId: PID, task: "text-to-image" },
      "hf-inference": { providerId: MODEL, task: "text-to-image" },
    });
    server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) => replyBytes(res, "image/png", "img"));
    await client().textToImage({ model: `${MODEL}:hf-inference`, inputs: "a cat" });
    expect(server.received.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      `GET /api/models/${MODEL}`,
      `POST /hf-inference/models/${MODEL}`,
    ]);
  });
});
