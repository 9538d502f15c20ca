/** Request hooks (headers, urlTransform) and LoRA adapters over HTTP; buildRequest is pure and exported for the raw-HTTP snippets. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Binary, buildRequest, InferenceClient } from "../../src/inference/index.js";
import { MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyBytes, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (token = "hf_tok", options = {}) =>
  new InferenceClient(token, { fetch: server.fetch, ...options });

describe("headers in layers", () => {
  it("a call's headers add to the client's; the same name (any case) overrides; null removes", async () => {
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-classification" } });
    server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) =>
      reply(res, 200, [[{ label: "A", score: 1 }]]),
    );
    const teamClient = client("hf_tok", {
      provider: "hf-inference",
      headers: { "X-Team": "search", "X-Trace": "client", "X-Drop": "1" },
    });
    await teamClient.textClassification(
      { model: MODEL, inputs: "x" },
      { headers: { "x-trace": "call", "X-Drop": null, "X-Call": "yes" } },
    );
    await teamClient.textClassification({ model: MODEL, inputs: "x" });
    const [withCallHeaders, clientOnly] = server.at(`/hf-inference/models/${MODEL}`).map((r) => r.headers);
    expect(withCallHeaders).toMatchObject({ "x-team": "search", "x-trace": "call", "x-call": "yes" });
    expect(withCallHeaders).not.toHaveProperty("x-drop");
    expect(clientOnly).toMatchObject({ "x-team": "search", "x-trace": "client", "x-drop": "1" });
    expect(clientOnly).not.toHaveProperty("x-call");
  });
});

describe("request hooks: versioned replicate models, LoRA adapters", () => {
  it("replicate: a versioned provider id goes to /v1/predictions with the version", async () => {
    mappingRoute(server, MODEL, { replicate: { providerId: "owner/name:abc123", task: "text-to-image" } });
    server.on("POST", "/replicate/v1/predictions", (_r, res) =>
      reply(res, 200, { output: ["https://cdn.example.com/x.png"] }),
    );
    server.on("GET", "/x.png", (_r, res) => replyBytes(res, "image/png", "img"));
    await client().textToImage({ model: MODEL, provider: "replicate", inputs: "cat" });
    expect(server.at("/replicate/v1/predictions")[0].json).toEqual({
      input: { prompt: "cat" },
      version: "abc123",
    });
  });

  it("fal-ai and replicate LoRA adapters from the hub mapping", async () => {
    const mapping = {
      providerId: "fal-ai/lora",
      task: "text-to-image",
      adapter: "lora",
      adapterWeightsPath: "w/lora.safetensors",
    };
    mappingRoute(server, MODEL, {
      "fal-ai": mapping,
      replicate: { ...mapping, providerId: "owner/flux-lora" },
    });
    const c = client("hf_tok", { outputType: "url" });
    server.on("POST", "/fal-ai/fal-ai/lora", (_r, res) =>
      reply(res, 200, {
        request_id: "r",
        status: "COMPLETED",
        response_url: "https://queue.fal.run/fal-ai/lora/requests/r",
      }),
    );
    server.on("GET", "/fal-ai/fal-ai/lora/requests/r", (_r, res) =>
      reply(res, 200, { images: [{ url: "https://cdn.example.com/a.png" }] }),
    );
    expect(await c.textToImage({ model: MODEL, provider: "fal-ai", inputs: "cat" })).toBe(
      "https://cdn.example.com/a.png",
    );
    expect(server.at("/fal-ai/fal-ai/lora")[0].json).toEqual({
      prompt: "cat",
      loras: [{ path: `https://huggingface.co/${MODEL}/resolve/main/w/lora.safetensors`, scale: 1 }],
      model_name: "stabilityai/stable-diffusion-xl-base-1.0", // fal-ai/lora runs the adapter on this base model
    });
    server.on("POST", "/replicate/v1/models/owner/flux-lora/predictions", (_r, res) =>
      reply(res, 200, { output: ["https://cdn.example.com/b.png"] }),
    );
    await c.textToImage({ model: MODEL, provider: "replicate", inputs: "cat" });
    expect(server.at("/replicate/v1/models/owner/flux-lora/predictions")[0].json).toEqual({
      input: { prompt: "cat", lora_weights: `https://huggingface.co/${MODEL}` },
    });
  });

  it("fal-ai: model_name only for the fal-ai/lora provider model, and only with a LoRA adapter", () => {
    const build = (providerId: string, adapter: boolean) =>
      buildRequest({
        provider: "fal-ai",
        task: "text-to-image",
        model: MODEL,
        mapping: { providerId, ...(adapter ? { adapter: "lora", adapterWeightsPath: "w.safetensors" } : {}) },
        args: { inputs: "cat" },
      }).body as Record<string, unknown>;
    expect(build("fal-ai/lora", true).model_name).toBe("stabilityai/stable-diffusion-xl-base-1.0");
    expect(build("fal-ai/flux-lora", true)).not.toHaveProperty("model_name");
    expect(build("fal-ai/flux-lora", true)).toHaveProperty("loras");
    expect(build("fal-ai/lora", false)).toEqual({ prompt: "cat" });
  });
});

describe("request hooks: json_schema response formats", () => {
  const schema = { type: "object", properties: { a: { type: "string" } } };
  const format = { type: "json_schema", json_schema: { name: "s", schema, strict: true } };
  it.each([
    ["together", { response_format: { type: "json_schema", schema } }],
    ["nebius", { response_format: format, guided_json: schema }],
    ["sambanova", { response_format: { ...format, json_schema: { ...format.json_schema, strict: false } } }],
  ])("%s rewrites a json_schema response_format", (provider, expected) => {
    const req = buildRequest({
      provider: provider as "together",
      task: "conversational",
      model: MODEL,
      mapping: { providerId: PID },
      args: { messages: MESSAGES, response_format: format },
    });
    expect(req.body).toEqual({ messages: MESSAGES, model: PID, ...expected });
  });
});

describe("buildRequest (pure, exported for the raw-HTTP snippets): the request and its headers", () => {
  it("builds the same request every time, without I/O", () => {
    const input = {
      provider: "groq" as const,
      task: "conversational",
      model: MODEL,
      mapping: { providerId: PID },
      args: { messages: MESSAGES, temperature: 0.2 },
      options: { accessToken: "gsk_key", billTo: "org" },
    };
    const req = buildRequest(input);
    expect(req).toEqual({
      url: "https://api.groq.com/openai/v1/chat/completions",
      method: "POST",
      headers: {
        Authorization: "Bearer gsk_key",
        "Content-Type": "application/json",
        "User-Agent": expect.stringMatching(/^hubkit\/\d+\.\d+\.\d+/),
        "X-HF-Bill-To": "org",
      },
      body: { messages: MESSAGES, temperature: 0.2, model: PID },
    });
    expect(buildRequest(input)).toEqual(req);
    expect(buildRequest({ ...input, options: { stream: true } })).toMatchObject({
      url: "https://router.huggingface.co/groq/openai/v1/chat/completions",
      body: { stream: true },
    });
  });

  it("merges caller headers last; null removes a header", () => {
    const req = buildRequest({
      provider: "cerebras",
      task: "conversational",
      model: MODEL,
      mapping: { providerId: PID },
      args: { messages: MESSAGES },
      options: {
        accessToken: "csk",
        headers: { "user-agent": "my-app/1.0", "X-Trace": "t1", "X-HF-Bill-To": null },
      },
    });
    expect(req.headers).toEqual({
      Authorization: "Bearer csk",
      "Content-Type": "application/json",
      "user-agent": "my-app/1.0",
      "X-Trace": "t1",
    });
  });
});

describe("buildRequest (pure, exported for the raw-HTTP snippets): binary inputs, __proto__ fields", () => {
  it("sends binary inputs raw (Blob) or as base64 when the task carries parameters", () => {
    const bytes = new Binary(new Uint8Array([1, 2, 3]), "image/png");
    const raw = buildRequest({
      provider: "hf-inference",
      task: "image-to-image",
      model: MODEL,
      args: { inputs: bytes },
    });
    expect(raw.body).toBeInstanceOf(Blob);
    expect(raw.headers).not.toHaveProperty("Content-Type");
    const withParams = buildRequest({
      provider: "hf-inference",
      task: "image-to-image",
      model: MODEL,
      args: { inputs: bytes, parameters: { prompt: "p" } },
    });
    expect(withParams.body).toEqual({ inputs: "AQID", parameters: { prompt: "p" } });
  });

  it('keeps a "__proto__" field of the caller as data, never as the body\'s prototype', () => {
    const args = JSON.parse(
      '{"inputs": {"__proto__": {"polluted": true}, "image": "x"}, "__proto__": {"polluted": true}}',
    );
    args.inputs.image = new Binary(new Uint8Array([1, 2, 3]), "image/png");
    const req = buildRequest({
      provider: "hf-inference",
      task: "zero-shot-image-classification",
      model: MODEL,
      args,
    });
    const body = req.body as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(body.inputs)).toBe(Object.prototype);
    expect(Object.keys(body.inputs)).toEqual(["__proto__", "image"]);
    expect(body.inputs.image).toBe("AQID");
    expect(JSON.parse(JSON.stringify(body))).toEqual(
      JSON.parse(
        '{"__proto__": {"polluted": true}, "inputs": {"__proto__": {"polluted": true}, "image": "AQID"}}',
      ),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
