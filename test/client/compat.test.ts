/**
 * Calls written for the upstream client 4.5.3 keep working: the legacy `{data}` binary argument, request() and
 * streamingRequest() on an endpoint, client.endpoint(url), and input checks before any request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import {
  InferenceClient,
  InferenceClientInputError,
  type ImageTextToImageArgs,
  type ImageTextToVideoArgs,
  type OutputType,
  type TextToAudioArgs,
} from "../../src/index.js";
import { AUDIO_BYTES, IMAGE_BYTES, MODEL, audio, image } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = () => new InferenceClient("hf_tok", { fetch: server.fetch });
const HF = `/hf-inference/models/${MODEL}`;
const CLS = [{ label: "speech", score: 0.9 }];

describe("the legacy {data: Blob} argument of binary tasks", () => {
  it.each([
    ["audioClassification", "audio-classification", audio, AUDIO_BYTES, CLS],
    ["automaticSpeechRecognition", "automatic-speech-recognition", audio, AUDIO_BYTES, { text: "hello" }],
    ["imageClassification", "image-classification", image, IMAGE_BYTES, CLS],
    ["imageToText", "image-to-text", image, IMAGE_BYTES, [{ generated_text: "a cat" }]],
    ["objectDetection", "object-detection", image, IMAGE_BYTES, []],
  ] as const)("%s({data}) sends the bytes as inputs would", async (method, task, file, bytes, answer) => {
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task } });
    server.on("POST", HF, (_r, res) => reply(res, 200, answer));
    const call = (client() as unknown as Record<string, (a: object) => Promise<unknown>>)[method];
    await call.call(client(), { model: MODEL, provider: "hf-inference", data: file() });
    expect(server.at(HF)[0].body).toEqual(bytes);
  });

  it("fal-ai speech recognition takes {data} too, checked like inputs", async () => {
    mappingRoute(server, MODEL, {
      "fal-ai": { providerId: "fal-ai/whisper", task: "automatic-speech-recognition" },
    });
    server.on("POST", "/fal-ai/fal-ai/whisper", (_r, res) => reply(res, 200, { text: "hi" }));
    const answer = await client().automaticSpeechRecognition({
      model: MODEL,
      provider: "fal-ai",
      data: audio(),
    });
    expect(answer).toEqual({ text: "hi" });
    expect(server.at("/fal-ai/fal-ai/whisper")[0].json).toEqual({
      audio_url: `data:audio/x-wav;base64,${AUDIO_BYTES.toString("base64")}`,
    });
  });
});

describe("request() and streamingRequest()", () => {
  it("request() on an endpoint without a task posts the fields as given to the URL as given", async () => {
    server.on("POST", "/my/route", (_r, res) => reply(res, 200, [{ generated_text: "as received" }]));
    const answer = await client().request({
      endpointUrl: "https://my-endpoint.example/my/route",
      inputs: "Once",
      parameters: { max_new_tokens: 2 },
    });
    expect(answer).toEqual([{ generated_text: "as received" }]);
    const [sent] = server.at("/my/route");
    expect(sent.url).toBe("https://my-endpoint.example/my/route");
    expect(sent.json).toEqual({ inputs: "Once", parameters: { max_new_tokens: 2 } });
  });

  it("request() with a provider needs a task, before any request", async () => {
    await expect(client().request({ model: MODEL, provider: "together", inputs: "x" })).rejects.toThrow(
      InferenceClientInputError,
    );
    expect(server.received).toEqual([]);
  });

  it("client.endpoint(url) sends every call to that endpoint", async () => {
    server.on("POST", "/ep/v1/chat/completions", (_r, res) =>
      reply(res, 200, { id: "c", created: 1, model: "m", choices: [] }),
    );
    const endpoint = client().endpoint("https://my-endpoint.example/ep");
    await endpoint.chatCompletion({ messages: [{ role: "user", content: "Hi" }] });
    expect(server.at("/ep/v1/chat/completions")[0].url).toBe(
      "https://my-endpoint.example/ep/v1/chat/completions",
    );
  });
});

it("types: OutputType, the new argument types and textToImage's result per outputType (checked by tsc)", () => {
  expectTypeOf<OutputType>().toEqualTypeOf<"blob" | "url" | "dataUrl" | "json">();
  expectTypeOf<{
    inputs: Blob;
    parameters: { prompt: string; num_frames: number };
  }>().toMatchTypeOf<ImageTextToVideoArgs>();
  expectTypeOf<{ parameters: { prompt: string } }>().toMatchTypeOf<ImageTextToImageArgs>();
  expectTypeOf<{ inputs: string }>().toMatchTypeOf<TextToAudioArgs>();
  const c = new InferenceClient();
  const args = { model: MODEL, inputs: "a cat" };
  // Only tsc reads these calls: made at run time, they would send real requests.
  const typesOnly = () => {
    expectTypeOf(c.textToImage(args)).resolves.toEqualTypeOf<Blob>();
    expectTypeOf(c.textToImage(args, { outputType: "url" })).resolves.toEqualTypeOf<string>();
    expectTypeOf(c.textToImage(args, { outputType: "dataUrl" })).resolves.toEqualTypeOf<string>();
    expectTypeOf(c.textToImage(args, { outputType: "blob" })).resolves.toEqualTypeOf<Blob>();
  };
  expect(typesOnly).toBeTypeOf("function");
  expectTypeOf(c.imageTextToVideo).returns.resolves.toEqualTypeOf<Blob>();
  expectTypeOf(c.audioClassification).toBeCallableWith({ model: MODEL, data: new Blob([]) });
});
