/**
 * The details of the tasks added or changed since the July 2025 catalogue, over loopback HTTP: answer forms,
 * input checks before any request, LoRA fields, URL rewrites and endpoint paths.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  buildRequest,
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "../../src/inference/index.js";
import {
  AUDIO_BYTES,
  CDN,
  FILE_BYTES,
  IMAGE_DATA_URL,
  MODEL,
  PID,
  audio,
  b64,
  image,
} from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyBytes, replyText, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (token = "hf_tok") =>
  new InferenceClient(token, { fetch: server.fetch, pollIntervalMs: 1, retry_on_error: false });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => new Error("expected a rejection"),
    (e: Error) => e,
  );
const LORA = { adapter: "lora", adapterWeightsPath: "w/lora.safetensors" };
const cdn = (type: string) =>
  server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, type, FILE_BYTES));
/** A fal-ai queue that completes at once with `result`. */
function falQueue(model: string, result: unknown) {
  server.on("POST", `/fal-ai/${model}`, (_r, res) =>
    reply(res, 200, {
      request_id: "q",
      status: "COMPLETED",
      response_url: `https://queue.fal.run/${model}/requests/q`,
    }),
  );
  server.on("GET", `/fal-ai/${model}/requests/q`, (_r, res) => reply(res, 200, result));
}

describe("fal-ai speech recognition", () => {
  beforeEach(() =>
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "automatic-speech-recognition" } }),
  );
  const transcribe = (type = "audio/wav") =>
    client().automaticSpeechRecognition({ model: MODEL, provider: "fal-ai", inputs: audio(type) });

  it.each([
    [{ output: "from output" }, { text: "from output" }],
    [
      { text: "a b", segments: [{ text: "a", start: 0, end: 1.5 }, { text: "b" }] },
      {
        text: "a b",
        chunks: [
          { text: "a", timestamp: [0, 1.5] },
          { text: "b", timestamp: [0, 0] },
        ],
      },
    ],
    [{ text: "plain", chunks: [] }, { text: "plain" }],
  ])("answer %j -> %j", async (answer, expected) => {
    server.on("POST", `/fal-ai/${PID}`, (_r, res) => reply(res, 200, answer));
    expect(await transcribe()).toEqual(expected);
  });

  it("an answer without text or output is a ProviderOutputError", async () => {
    server.on("POST", `/fal-ai/${PID}`, (_r, res) => reply(res, 200, { transcript: "x" }));
    const error = await failure(transcribe());
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      "Received malformed response from Fal.ai automatic-speech-recognition API: expected {text: string} or {output: string}",
    );
  });

  it.each([
    ["audio/mp3", "audio/mpeg"],
    ["audio/wave", "audio/x-wav"],
    ["audio/webm;codecs=opus", "video/webm"],
    ["AUDIO/MPEG", "audio/mpeg"],
  ])("a %s recording travels as %s", async (type, sent) => {
    server.on("POST", `/fal-ai/${PID}`, (_r, res) => reply(res, 200, { text: "ok" }));
    await transcribe(type);
    expect(server.at(`/fal-ai/${PID}`)[0].json).toEqual({
      audio_url: `data:${sent};base64,${b64(AUDIO_BYTES)}`,
    });
  });
});

describe("fal-ai audio and images", () => {
  it("audio-to-audio: a non-Blob input is refused before any request", async () => {
    const error = await failure(
      client().audioToAudio({
        model: MODEL,
        provider: "fal-ai",
        inputs: "https://x/a.wav" as unknown as Blob,
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(server.received).toEqual([]);
  });

  it("audio-to-audio: label 'speech' and the download's type when the result names neither", async () => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "audio-to-audio" } });
    falQueue(PID, { audio: { url: CDN } });
    cdn("audio/flac");
    expect(await client().audioToAudio({ model: MODEL, provider: "fal-ai", inputs: audio() })).toEqual([
      { label: "speech", "content-type": "audio/flac", blob: b64(FILE_BYTES) },
    ]);
  });

  it("audio-to-audio: a failing download names the URL", async () => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "audio-to-audio" } });
    falQueue(PID, { audio: { url: CDN } });
    server.on("GET", "/out/file.bin", (_r, res) => replyText(res, 404, "gone"));
    const error = await failure(client().audioToAudio({ model: MODEL, provider: "fal-ai", inputs: audio() }));
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe(`Failed to fetch audio from ${CDN}: 404 gone`);
  });

  it("text-to-audio: {audio: {url}} when there is no audio_file", async () => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "text-to-audio" } });
    falQueue(PID, { audio: { url: CDN } });
    cdn("audio/wav");
    const out = await client().textToAudio({ model: MODEL, provider: "fal-ai", inputs: "rain" });
    expect(Buffer.from(await out.arrayBuffer())).toEqual(FILE_BYTES);
  });

  it.each([
    ["text-to-video", "textToVideo", { inputs: "a cat" }],
    ["image-to-video", "imageToVideo", { inputs: image() }],
    ["image-text-to-video", "imageTextToVideo", { parameters: { prompt: "a cat" } }],
    ["image-text-to-image", "imageTextToImage", { inputs: image() }],
  ])("%s sends the LoRA adapter of the hub mapping", async (task, method, args) => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task, ...LORA } });
    falQueue(PID, task.endsWith("image") ? { images: [{ url: CDN }] } : { video: { url: CDN } });
    cdn("video/mp4");
    const call = (client() as unknown as Record<string, (a: object) => Promise<unknown>>)[method];
    await call.call(client(), { model: MODEL, provider: "fal-ai", ...args });
    expect((server.at(`/fal-ai/${PID}`)[0].json as { loras: unknown }).loras).toEqual([
      { path: `https://huggingface.co/${MODEL}/resolve/main/w/lora.safetensors`, scale: 1 },
    ]);
  });

  it("image-text-to-image: a queue answer without request_id names the task", async () => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "image-text-to-image" } });
    server.on("POST", `/fal-ai/${PID}`, (_r, res) => reply(res, 200, { status: "IN_QUEUE" }));
    const error = await failure(
      client().imageTextToImage({ model: MODEL, provider: "fal-ai", inputs: image() }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toMatch(
      /^Received malformed response from Fal\.ai image-text-to-image API: .*no request ID found in the response/,
    );
  });

  it("image-text-to-image with an image, directly: the model's own path", () => {
    const req = buildRequest({
      provider: "fal-ai",
      task: "image-text-to-image",
      model: MODEL,
      mapping: { providerId: "fal-ai/flux-2/edit" },
      args: { inputs: new Uint8Array([1]), parameters: { prompt: "p" } },
      options: { accessToken: "fal-key" },
    });
    expect(req.url).toBe("https://queue.fal.run/fal-ai/flux-2/edit");
  });
});

describe("replicate speech recognition", () => {
  beforeEach(() =>
    mappingRoute(server, MODEL, { replicate: { providerId: PID, task: "automatic-speech-recognition" } }),
  );
  const transcribe = () =>
    client().automaticSpeechRecognition({ model: MODEL, provider: "replicate", inputs: audio() });

  it.each([
    ["a string", "hello", "hello"],
    ["a list", ["hello", "ignored"], "hello"],
    ["a translation", { translation: "hello" }, "hello"],
  ])("output as %s", async (_what, output, text) => {
    server.on("POST", `/replicate/v1/models/${PID}/predictions`, (_r, res) => reply(res, 200, { output }));
    expect(await transcribe()).toEqual({ text });
  });

  it("output {txt_file}: the text file is downloaded", async () => {
    server.on("POST", `/replicate/v1/models/${PID}/predictions`, (_r, res) =>
      reply(res, 200, { output: { txt_file: CDN } }),
    );
    server.on("GET", "/out/file.bin", (_r, res) => replyText(res, 200, "from the file"));
    expect(await transcribe()).toEqual({ text: "from the file" });
  });

  it("an output of another form is a ProviderOutputError", async () => {
    server.on("POST", `/replicate/v1/models/${PID}/predictions`, (_r, res) =>
      reply(res, 200, { output: 42 }),
    );
    await expect(transcribe()).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
  });

  it("a non-binary input is an InputError before any request", async () => {
    const error = await failure(
      client().automaticSpeechRecognition({
        model: MODEL,
        provider: "replicate",
        inputs: "x" as unknown as Blob,
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(server.received).toEqual([]);
  });
});

describe("replicate and together images", () => {
  it("replicate image-to-image sends the LoRA weights", () => {
    const req = buildRequest({
      provider: "replicate",
      task: "image-to-image",
      model: MODEL,
      mapping: { providerId: PID, ...LORA },
      args: { inputs: new Uint8Array([1]) },
    });
    expect((req.body as { input: Record<string, unknown> }).input.lora_weights).toBe(
      `https://huggingface.co/${MODEL}`,
    );
  });

  it.each([
    ["black-forest-labs/FLUX.1-kontext-dev", { image_url: IMAGE_DATA_URL }],
    ["black-forest-labs/FLUX.2-dev", { reference_images: [IMAGE_DATA_URL] }],
    ["acme/kontext-lite", { reference_images: [IMAGE_DATA_URL] }],
  ])("together image-to-image with %s: the image as %j", async (providerId, field) => {
    mappingRoute(server, MODEL, { together: { providerId, task: "image-to-image" } });
    server.on("POST", "/together/v1/images/generations", (_r, res) =>
      reply(res, 200, { data: [{ b64_json: b64(FILE_BYTES) }] }),
    );
    await client().imageToImage({
      model: MODEL,
      provider: "together",
      inputs: image(),
      parameters: { prompt: "tiger" },
    });
    expect(server.at("/together/v1/images/generations")[0].json).toEqual({
      prompt: "tiger",
      ...field,
      response_format: "base64",
      model: providerId,
    });
  });

  it("together image-to-image: a URL answer is malformed (base64 was asked)", async () => {
    mappingRoute(server, MODEL, { together: { providerId: PID, task: "image-to-image" } });
    server.on("POST", "/together/v1/images/generations", (_r, res) =>
      reply(res, 200, { data: [{ url: CDN }] }),
    );
    const error = await failure(
      client().imageToImage({ model: MODEL, provider: "together", inputs: image() }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
  });
});

describe("hf-inference", () => {
  it.each([
    ["[{generated_text}]", [{ generated_text: "a cat" }]],
    ["{generated_text}", { generated_text: "a cat" }],
  ])(
    "image-to-text reads %s (the upstream now refuses the list form its own API returns)",
    async (_n, answer) => {
      mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "image-to-text" } });
      server.on("POST", `/hf-inference/models/${MODEL}`, (_r, res) => reply(res, 200, answer));
      expect(await client().imageToText({ model: MODEL, provider: "hf-inference", inputs: image() })).toEqual(
        {
          generated_text: "a cat",
        },
      );
    },
  );

  it.each([
    ["https://e.example/", "https://e.example/v1/completions"],
    [" https://e.example/v1/ ", "https://e.example/v1/completions"],
    ["https://e.example/v1/completions", "https://e.example/v1/completions"],
    ["https://e.example/custom/completions", "https://e.example/custom/completions"],
  ])(
    "text generation on endpoint %j posts to %s, model = the endpoint without a model",
    (endpointUrl, url) => {
      const req = buildRequest({
        provider: "hf-inference",
        task: "text-generation",
        args: { inputs: "Once" },
        options: { endpointUrl },
      });
      expect(req.url).toBe(url);
      expect(req.body).toEqual({ model: endpointUrl, prompt: "Once" });
    },
  );

  it("chat on an endpoint keeps its URL rule", () => {
    const url = (endpointUrl: string) =>
      buildRequest({
        provider: "hf-inference",
        task: "conversational",
        model: "m",
        args: {},
        options: { endpointUrl },
      }).url;
    expect(url("https://e.example/v1/")).toBe("https://e.example/v1/chat/completions");
    expect(url("https://e.example")).toBe("https://e.example/v1/chat/completions");
    expect(url("https://e.example/openai/chat/completions")).toBe(
      "https://e.example/openai/chat/completions",
    );
  });
});
