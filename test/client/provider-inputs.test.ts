/**
 * What the new providers check and send beyond the provider cases: inputs refused before any request, URL inputs,
 * multipart bodies, per-model defaults, and the answers the reference let through unchecked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  Binary,
  buildRequest,
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  Multipart,
} from "../../src/inference/index.js";
import { AUDIO_BYTES, FILE_BYTES, IMAGE_BYTES, MODEL, PID, image } from "../fixtures/providers/cases.js";
import { formParts } from "../fixtures/providers/form.js";
import { mappingRoute, reply, replyBytes, replyText, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_inputs_token";
const client = () => new InferenceClient(TOKEN, { fetch: server.fetch, retry_on_error: false });

describe("inputs are checked before any request, the hub lookup included", () => {
  it.each([
    [
      "deepinfra",
      "automaticSpeechRecognition",
      "https://example.com/a.wav",
      "DeepInfra automatic-speech-recognition expects a Blob or ArrayBuffer audio input.",
    ],
    [
      "together",
      "automaticSpeechRecognition",
      "ftp://example.com/a.wav",
      "Together automatic-speech-recognition expects a Blob, ArrayBuffer, or HTTP(S) URL string audio input.",
    ],
    [
      "zai-org",
      "imageToText",
      new ArrayBuffer(4),
      "ZAI image-to-text requires a URL string or Blob as inputs",
    ],
    [
      "wavespeed",
      "imageToImage",
      "a picture",
      "WaveSpeed AI image-to-image expects a Blob or ArrayBuffer image input.",
    ],
    [
      "wavespeed",
      "imageToVideo",
      undefined,
      "inputs is required", // a file task's inputs are checked for every provider first
    ],
  ])("%s %s with %j", async (provider, method, inputs, message) => {
    const call = (client() as unknown as Record<string, (a: unknown) => Promise<unknown>>)[method];
    const error = await caught(call.call(client(), { model: MODEL, provider, inputs }));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(message);
    expect(server.received).toEqual([]);
  });
});

/** The transcription routes of deepinfra and together, with their mapping. */
function routeTranscriptions() {
  mappingRoute(server, MODEL, {
    deepinfra: { providerId: PID, task: "automatic-speech-recognition" },
    together: { providerId: PID, task: "automatic-speech-recognition" },
  });
  server.on("POST", "/deepinfra/v1/openai/audio/transcriptions", (_r, res) =>
    reply(res, 200, { text: "hi" }),
  );
  server.on("POST", "/together/v1/audio/transcriptions", (_r, res) => reply(res, 200, { text: "hi" }));
}

describe("multipart transcription bodies: file parts and fields", () => {
  beforeEach(routeTranscriptions);

  it("an ArrayBuffer is a file part named audio.wav; the answer without segments is {text}", async () => {
    const out = await client().automaticSpeechRecognition({
      model: MODEL,
      provider: "deepinfra",
      inputs: AUDIO_BYTES.buffer.slice(AUDIO_BYTES.byteOffset, AUDIO_BYTES.byteOffset + AUDIO_BYTES.length),
    });
    expect(out).toEqual({ text: "hi" });
    const parts = await formParts(server.at("/deepinfra/v1/openai/audio/transcriptions")[0]);
    expect(parts.map(([name, v]) => [name, typeof v === "string" ? v : v.filename])).toEqual([
      ["file", "audio.wav"],
      ["model", PID],
    ]);
  });

  it.each([
    ["audio/mpeg", "audio.mp3"],
    ["AUDIO/X-M4A", "audio.m4a"],
    ["audio/ogg; codecs=vorbis", "audio.ogg"],
    ["audio/webm;codecs=opus", "audio.webm"], // the reference's together sends audio.wav here
    ["application/octet-stream", "audio.wav"],
  ])("together: a Blob of type %j is sent as %s", async (type, filename) => {
    await client().automaticSpeechRecognition({
      model: MODEL,
      provider: "together",
      inputs: new Blob([AUDIO_BYTES], { type }),
    });
    const [[name, file]] = await formParts(server.at("/together/v1/audio/transcriptions")[0]);
    expect(name).toBe("file");
    expect(typeof file === "string" ? file : file.filename).toBe(filename);
  });

  it("together: an http(s) URL travels as the text of the file part; fields are text, objects JSON, null omitted", async () => {
    await client().automaticSpeechRecognition({
      model: MODEL,
      provider: "together",
      inputs: "https://cdn.example.com/talk.mp3",
      parameters: { timestamp_granularities: ["segment"], diarize: true, prompt: null, model: "ignored" },
    } as never);
    expect(await formParts(server.at("/together/v1/audio/transcriptions")[0])).toEqual([
      ["file", "https://cdn.example.com/talk.mp3"],
      ["timestamp_granularities", '["segment"]'],
      ["diarize", "true"],
      ["model", PID],
    ]);
    expect(server.received.filter((r) => r.path.includes("talk.mp3"))).toEqual([]); // not downloaded
  });
});

describe("multipart transcription bodies: a failed call, and buildRequest", () => {
  beforeEach(routeTranscriptions);

  it('a failed call records the body as "[FormData]" and no client Content-Type', async () => {
    server.on("POST", "/deepinfra/v1/openai/audio/transcriptions", (_r, res) =>
      reply(res, 400, { error: "bad audio" }),
    );
    const error = (await caught(
      client().automaticSpeechRecognition({ model: MODEL, provider: "deepinfra", inputs: image() }),
    )) as InferenceClientProviderApiError;
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("400 bad audio");
    expect(error.httpRequest.body).toBe("[FormData]");
    expect(Object.keys(error.httpRequest.headers).map((h) => h.toLowerCase())).not.toContain("content-type");
  });

  it("buildRequest returns the parts as data (no I/O), without a Content-Type header", () => {
    const built = buildRequest({
      provider: "deepinfra",
      task: "automatic-speech-recognition",
      model: MODEL,
      mapping: { providerId: PID },
      args: { inputs: new Binary(new Uint8Array([1, 2]), "audio/flac"), parameters: { language: "fr" } },
      options: { accessToken: "di-key" },
    });
    expect(built.url).toBe("https://api.deepinfra.com/v1/openai/audio/transcriptions");
    expect(built.headers).not.toHaveProperty("Content-Type");
    expect(built.body).toBeInstanceOf(Multipart);
    expect((built.body as Multipart).parts.map((p) => [p.name, p.filename ?? p.value])).toEqual([
      ["file", "audio.flac"],
      ["language", "fr"],
      ["model", PID],
    ]);
  });
});

describe("zai-org image-to-text", () => {
  beforeEach(() => {
    mappingRoute(server, MODEL, { "zai-org": { providerId: "glm-ocr", task: "image-to-text" } });
    server.on("POST", "/zai-org/api/paas/v4/layout_parsing", (_r, res) =>
      reply(res, 200, { md_results: "# Doc" }),
    );
  });

  it("a URL input is downloaded first (no credentials), then sent as a data: URL of its type", async () => {
    server.on("GET", "/scans/page.jpg", (_r, res) => replyBytes(res, "image/jpeg", IMAGE_BYTES));
    const out = await client().imageToText({
      model: MODEL,
      provider: "zai-org",
      inputs: "https://cdn.example.com/scans/page.jpg",
    } as never);
    expect(out).toEqual({ generated_text: "# Doc", generatedText: "# Doc" });
    expect(server.received.map((r) => `${r.method} ${r.path.split("?")[0]}`)).toEqual([
      "GET /scans/page.jpg",
      `GET /api/models/${MODEL}`,
      "POST /zai-org/api/paas/v4/layout_parsing",
    ]);
    expect(server.received[0].headers).not.toHaveProperty("authorization");
    expect(server.received[2].json).toEqual({
      file: `data:image/jpeg;base64,${IMAGE_BYTES.toString("base64")}`,
      model: "glm-ocr",
    });
  });

  it("a failed download is a ProviderApiError naming the URL, and nothing else is sent", async () => {
    server.on("GET", "/scans/page.jpg", (_r, res) => replyText(res, 404, "no such scan"));
    const error = await caught(
      client().imageToText({
        model: MODEL,
        provider: "zai-org",
        inputs: "https://cdn.example.com/scans/page.jpg",
      } as never),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe(
      "Failed to download the input https://cdn.example.com/scans/page.jpg: 404 no such scan",
    );
    expect(server.received).toHaveLength(1);
  });

  it("buildRequest, which does no I/O, refuses a URL it would have to download", () => {
    expect(() =>
      buildRequest({
        provider: "zai-org",
        task: "image-to-text",
        model: MODEL,
        mapping: { providerId: "glm-ocr" },
        args: { inputs: "https://cdn.example.com/scans/page.jpg" },
      }),
    ).toThrow(
      "ZAI image-to-text sends the file itself: download https://cdn.example.com/scans/page.jpg first and pass its bytes (buildRequest does no I/O).",
    );
  });
});

describe("bodies", () => {
  const speech = (providerId: string, parameters?: Record<string, unknown>) =>
    buildRequest({
      provider: "together",
      task: "text-to-speech",
      model: MODEL,
      mapping: { providerId },
      args: { inputs: "hello", parameters },
    }).body;

  it("together text-to-speech: Kokoro models get the voice af_alloy unless the caller gives one", () => {
    expect(speech("hexgrad/Kokoro-82M")).toEqual({
      input: "hello",
      model: "hexgrad/Kokoro-82M",
      voice: "af_alloy",
    });
    expect(speech("hexgrad/Kokoro-82M", { voice: "af_bella" })).toEqual({
      voice: "af_bella",
      input: "hello",
      model: "hexgrad/Kokoro-82M",
    });
    expect(speech("cartesia/sonic-2")).toEqual({ input: "hello", model: "cartesia/sonic-2" });
  });

  it("OpenAI-style embeddings: input and model win over parameters of the same name", () => {
    const built = buildRequest({
      provider: "deepinfra",
      task: "feature-extraction",
      model: MODEL,
      mapping: { providerId: PID },
      args: { inputs: "hi", parameters: { input: "other", model: "other", dimensions: 4 } },
    });
    expect(built.body).toEqual({ input: "hi", model: PID, dimensions: 4 });
  });
});

describe("answers the reference did not check", () => {
  const call = async (
    provider: string,
    task: string,
    path: string,
    answer: unknown,
    args: Record<string, unknown>,
  ) => {
    mappingRoute(server, MODEL, { [provider]: { providerId: PID, task } });
    server.on("POST", path, (_r, res) =>
      answer instanceof Buffer ? replyBytes(res, "audio/mpeg", answer) : reply(res, 200, answer),
    );
    const method = {
      "feature-extraction": "featureExtraction",
      "text-generation": "textGeneration",
      "text-to-speech": "textToSpeech",
    }[task]!;
    const c = client() as unknown as Record<string, (a: unknown) => Promise<unknown>>;
    return c[method].call(client(), { model: MODEL, provider, ...args });
  };

  it("scaleway embeddings without data: a ProviderOutputError (the reference threw a TypeError)", async () => {
    const error = await caught(
      call("scaleway", "feature-extraction", "/scaleway/v1/embeddings", { object: "list" }, { inputs: "hi" }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      "Received malformed response from Scaleway feature-extraction API: expected {data: Array<{embedding: Array<number>}>}",
    );
  });

  it("scaleway text generation: an empty completion is a result, as for every other provider", async () => {
    const out = await call(
      "scaleway",
      "text-generation",
      "/scaleway/v1/completions",
      { choices: [{ text: "" }] },
      { inputs: "hi" },
    );
    expect(out).toEqual({ generated_text: "" });
  });

  it("deepinfra text generation without choices, or speech answered with JSON: ProviderOutputError", async () => {
    const empty = await caught(
      call(
        "deepinfra",
        "text-generation",
        "/deepinfra/v1/openai/completions",
        { choices: [] },
        { inputs: "hi" },
      ),
    );
    expect(empty).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(empty.message).toBe(
      "Received malformed response from DeepInfra text-generation API: expected choices.0.text",
    );
    server.reset();
    const json = await caught(
      call(
        "deepinfra",
        "text-to-speech",
        "/deepinfra/v1/openai/audio/speech",
        { detail: "queued" },
        { inputs: "hi" },
      ),
    );
    expect(json).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(json.message).toBe("Received malformed response from DeepInfra text-to-speech API: expected Blob");
    server.reset();
    const audio = await call("deepinfra", "text-to-speech", "/deepinfra/v1/openai/audio/speech", FILE_BYTES, {
      inputs: "hi",
    });
    expect(audio).toBeInstanceOf(Blob);
  });
});
