/**
 * together's video jobs over loopback HTTP: submit to /v2/videos, then GET /v2/videos/{id} with the submit headers
 * while the job is queued or in progress, at most 150 polls, 2000 ms apart; the reference's exact messages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "../../src/inference/index.js";
import { CDN, FILE_BYTES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyBytes, replyText, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const SUBMIT = "/together/v2/videos";
const POLL = `${SUBMIT}/job-1`;
beforeEach(() => {
  mappingRoute(server, MODEL, { together: { providerId: PID, task: "text-to-video" } });
  server.on("POST", SUBMIT, (_r, res) => reply(res, 200, { id: "job-1", status: "queued" }));
  server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "video/mp4", FILE_BYTES));
});
const video = (options: { pollIntervalMs?: number; retry_on_error?: boolean } = { pollIntervalMs: 1 }) =>
  new InferenceClient("hf_tok", { fetch: server.fetch, billTo: "acme", ...options }).textToVideo({
    model: MODEL,
    provider: "together",
    inputs: "a dog",
  });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => new Error("expected a rejection"),
    (e: Error) => e,
  );

it("polls with the submit headers until completed, then downloads the video without headers", async () => {
  server.on("GET", POLL, (_r, res, n) =>
    reply(res, 200, n < 2 ? { status: "in_progress" } : { status: "completed", outputs: { video_url: CDN } }),
  );
  const out = await video();
  expect(Buffer.from(await (out as Blob).arrayBuffer())).toEqual(FILE_BYTES);
  const polls = server.at(POLL);
  expect(polls.map((p) => p.url)).toEqual(
    Array(3).fill("https://router.huggingface.co/together/v2/videos/job-1"),
  );
  const submit = server.at(SUBMIT)[0].headers;
  for (const name of ["authorization", "content-type", "user-agent", "x-hf-bill-to"])
    expect(polls[0].headers[name], name).toBe(submit[name]);
  expect(server.at("/out/file.bin")[0].headers).not.toHaveProperty("authorization");
});

it("waits the catalogue's 2000 ms before a poll", async () => {
  server.on("GET", POLL, (_r, res) => reply(res, 200, { status: "completed", outputs: { video_url: CDN } }));
  const started = performance.now();
  await video({});
  expect(performance.now() - started).toBeGreaterThanOrEqual(1990);
  expect(server.at(POLL)).toHaveLength(1);
}, 10_000);

it("a submit answer that is already completed needs no poll", async () => {
  server.on("POST", SUBMIT, (_r, res) =>
    reply(res, 200, { id: "job-1", status: "completed", outputs: { video_url: CDN } }),
  );
  await video();
  expect(server.at(POLL)).toEqual([]);
});

it("gives up after exactly 150 status polls", async () => {
  server.on("GET", POLL, (_r, res) => reply(res, 200, { status: "queued" }));
  const error = await failure(video());
  expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
  expect(error.message).toBe(
    "Timed out while waiting for Together video generation \u2014 aborting after 150 status polls",
  );
  expect(server.at(POLL)).toHaveLength(150);
}, 30_000);

describe("failures, with the reference's messages", () => {
  it.each([
    [
      "no job id",
      { submit: { status: "queued" } },
      InferenceClientProviderOutputError,
      "Received malformed response from Together video API: no job ID found in the response",
    ],
    [
      "failed with a message",
      { poll: { status: "failed", error: { message: "NSFW prompt" } } },
      InferenceClientProviderOutputError,
      "Together video generation failed: NSFW prompt",
    ],
    [
      "failed without a message",
      { poll: { status: "failed" } },
      InferenceClientProviderOutputError,
      "Together video generation failed: Unknown error",
    ],
    [
      "an unknown final status",
      { poll: { status: "weird" } },
      InferenceClientProviderOutputError,
      'Unexpected Together video job status: "weird"',
    ],
    [
      "completed without a video URL",
      { poll: { status: "completed", outputs: {} } },
      InferenceClientProviderOutputError,
      "No video URL found in completed Together video job.",
    ],
  ])("%s", async (_what, { submit, poll }: { submit?: object; poll?: object }, type, message) => {
    if (submit) server.on("POST", SUBMIT, (_r, res) => reply(res, 200, submit));
    if (poll) server.on("GET", POLL, (_r, res) => reply(res, 200, poll));
    const error = await failure(video());
    expect(error).toBeInstanceOf(type);
    expect(error.message).toBe(message);
  });

  it("a failing poll is a ProviderApiError naming the step", async () => {
    server.on("GET", POLL, (_r, res) => reply(res, 500, { error: "job store down" }));
    const error = await failure(video({ pollIntervalMs: 1, retry_on_error: false }));
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("Failed to fetch Together video job result: 500 job store down");
  });

  it("a poll answer that is not JSON", async () => {
    server.on("GET", POLL, (_r, res) => replyText(res, 200, "<html>gateway</html>", "text/html"));
    const error = await failure(video());
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      "Received malformed response from Together video API: failed to parse job result",
    );
  });

  it("a failing download", async () => {
    server.on("GET", POLL, (_r, res) =>
      reply(res, 200, { status: "completed", outputs: { video_url: CDN } }),
    );
    server.on("GET", "/out/file.bin", (_r, res) => replyText(res, 404, "gone"));
    const error = await failure(video({ pollIntervalMs: 1, retry_on_error: false }));
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("Failed to download Together video output: 404 gone");
  });
});

it("image-to-video needs a Blob, refused before any request", async () => {
  const error = await failure(
    new InferenceClient("hf_tok", { fetch: server.fetch }).imageToVideo({
      model: MODEL,
      provider: "together",
      inputs: "https://example.com/cat.png" as unknown as Blob,
    }),
  );
  expect(error).toBeInstanceOf(InferenceClientInputError);
  expect(error.message).toBe(
    "Task image-to-video with provider together needs inputs as binary data (a Blob, ArrayBuffer or Uint8Array).",
  );
  expect(server.received).toEqual([]);
});
