/**
 * The polling flows of wavespeed and zai-org over real HTTP: where they poll, with which headers, how often,
 * their limits and their exact messages, and the caller's signal during their waits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  USER_AGENT,
} from "../../src/inference/index.js";
import { CDN, FILE_BYTES, MODEL, PID } from "../fixtures/providers/cases.js";
import { WAVESPEED_RESULT, WAVESPEED_SUBMITTED, wavespeedJob } from "../fixtures/providers/jobs.js";
import { mappingRoute, reply, replyBytes, replyText, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_job_token";
const client = (options = {}, token = TOKEN) =>
  new InferenceClient(token, { fetch: server.fetch, pollIntervalMs: 5, retry_on_error: false, ...options });

/** wavespeed's routes and helpers, and its mapping and submit answer before each case of the block that calls it. */
function useWavespeed() {
  const SUBMIT = `/wavespeed/api/v3/${PID}`;
  const POLL = `/wavespeed${WAVESPEED_RESULT}`;
  const image = (options = {}) =>
    client(options).textToImage({ model: MODEL, provider: "wavespeed", inputs: "a cat" });
  const polls = (answers: unknown[]) =>
    server.on("GET", POLL, (_r, res, n) =>
      reply(res, 200, { code: 200, message: "success", data: answers[Math.min(n, answers.length - 1)] }),
    );
  beforeEach(() => {
    mappingRoute(server, MODEL, { wavespeed: { providerId: PID, task: "text-to-image" } });
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, WAVESPEED_SUBMITTED));
  });
  return { SUBMIT, POLL, image, polls };
}

/** zai-org's routes and helpers, and its mapping before each case of the block that calls it. */
function useZai() {
  const SUBMIT = "/zai-org/api/paas/v4/async/images/generations";
  const POLL = "/zai-org/api/paas/v4/async-result/z1";
  const image = (options = {}) =>
    client(options).textToImage({ model: MODEL, provider: "zai-org", inputs: "a cat" });
  const submitted = (answer: unknown = { id: "z1", task_status: "PROCESSING", model: PID }) =>
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, answer));
  const polls = (answers: unknown[]) =>
    server.on("GET", POLL, (_r, res, n) => reply(res, 200, answers[Math.min(n, answers.length - 1)]));
  const SUCCESS = { task_status: "SUCCESS", image_result: [{ url: CDN }] };
  beforeEach(() => mappingRoute(server, MODEL, { "zai-org": { providerId: PID, task: "text-to-image" } }));
  return { SUBMIT, POLL, image, submitted, polls, SUCCESS };
}

describe("wavespeed: where, with which headers and how often it polls", () => {
  const { SUBMIT, POLL } = useWavespeed();

  it("polls the result path through the router with the submit's headers, then downloads the output", async () => {
    wavespeedJob(server, SUBMIT, "/wavespeed");
    const blob = await client({ billTo: "acme" }).textToImage({
      model: MODEL,
      provider: "wavespeed",
      inputs: "x",
    });
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(FILE_BYTES);
    const [submit] = server.at(SUBMIT);
    const sent = server.at(POLL);
    expect(sent.map((p) => `${p.method} ${p.url}`)).toEqual([
      `GET https://router.huggingface.co${POLL}`,
      `GET https://router.huggingface.co${POLL}`,
    ]);
    for (const name of ["authorization", "content-type", "user-agent", "x-hf-bill-to"])
      expect(sent[0].headers[name], name).toBe(submit.headers[name]);
    expect(sent[0].headers["user-agent"]).toBe(USER_AGENT);
    expect(server.at("/out/file.bin")[0].headers).not.toHaveProperty("authorization");
  });

  it("with a provider key, polls the provider's own host", async () => {
    server.on("POST", `/api/v3/${PID}`, (_r, res) => reply(res, 200, WAVESPEED_SUBMITTED));
    wavespeedJob(server, `/api/v3/${PID}`, "");
    await client({}, "ws-key").textToImage({ model: MODEL, provider: "wavespeed", inputs: "x" });
    expect(server.at(WAVESPEED_RESULT).map((p) => p.url)).toEqual([
      `https://api.wavespeed.ai${WAVESPEED_RESULT}`,
      `https://api.wavespeed.ai${WAVESPEED_RESULT}`,
    ]);
    expect(server.at(WAVESPEED_RESULT)[0].headers.authorization).toBe("Bearer ws-key");
  });

  it("polls at once after the submit, then every 500 ms (the catalogue interval)", async () => {
    const times: number[] = [];
    let submitted = 0;
    server.on("POST", SUBMIT, (_r, res) => {
      submitted = performance.now();
      reply(res, 200, WAVESPEED_SUBMITTED);
    });
    server.on("GET", POLL, (_r, res, n) => {
      times.push(performance.now());
      reply(res, 200, { data: n < 1 ? { status: "processing" } : { status: "completed", outputs: [CDN] } });
    });
    server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
    await client({ pollIntervalMs: undefined }).textToImage({
      model: MODEL,
      provider: "wavespeed",
      inputs: "x",
    });
    expect(times).toHaveLength(2);
    expect(times[0] - submitted).toBeLessThan(450);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(495);
  });
});

describe("wavespeed: failures of the job, the poll, the download", () => {
  const { SUBMIT, POLL, image, polls } = useWavespeed();

  it.each([
    [
      "failed with data.error -> that message",
      [{ status: "failed", error: "NSFW content detected" }],
      "NSFW content detected",
    ],
    [
      "failed without an error -> Task failed",
      [{ status: "processing" }, { status: "failed", error: "" }],
      "Task failed",
    ],
    [
      "completed without outputs[0]",
      [{ status: "completed", outputs: [] }],
      "Received malformed response from WaveSpeed AI API: No output URL in completed response",
    ],
  ])("%s", async (_what, answers, message) => {
    polls(answers);
    const error = await caught(image());
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(message);
    expect(server.at(POLL)).toHaveLength(answers.length);
  });

  it("a failing poll is a ProviderApiError naming the step", async () => {
    server.on("GET", POLL, (_r, res) => reply(res, 500, { message: "queue down" }));
    const error = await caught(image());
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("Failed to fetch response status from WaveSpeed AI API: 500 queue down");
  });

  // The reliability rules, not the reference (which raises at once): a GET poll answering 503 is sent again, and
  // any other failing status ends the call after that one poll.
  it("a poll answering 503 is retried (retries on), a poll answering 500 is not", async () => {
    server.on("GET", POLL, (_r, res, n) =>
      n === 0
        ? reply(res, 503, { message: "busy" })
        : reply(res, 200, { code: 200, data: { status: "completed", outputs: [CDN] } }),
    );
    server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
    const retried = { retry_on_error: true, retryDelayMs: 1 };
    await image(retried);
    expect(server.at(POLL)).toHaveLength(2);
    server.reset();
    mappingRoute(server, MODEL, { wavespeed: { providerId: PID, task: "text-to-image" } });
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, WAVESPEED_SUBMITTED));
    server.on("GET", POLL, (_r, res) => reply(res, 500, { message: "queue down" }));
    expect((await caught(image(retried))).message).toBe(
      "Failed to fetch response status from WaveSpeed AI API: 500 queue down",
    );
    expect(server.at(POLL)).toHaveLength(1);
  });

  it("a failing download is a ProviderApiError naming the step", async () => {
    polls([{ status: "completed", outputs: [CDN] }]);
    server.on("GET", "/out/file.bin", (_r, res) => replyText(res, 404, "gone"));
    const error = await caught(image());
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("Failed to fetch generation output from WaveSpeed AI API: 404 gone");
  });

  // The reference ends both in a raw TypeError / SyntaxError.
  it("a submit answer without a result URL, or a poll answer that is not JSON, is a ProviderOutputError", async () => {
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, { code: 400, message: "bad", data: null }));
    const noUrl = await caught(image());
    expect(noUrl).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(noUrl.message).toBe(
      'Received malformed response from WaveSpeed AI text-to-image API: expected {data: {id: string, urls: {get: URL}}}, got: {"code":400,"message":"bad","data":null}',
    );
    server.on("POST", SUBMIT, (_r, res) => reply(res, 200, WAVESPEED_SUBMITTED));
    server.on("GET", POLL, (_r, res) => replyText(res, 200, "<html>busy</html>", "text/html"));
    const notJson = await caught(image());
    expect(notJson).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(notJson.message).toMatch(
      /^Received malformed response from WaveSpeed AI text-to-image API: expected JSON/,
    );
  });
});

describe("wavespeed: the output types, LoRA adapters, aborting", () => {
  const { SUBMIT, POLL, image, polls } = useWavespeed();

  it('outputType "url" returns outputs[0]; "json" the whole final poll answer', async () => {
    polls([{ status: "completed", outputs: [CDN] }]);
    expect(await image({ outputType: "url" })).toBe(CDN);
    expect(await image({ outputType: "json" })).toEqual({
      code: 200,
      message: "success",
      data: { status: "completed", outputs: [CDN] },
    });
    expect(server.at("/out/file.bin")).toHaveLength(0);
  });

  it("a LoRA adapter is sent as loras [{path: hub id, scale: 1}], with or without adapterWeightsPath", async () => {
    mappingRoute(server, MODEL, { wavespeed: { providerId: PID, task: "text-to-image", adapter: "lora" } });
    polls([{ status: "completed", outputs: [CDN] }]);
    await image({ outputType: "url" });
    expect(server.at(SUBMIT)[0].json).toEqual({ prompt: "a cat", loras: [{ path: MODEL, scale: 1 }] });
  });

  it("aborting during a wait rejects at once with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("custom reason");
    let aborted = 0;
    server.on("GET", POLL, (_r, res) => {
      reply(res, 200, { data: { status: "processing" } });
      setTimeout(() => {
        aborted = performance.now();
        controller.abort(reason);
      }, 50); // the client is in its 10 s wait by then
    });
    const error = await caught(image({ signal: controller.signal, pollIntervalMs: 10_000 }));
    expect(error).toBe(reason);
    expect(performance.now() - aborted).toBeLessThan(500);
    expect(server.at(POLL)).toHaveLength(1);
  });
});

describe("zai-org text-to-image: where, with which headers and how often it polls", () => {
  const { SUBMIT, POLL, image, submitted, polls, SUCCESS } = useZai();

  it("polls async-result/{id} through the router with the submit's headers, zai's own headers included", async () => {
    submitted();
    polls([{ task_status: "PROCESSING" }, SUCCESS]);
    server.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
    await image({ billTo: "acme" });
    const [submit] = server.at(SUBMIT);
    expect(submit.headers["x-source-channel"]).toBe("hugging_face");
    expect(submit.headers["accept-language"]).toBe("en-US,en");
    const sent = server.at(POLL);
    expect(sent.map((p) => p.url)).toEqual([
      `https://router.huggingface.co${POLL}`,
      `https://router.huggingface.co${POLL}`,
    ]);
    for (const name of [
      "authorization",
      "content-type",
      "x-source-channel",
      "accept-language",
      "user-agent",
      "x-hf-bill-to",
    ])
      expect(sent[0].headers[name], name).toBe(submit.headers[name]);
  });

  it("waits the catalogue interval (5000 ms) before the first poll", async () => {
    const controller = new AbortController();
    server.on("POST", SUBMIT, (_r, res) => {
      reply(res, 200, { id: "z1", task_status: "PROCESSING" });
      setTimeout(() => controller.abort(), 400); // a poll without a wait would have come by then
    });
    polls([SUCCESS]);
    const error = await caught(image({ signal: controller.signal, pollIntervalMs: undefined }));
    expect(error.name).toBe("AbortError");
    expect(server.at(POLL)).toHaveLength(0);
  });

  it("gives up after 60 attempts with the reference's message", async () => {
    submitted();
    polls([{ task_status: "PROCESSING" }]);
    const error = await caught(image({ pollIntervalMs: 1 }));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      "Timed out while waiting for the result from ZAI API - aborting after 60 attempts",
    );
    expect(server.at(POLL)).toHaveLength(60);
  });
});

describe("zai-org text-to-image: failures and output types", () => {
  const { POLL, image, submitted, polls, SUCCESS } = useZai();

  it.each([
    [
      "a submit answer without task_status",
      { id: "z1" },
      [],
      'Received malformed response from ZAI text-to-image API: expected { id: string, task_status: string }, got: {"id":"z1"}',
    ],
    [
      "a submit answer with task_status FAIL",
      { id: "z1", task_status: "FAIL" },
      [],
      "ZAI API returned task status: FAIL",
    ],
    [
      "a poll with task_status FAIL",
      undefined,
      [{ task_status: "PROCESSING" }, { task_status: "FAIL" }],
      "ZAI text-to-image API task failed",
    ],
    [
      "SUCCESS without an image URL",
      undefined,
      [{ task_status: "SUCCESS", image_result: [] }],
      'Received malformed response from ZAI text-to-image API: expected { image_result: Array<{ url: string }> }, got: {"task_status":"SUCCESS","image_result":[]}',
    ],
  ])("%s -> ProviderOutputError", async (_what, submit, answers, message) => {
    submitted(submit);
    polls(answers.length ? answers : [SUCCESS]);
    const error = await caught(image());
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(message);
    expect(server.at(POLL)).toHaveLength(answers.length);
  });

  it("a failing poll is a ProviderApiError naming the step; a poll that is not JSON a ProviderOutputError", async () => {
    submitted();
    server.on("GET", POLL, (_r, res) => reply(res, 502, { error: { message: "upstream timeout" } }));
    const failed = await caught(image());
    expect(failed).toBeInstanceOf(InferenceClientProviderApiError);
    expect(failed.message).toBe("Failed to fetch result from ZAI text-to-image API: 502 upstream timeout");
    server.on("GET", POLL, (_r, res) => replyText(res, 200, "not json", "application/json"));
    const garbled = await caught(image());
    expect(garbled).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(garbled.message).toMatch(/^Received malformed response from ZAI text-to-image API: invalid JSON/);
  });

  it('outputType "url" returns image_result[0].url; "json" the SUCCESS poll answer', async () => {
    submitted();
    polls([SUCCESS]);
    expect(await image({ outputType: "url" })).toBe(CDN);
    expect(await image({ outputType: "json" })).toEqual(SUCCESS);
    expect(server.at("/out/file.bin")).toHaveLength(0);
  });
});
