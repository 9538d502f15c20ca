/** Failures over real HTTP: provider errors, malformed answers, polling failures, aborts and timeouts, no token leaks. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
} from "../../src/inference/index.js";
import { MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyText, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_secret_token_do_not_leak";
const HF = `/hf-inference/models/${MODEL}`;
const hfClient = (options = {}) =>
  new InferenceClient(TOKEN, { fetch: server.fetch, provider: "hf-inference", retryDelayMs: 5, ...options });

describe("provider HTTP errors", () => {
  beforeEach(() =>
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-classification" } }),
  );

  it.each([
    ["JSON error string", 400, { error: "Input is too long" }, "application/json", "400 Input is too long"],
    [
      "JSON nested error.message",
      422,
      { error: { message: "bad field", type: "invalid" } },
      "application/json",
      "422 bad field",
    ],
    ["JSON detail", 404, { detail: "Model not found" }, "application/problem+json", "404 Model not found"],
    [
      "text body",
      500,
      "Internal error: GPU on fire",
      "text/plain; charset=utf-8",
      "500 Internal error: GPU on fire",
    ],
    ["empty body", 502, "", "text/plain", "502 status code (no body)"],
  ])(
    "%s -> ProviderApiError with the request (redacted) and the response",
    async (_n, status, body, type, message) => {
      server.on("POST", HF, (_r, res) =>
        res
          .writeHead(status, { "content-type": type, "x-request-id": "req-42" })
          .end(typeof body === "string" ? body : JSON.stringify(body)),
      );
      const error = (await caught(
        hfClient().textClassification({ model: MODEL, inputs: "hi" }),
      )) as InferenceClientProviderApiError;
      expect(error).toBeInstanceOf(InferenceClientProviderApiError);
      expect(error).toBeInstanceOf(InferenceClientError);
      expect(error.name).toBe("ProviderApiError");
      expect(error.message).toBe(message);
      expect(error.httpResponse).toEqual({ requestId: "req-42", status, body });
      expect(error.httpRequest).toEqual({
        url: `https://router.huggingface.co${HF}`,
        method: "POST",
        headers: {
          Authorization: "Bearer [redacted]",
          "Content-Type": "application/json",
          "User-Agent": expect.stringMatching(/^hubkit\//),
        },
        body: { inputs: "hi" },
      });
    },
  );

  it("a 200 answer with invalid JSON is a ProviderOutputError", async () => {
    server.on("POST", HF, (_r, res) => replyText(res, 200, "{not json", "application/json"));
    const error = await caught(hfClient().textClassification({ model: MODEL, inputs: "hi" }));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      'Received malformed response from HF-Inference text-classification API: invalid JSON ("{not json")',
    );
  });
});

describe("answers of the wrong shape name the task and what was expected", () => {
  it.each([
    [
      "text-classification",
      "textClassification",
      "hi",
      [[{ label: 1 }]],
      "expected Array<{label: string, score: number}>",
    ],
    [
      "text-generation",
      "textGeneration",
      "hi",
      { choices: [{ index: 0 }] }, // neither a completion nor a text-generation answer
      "expected {model?: string, choices: Array<{text: string}>} | {details?: {best_of_sequences?: Array<TextGenerationOutputBestOfSequence> | null, finish_reason: string, generated_tokens: number, prefill: Array<TextGenerationOutputPrefillToken>, seed?: number | null, tokens: Array<TextGenerationOutputToken>, top_tokens?: Array<Array<TextGenerationOutputToken>>} | null, generated_text: string}",
    ],
    [
      "object-detection",
      "objectDetection",
      new Uint8Array([1]),
      [{ label: "a", score: 1, box: { xmin: 1 } }],
      "expected Array<{label: string, score: number, box: {xmin: number, xmax: number, ymin: number, ymax: number}}>",
    ],
    [
      "question-answering",
      "questionAnswering",
      { question: "q", context: "c" },
      [{ answer: "a" }],
      "expected {answer: string, score: number, start: number, end: number}",
    ],
    [
      "feature-extraction",
      "featureExtraction",
      "hi",
      [[[["too deep"]]]],
      "expected number | Array<number> | Array<Array<number>> | Array<Array<Array<number>>>",
    ],
    [
      "table-question-answering",
      "tableQuestionAnswering",
      { query: "q", table: {} },
      { answer: "a" },
      "expected {answer: string, coordinates: Array<Array<number>>, cells: Array<string>, aggregator?: string}",
    ],
    [
      "fill-mask",
      "fillMask",
      "a [MASK]",
      [{ score: "high" }],
      "expected Array<{sequence: string, score: number, token: number, token_str: string}>",
    ],
    ["summarization", "summarization", "long", [], "expected a non-empty array, got []"],
  ])("%s", async (task, method, inputs, answer, expected) => {
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task } });
    const path =
      task === "feature-extraction"
        ? `${HF}/pipeline/feature-extraction`
        : task === "text-generation"
          ? `${HF}/v1/completions`
          : HF;
    server.on("POST", path, (_r, res) => reply(res, 200, answer));
    const client = hfClient() as unknown as Record<string, (a: unknown) => Promise<unknown>>;
    const error = await caught(client[method]({ model: MODEL, inputs }));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(`Received malformed response from HF-Inference ${task} API: ${expected}`);
  });
});

describe("a chat answer of the wrong shape names the provider and what was expected", () => {
  it("a chat answer without choices", async () => {
    mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } });
    server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) =>
      reply(res, 200, { id: "x", created: 1, model: "m" }),
    );
    const error = await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch }).chatCompletion({
        model: MODEL,
        provider: "groq",
        messages: MESSAGES,
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toMatch(
      /^Received malformed response from Groq conversational API: expected \{id: string, created: number, model: string, system_fingerprint\?: string \| null, choices: Array</,
    );
  });
});

describe("polling failures: black-forest-labs and novita", () => {
  it("black-forest-labs: never Ready -> the timeout message after 5 polls, 1 interval apart", async () => {
    mappingRoute(server, MODEL, { "black-forest-labs": { providerId: "flux-dev", task: "text-to-image" } });
    server.on("POST", "/black-forest-labs/v1/flux-dev", (_r, res) =>
      reply(res, 200, { id: "1", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=1" }),
    );
    server.on("GET", "/v1/get_result", (_r, res) => reply(res, 200, { status: "Pending" }));
    const started = performance.now();
    const error = await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch, pollIntervalMs: 20 }).textToImage({
        model: MODEL,
        provider: "black-forest-labs",
        inputs: "x",
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe(
      "Timed out while waiting for the result from black forest labs API - aborting after 5 attempts",
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(5 * 20 - 5);
    const polls = server.at("/v1/get_result");
    expect(polls.map((p) => new URL(p.url).searchParams.get("attempt"))).toEqual(["0", "1", "2", "3", "4"]);
    expect(polls[0].headers).not.toHaveProperty("authorization");
    expect(polls[0].headers["content-type"]).toBe("application/json");
  });

  it("novita: TASK_STATUS_FAILED -> 'Novita text-to-video task failed'", async () => {
    mappingRoute(server, MODEL, { novita: { providerId: PID, task: "text-to-video" } });
    server.on("POST", `/novita/v3/async/${PID}`, (_r, res) => reply(res, 200, { task_id: "t9" }));
    server.on("GET", "/novita/v3/async/task-result", (_r, res, n) =>
      reply(res, 200, { task: { status: n === 0 ? "TASK_STATUS_QUEUED" : "TASK_STATUS_FAILED" } }),
    );
    const error = await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch, pollIntervalMs: 5 }).textToVideo({
        model: MODEL,
        provider: "novita",
        inputs: "x",
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toBe("Novita text-to-video task failed");
    const polls = server.at("/novita/v3/async/task-result");
    expect(polls).toHaveLength(2);
    expect(polls[0].url).toBe("https://router.huggingface.co/novita/v3/async/task-result?task_id=t9");
    expect(polls[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe("polling failures: fal-ai's queue", () => {
  // fal-ai's queue: the submit answers IN_QUEUE, then every status poll gets `status`.
  it.each([
    [
      "a failing status poll -> ProviderApiError naming the step",
      {
        status: { code: 500, body: { detail: "queue down" } },
        options: { pollIntervalMs: 5, retry_on_error: false },
        type: InferenceClientProviderApiError,
        message: "Failed to fetch response status from fal-ai API: 500 queue down",
      },
    ],
    [
      "a poll that never ends stops at the pollTimeout deadline",
      {
        status: { code: 200, body: { status: "IN_PROGRESS" } },
        options: { pollIntervalMs: 10, pollTimeout: 100 },
        type: InferenceClientTimeoutError,
        message: "Gave up waiting for Fal.ai text-to-video API after 100 ms (option pollTimeout).",
      },
    ],
  ] as const)("fal-ai: %s", async (_what, { status, options, type, message }) => {
    mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "text-to-video" } });
    server.on("POST", `/fal-ai/${PID}`, (_r, res) =>
      reply(res, 200, {
        request_id: "q",
        status: "IN_QUEUE",
        response_url: `https://queue.fal.run/${PID}/requests/q`,
      }),
    );
    server.on("GET", `/fal-ai/${PID}/requests/q/status`, (_r, res) => reply(res, status.code, status.body));
    const error = await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch, ...options }).textToVideo({
        model: MODEL,
        provider: "fal-ai",
        inputs: "x",
      }),
    );
    expect(error).toBeInstanceOf(type);
    expect(error.constructor, "exactly this class, not a subclass").toBe(type);
    expect(error.message).toBe(message);
  });
});

describe("abort and timeouts", () => {
  beforeEach(() =>
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-classification" } }),
  );

  it("a server that never answers: aborting the signal ends the call promptly", async () => {
    server.on("POST", HF, () => undefined); // never answers
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    const error = await caught(
      hfClient({ signal: controller.signal }).textClassification({ model: MODEL, inputs: "hi" }),
    );
    expect(error.name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("the timeout option ends a call that gets no answer", async () => {
    server.on("POST", HF, () => undefined);
    const started = performance.now();
    const error = await caught(hfClient({ timeout: 100 }).textClassification({ model: MODEL, inputs: "hi" }));
    expect(error.name).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("aborting during a polling wait ends it promptly", async () => {
    mappingRoute(server, MODEL, { "black-forest-labs": { providerId: "flux-dev", task: "text-to-image" } });
    server.on("POST", "/black-forest-labs/v1/flux-dev", (_r, res) =>
      reply(res, 200, { id: "1", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=1" }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const error = await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch, signal: controller.signal }).textToImage({
        model: MODEL,
        provider: "black-forest-labs",
        inputs: "x",
      }),
    );
    expect(error.name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(1000); // the catalogue interval is 1000 ms
  });
});
