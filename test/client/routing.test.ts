/** Routing: auto policy and mapping cache, endpointUrl, credentials, input errors naming the choices. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { InferenceClient, InferenceClientInputError, PROVIDER_IDS } from "../../src/inference/index.js";
import { CHAT_ANSWER, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (token = "hf_tok", options = {}) =>
  new InferenceClient(token, { fetch: server.fetch, ...options });

describe('provider "auto"', () => {
  it("takes the first provider of the hub mapping that serves the task, and looks the model up once", async () => {
    server.on("GET", `/api/models/${MODEL}`, (_r, res) =>
      reply(res, 200, {
        inferenceProviderMapping: [
          { provider: "fal-ai", hfModelId: MODEL, providerId: "x", status: "live", task: "text-to-image" },
          {
            provider: "together",
            hfModelId: MODEL,
            providerId: PID,
            status: "live",
            task: "text-generation",
          },
        ],
      }),
    );
    server.on("POST", "/together/v1/completions", (_r, res) =>
      reply(res, 200, { choices: [{ text: " upon", finish_reason: "length" }] }),
    );
    const c = client();
    expect(await c.textGeneration({ model: MODEL, inputs: "Once" })).toEqual({
      generated_text: " upon",
      details: { finish_reason: "length" },
    });
    await c.textGeneration({ model: MODEL, inputs: "Once" });
    expect(server.at(`/api/models/${MODEL}`)).toHaveLength(1);
    expect(server.at("/together/v1/completions")[0].json).toEqual({ prompt: "Once", model: PID });
  });

  it("names the problem when no provider serves the model", async () => {
    server.on("GET", `/api/models/${MODEL}`, (_r, res) => reply(res, 200, { inferenceProviderMapping: {} }));
    await expect(client().textGeneration({ model: MODEL, inputs: "Once" })).rejects.toThrow(
      `No Inference Provider available for model ${MODEL}.`,
    );
  });

  it("uses a configurable hub URL", async () => {
    mappingRoute(server, MODEL, { cerebras: { providerId: PID, task: "conversational" } });
    server.on("POST", "/cerebras/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    // The generic request() keeps the hub mapping for chat (the chat methods go to the auto-router).
    await client("hf_tok", { hubUrl: "https://hub.internal.example" }).request(
      { model: MODEL, messages: MESSAGES },
      { task: "conversational" },
    );
    expect(server.received[0].url).toBe(
      `https://hub.internal.example/api/models/${MODEL}?expand[]=inferenceProviderMapping`,
    );
  });
});

describe("hub mapping errors", () => {
  it.each([
    [
      "provider missing",
      { groq: { providerId: PID, task: "conversational" } },
      "together",
      "conversational",
      `We have not been able to find inference provider information for model ${MODEL} with provider together; providers serving it: groq (or use provider "auto").`,
    ],
    [
      "task mismatch",
      { together: { providerId: PID, task: "text-to-image" } },
      "together",
      "conversational",
      `Model ${MODEL} is not supported for task conversational and provider together. Supported task: text-to-image; call text-to-image (textToImage) instead.`,
    ],
  ])("%s", async (_n, mapping, provider, _task, message) => {
    mappingRoute(server, MODEL, mapping);
    const error = await caught(
      client().chatCompletion({ model: MODEL, provider: provider as "together", messages: MESSAGES }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(message);
  });

  it('status "staging": a warning naming the model and provider, and the request still goes out', async () => {
    mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational", status: "staging" } });
    server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await client().chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES })).toEqual(
        CHAT_ANSWER,
      );
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        `Model ${MODEL} is in staging with provider groq (hub mapping status "staging"): meant for testing; it may change or stop working.`,
      ]);
      expect(server.at("/groq/openai/v1/chat/completions")[0].json).toEqual({
        messages: MESSAGES,
        model: PID,
      });
      warn.mockClear();
      mappingRoute(server, "acme/live-model", { groq: { providerId: PID, task: "conversational" } });
      await client().chatCompletion({ model: "acme/live-model", provider: "groq", messages: MESSAGES });
      expect(warn).not.toHaveBeenCalled(); // "live" is silent
    } finally {
      warn.mockRestore();
    }
  });

  it("a failing or malformed hub answer is a HubApiError; a failed lookup is not cached", async () => {
    server.on("GET", `/api/models/${MODEL}`, (_r, res, n) =>
      n === 0
        ? reply(res, 500, { error: "hub down" })
        : res.writeHead(200, { "content-type": "application/json" }).end("<html>"),
    );
    const c = client();
    const first = await caught(c.chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES }));
    expect(first.name).toBe("HubApiError");
    expect(first.message).toBe(`Failed to fetch inference provider mapping for model ${MODEL}: 500 hub down`);
    const second = await caught(c.chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES }));
    expect(second.message).toBe(
      `Failed to fetch inference provider mapping for model ${MODEL}: malformed API response, invalid JSON`,
    );
  });
});

describe("endpointUrl", () => {
  it.each([
    ["https://my.endpoint.example/", "https://my.endpoint.example/v1/chat/completions"],
    ["https://my.endpoint.example/v1", "https://my.endpoint.example/v1/chat/completions"],
    ["https://my.endpoint.example/v1/chat/completions", "https://my.endpoint.example/v1/chat/completions"],
  ])("chat on %s goes to %s, with no hub lookup", async (endpointUrl, url) => {
    server.on("POST", new URL(url).pathname, (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client("sk-key").chatCompletion({ endpointUrl, messages: MESSAGES });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].url).toBe(url);
    expect(server.received[0].headers.authorization).toBe("Bearer sk-key");
    expect(server.received[0].json).toEqual({ messages: MESSAGES, model: endpointUrl });
  });

  it("other tasks use the URL exactly as given, with the hf-inference body", async () => {
    server.on("POST", "/custom/path", (_r, res) => reply(res, 200, [[{ label: "A", score: 1 }]]));
    expect(
      await client("hf_tok").textClassification(
        { inputs: "hi" },
        { endpointUrl: "https://e.example/custom/path?x=1" },
      ),
    ).toEqual([{ label: "A", score: 1 }]);
    expect(server.received[0].url).toBe("https://e.example/custom/path?x=1");
    expect(server.received[0].json).toEqual({ inputs: "hi" });
  });

  it("cannot be combined with a provider", async () => {
    await expect(
      client().chatCompletion({ endpointUrl: "https://e.example", provider: "groq", messages: MESSAGES }),
    ).rejects.toThrow("Specifying both endpointUrl and provider is not supported.");
  });
});

describe("credentials", () => {
  it.each(["black-forest-labs", "fal-ai", "replicate"])(
    "%s with no token: router, no Authorization header at all",
    async (provider) => {
      mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: "text-to-image" } });
      server.on(
        "POST",
        provider === "replicate"
          ? `/replicate/v1/models/${PID}/predictions`
          : provider === "fal-ai"
            ? `/fal-ai/${PID}`
            : `/black-forest-labs/v1/${PID}`,
        (_r, res) => reply(res, 401, { error: "auth required" }),
      );
      await expect(
        client("").textToImage({ model: MODEL, provider: provider as "fal-ai", inputs: "x" }),
      ).rejects.toThrow("401 auth required");
      const submit = server.received.find((r) => r.method === "POST")!;
      expect(submit.url.startsWith(`https://router.huggingface.co/${provider}/`)).toBe(true);
      expect(submit.headers).not.toHaveProperty("authorization");
    },
  );
});

describe("input errors name the choices and the method to call", () => {
  it.each([
    [
      { model: MODEL, provider: "nope", messages: MESSAGES },
      `Provider "nope" is not supported; supported providers: ${PROVIDER_IDS.join(", ")}`,
    ],
    [{ model: MODEL, provider: "cerebras", inputs: "x" }, null],
    [
      { model: "openai/gpt-4o", provider: "openai", messages: MESSAGES },
      "Provider openai is closed-source and does not support HF tokens.",
    ],
    [{ model: "gpt-4o", provider: "openai", messages: MESSAGES }, null],
    [
      { model: "https://x.example/model", messages: MESSAGES },
      "Model URLs are no longer supported. Use endpointUrl instead.",
    ],
    [
      { inputs: "x" },
      'A model is required for text-to-image (textToImage) with provider "auto": pass {model: "org/name"}, a provider (to use the hub\'s default model for the task), or an endpointUrl.',
    ],
  ])("%j", async (args, message) => {
    const c = client(
      (args as { model?: string }).model === "gpt-4o" ? "sk-key" : "hf_tok",
    ) as unknown as Record<string, (a: unknown) => Promise<unknown>>;
    const method = "inputs" in args ? "textToImage" : "chatCompletion";
    const error = await caught(c[method](args));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    if (message) expect(error.message).toBe(message);
    else if (method === "textToImage")
      expect(error.message).toBe(
        'Provider "cerebras" does not support task "text-to-image"; it supports: conversational (chatCompletion). Providers for text-to-image: black-forest-labs, deepinfra, fal-ai, hf-inference, hyperbolic, nebius, nscale, replicate, together, wavespeed, zai-org.',
      );
    else expect(error.message).toBe('Models from openai must be prefixed by "openai/". Got "gpt-4o".');
    expect(server.received).toEqual([]); // refused before any request
  });

  it("a task the provider does not serve: its tasks and the providers that serve the task, before any request", async () => {
    await expect(
      client().imageToVideo({ model: MODEL, provider: "groq", inputs: new Uint8Array([1]) }),
    ).rejects.toThrow(
      'Provider "groq" does not support task "image-to-video"; it supports: conversational (chatCompletion), text-generation (textGeneration). Providers for image-to-video: fal-ai, together, wavespeed.',
    );
    expect(server.received).toEqual([]);
    await expect(
      client().request({ model: MODEL, provider: "fal-ai", inputs: "x" }, { task: "text-to-3d" }),
    ).rejects.toThrow(/\. No provider supports text-to-3d\.$/);
  });

  it.each([
    [
      "audio/ogg",
      "Provider fal-ai does not support blob type audio/ogg - supported content types are: audio/mpeg, audio/mp3, audio/mp4, audio/wav, audio/wave, audio/x-wav, audio/webm, video/webm",
    ],
    [
      "",
      "Unable to determine the input's content type. Make sure you are passing a Blob (with a type, one of audio/mpeg, audio/mp3, audio/mp4, audio/wav, audio/wave, audio/x-wav, audio/webm, video/webm) when using provider fal-ai.",
    ],
  ])("fal-ai speech recognition with blob type %j: refused before any request", async (type, message) => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "automatic-speech-recognition" } });
    const error = await caught(
      client().automaticSpeechRecognition({
        model: MODEL,
        provider: "fal-ai",
        inputs: new Blob(["x"], { type }),
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(message);
    expect(server.received, "no hub lookup, no provider request").toEqual([]);
  });
});
