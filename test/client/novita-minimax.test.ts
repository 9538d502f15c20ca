/**
 * novita image-text-to-video (MiniMax H3) over loopback HTTP: H3's own body (resolution, duration and ratio given
 * or worked out), the model and prompt rules before any provider request, and the polls' outcomes with the
 * reference's exact messages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "../../src/inference/index.js";
import { CDN, FILE_BYTES, MODEL } from "../fixtures/providers/cases.js";
import { caught } from "./caught.js";
import { mappingRoute, reply, replyBytes, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const SUBMIT = "/novita/v3/minimax/v2/video_generation";
const POLL = "/novita/v3/minimax/v2/query/video_generation/t1";

function route(providerId = "MiniMax-H3") {
  mappingRoute(server, MODEL, { novita: { providerId, task: "image-text-to-video" } });
  server.on("POST", SUBMIT, (_r, res) => reply(res, 200, { task_id: "t1" }));
  server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "video/mp4", FILE_BYTES));
}
const video = (parameters: Record<string, unknown>, inputs?: Blob) =>
  new InferenceClient("hf_tok", { fetch: server.fetch, pollIntervalMs: 1 }).imageTextToVideo({
    model: MODEL,
    provider: "novita",
    inputs,
    parameters,
  });
const succeed = () =>
  server.on("GET", POLL, (_r, res) =>
    reply(res, 200, { task: { status: "succeeded", content: { url: CDN } } }),
  );

describe("the body MiniMax H3 takes", () => {
  beforeEach(() => {
    route();
    succeed();
  });

  it.each([
    [
      {
        prompt: "dance",
        num_frames: 240,
        target_size: { width: 1920, height: 1080 },
        seed: 3,
        guidance_scale: 2,
        watermark: false,
      },
      { watermark: false, resolution: "768P", duration: 10, ratio: "16:9" },
    ],
    [
      { prompt: "dance", num_frames: 10, target_size: { width: 720, height: 1280 } },
      { resolution: "768P", duration: 4, ratio: "9:16" },
    ],
    [
      { prompt: "dance", num_frames: 100, target_size: { width: 1200, height: 1200 } },
      { resolution: "2K", duration: 4, ratio: "1:1" },
    ],
    [
      { prompt: "dance", num_frames: 1000, target_size: { width: 1000, height: 750 } },
      { resolution: "768P", duration: 15, ratio: "4:3" },
    ],
    [
      { prompt: "dance", resolution: "1080P", duration: 6, ratio: "21:9" },
      { resolution: "1080P", duration: 6, ratio: "21:9" },
    ],
  ])("without an image: %j", async (parameters, expected) => {
    expect(await video(parameters)).toBeInstanceOf(Blob);
    const { model, content, ...rest } = server.at(SUBMIT)[0].json as Record<string, unknown>;
    expect(model).toBe("MiniMax-H3");
    expect(content).toEqual([{ type: "text", text: "dance" }]);
    expect(rest).toEqual(expected);
  });

  it("with an image: its data URL as the first frame, and the image's own ratio", async () => {
    await video({ prompt: "dance", ratio: "16:9" }, new Blob([new Uint8Array([1, 2])]));
    expect(server.at(SUBMIT)[0].json).toEqual({
      model: "MiniMax-H3",
      content: [
        { type: "text", text: "dance" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AQI=" }, role: "first_frame" },
      ],
      resolution: "768P",
      duration: 4,
      ratio: "adaptive",
    });
  });
});

describe("refused before any provider request", () => {
  it.each([
    [
      "another model",
      "MiniMax-Hailuo-02",
      { prompt: "dance" },
      "Unsupported Novita image-text-to-video model: MiniMax-Hailuo-02",
    ],
    ["no prompt", "MiniMax-H3", {}, "Novita MiniMax H3 requires a non-empty parameters.prompt."],
    [
      "a blank prompt",
      "MiniMax-H3",
      { prompt: "  " },
      "Novita MiniMax H3 requires a non-empty parameters.prompt.",
    ],
    [
      // Caught by the task's own parameter check, before the provider's.
      "a prompt that is not text",
      "MiniMax-H3",
      { prompt: 7 },
      "parameters.prompt must be a string, got number",
    ],
  ])("%s", async (_name, providerId, parameters, message) => {
    route(providerId);
    const error = await caught(video(parameters));
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect(error.message).toBe(message);
    expect(server.at(SUBMIT)).toEqual([]);
  });
});

describe("polling", () => {
  beforeEach(() => route());

  it("polls at once, then until the task ends, with the submit's headers", async () => {
    server.on("GET", POLL, (_r, res, n) =>
      reply(res, 200, {
        task: n < 2 ? { status: n ? "running" : "queued" } : { status: "succeeded", content: { url: CDN } },
      }),
    );
    expect(await video({ prompt: "dance" })).toBeInstanceOf(Blob);
    expect(server.at(POLL)).toHaveLength(3);
    expect(server.at(POLL)[0].headers.authorization).toBe("Bearer hf_tok");
  });

  it.each([
    [
      { task: { status: "failed", error: { message: "content policy" } } },
      InferenceClientProviderOutputError,
      "content policy",
    ],
    [{ task: { status: "cancelled" } }, InferenceClientProviderOutputError, "Novita task cancelled"],
    [
      { task: { status: "succeeded" } },
      InferenceClientProviderOutputError,
      "No output URL returned by Novita API",
    ],
  ])("an ended task without a video: %j", async (answer, kind, message) => {
    server.on("GET", POLL, (_r, res) => reply(res, 200, answer));
    const error = await caught(video({ prompt: "dance" }));
    expect(error).toBeInstanceOf(kind);
    expect(error.message).toBe(message);
  });

  it("a failed poll and a failed download: ProviderApiError with the reference's messages", async () => {
    server.on("GET", POLL, (_r, res) => reply(res, 400, { error: "bad" }));
    const poll = await caught(video({ prompt: "dance" }));
    expect(poll).toBeInstanceOf(InferenceClientProviderApiError);
    expect(poll.message).toMatch(/^Failed to fetch response status from Novita API/);
    server.on("GET", POLL, (_r, res) =>
      reply(res, 200, { task: { status: "succeeded", content: { url: CDN } } }),
    );
    server.on("GET", "/out/file.bin", (_r, res) => reply(res, 404, { error: "gone" }));
    const download = await caught(video({ prompt: "dance" }));
    expect(download).toBeInstanceOf(InferenceClientProviderApiError);
    expect(download.message).toMatch(/^Failed to fetch generation output from Novita API/);
  });

  it("a submit answer without task_id: a malformed-answer error, no poll", async () => {
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, { ok: true }));
    const error = await caught(video({ prompt: "dance" }));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toMatch(/^Received malformed response from Novita image-text-to-video API/);
    expect(server.at(POLL)).toEqual([]);
  });
});
