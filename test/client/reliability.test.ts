/**
 * A hostile provider over loopback HTTP: rate-limit storms, gateway errors, resets before and during an answer,
 * silent servers, queues that never finish. Each test asserts the error class and that nothing was sent twice
 * where it must not be; the last test checks that no error of this file carries the token (the server echoes it).
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientConnectionError,
  InferenceClientError,
  InferenceClientProviderApiError,
  InferenceClientTimeoutError,
  type InferenceOptions,
  type InferenceProgress,
} from "../../src/inference/index.js";
import { MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer, type Received } from "./fake-server.js";
import { caught as rejection } from "./caught.js";
import { falQueue as queue, STATUS, SUBMIT } from "./fal-queue.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_hostile_secret_token";
const HF = `/hf-inference/models/${MODEL}`;
const OK = [{ label: "A", score: 1 }];
const errors: unknown[] = [];
const falQueue = (status: Parameters<typeof queue>[1]) => queue(server, status);
/** The call's error, kept in `errors` so the suite can check that none carries the token. */
const caught = (p: Promise<unknown>) =>
  rejection(p).then((e) => {
    errors.push(e);
    return e;
  });
const client = (options: InferenceOptions = {}) =>
  new InferenceClient(TOKEN, { fetch: server.fetch, retryDelayMs: 5, ...options });
const classify = (options: InferenceOptions = {}) =>
  client({ provider: "hf-inference", ...options }).textClassification({ model: MODEL, inputs: "hi" });
const video = (options: InferenceOptions = {}) =>
  client({ pollIntervalMs: 5, ...options }).textToVideo({
    model: MODEL,
    provider: "fal-ai",
    inputs: "a cat",
  });
/** An error answer that echoes the caller's credential, as careless providers do. */
const echo = (res: ServerResponse, req: Received, status: number, headers: Record<string, string> = {}) =>
  reply(res, status, { error: `overloaded (${req.headers.authorization})` }, headers);
const resetSocket = (res: ServerResponse) => res.socket?.destroy();
const cutMidBody = (res: ServerResponse) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": "200" });
  res.write('[[{"label": "A", "sco');
  setTimeout(() => res.socket?.destroy(), 20);
};

// Node loads its fetch implementation on first use: keep that out of the tests' short time limits.
beforeAll(async () => void (await fetch(server.origin).then((r) => r.text())));
beforeEach(() => {
  mappingRoute(server, MODEL, {
    "hf-inference": { providerId: MODEL, task: "text-classification" },
    "fal-ai": { providerId: PID, task: "text-to-video" },
  });
});

describe("429 and 503: retried for any request", () => {
  it("a storm with Retry-After in seconds and as an HTTP date: each wait honoured, then success", async () => {
    const arrivals: number[] = [];
    let date = "";
    server.on("POST", HF, (req, res, n) => {
      arrivals.push(Date.now());
      if (n === 0) return echo(res, req, 429, { "retry-after": "1" });
      if (n === 1) {
        date = new Date(Date.now() + 1500).toUTCString(); // whole seconds: the wait is 0.5 to 1.5 s
        return echo(res, req, 429, { "retry-after": date });
      }
      if (n === 2) return echo(res, req, 503, { "retry-after": "0" });
      reply(res, 200, [OK]);
    });
    const events: InferenceProgress[] = [];
    expect(await classify({ onProgress: (e) => void events.push(e) })).toEqual(OK);
    expect(server.at(HF)).toHaveLength(4);
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(990);
    expect(arrivals[2]).toBeGreaterThanOrEqual(Date.parse(date) - 10); // not back before the stated date
    expect(events.map((e) => [e.status, e.attempt, e.retry?.reason, e.retry?.step])).toEqual([
      ["retrying", 1, "429", "request"],
      ["retrying", 2, "429", "request"],
      ["retrying", 3, "503", "request"],
    ]);
    expect(events[0].retry?.delayMs).toBe(1000);
    expect(events[2].retry?.delayMs).toBe(0);
    expect(events.every((e) => e.provider === "hf-inference")).toBe(true);
  });

  it("a Retry-After longer than maxRetryDelayMs is not waited for: the 503 error comes at once", async () => {
    server.on("POST", HF, (req, res) => echo(res, req, 503, { "retry-after": "120" }));
    const started = performance.now();
    const error = await caught(classify({ maxRetryDelayMs: 1000 }));
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("503 overloaded (Bearer [redacted])");
    expect(server.at(HF)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("backoff is exponential with full jitter, capped by maxRetryDelayMs; maxRetries bounds the tries", async () => {
    server.on("POST", HF, (req, res) => echo(res, req, 503));
    const events: InferenceProgress[] = [];
    const started = performance.now();
    const error = await caught(
      classify({
        retryDelayMs: 10_000,
        maxRetryDelayMs: 40,
        maxRetries: 4,
        onProgress: (e) => void events.push(e),
      }),
    );
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    expect(error.message).toBe("503 overloaded (Bearer [redacted])");
    expect(server.at(HF)).toHaveLength(5);
    const delays = events.map((e) => e.retry!.delayMs);
    expect(delays).toHaveLength(4);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(40);
    }
    expect(performance.now() - started).toBeLessThan(1500); // uncapped, the first wait alone could be 10 s
  });

  it("maxRetries counts per request: every poll of a long job may be retried", async () => {
    falQueue((req, res, n) =>
      n % 2 === 0 ? echo(res, req, 503) : reply(res, 200, { status: n < 5 ? "IN_PROGRESS" : "COMPLETED" }),
    );
    const result = await video({ maxRetries: 1 });
    expect(result).toBeInstanceOf(Blob);
    expect(server.at(STATUS)).toHaveLength(6);
  });
});

describe("502, 504 and connection failures: retried for GET only, never a POST that may have run", () => {
  it.each([502, 504])("a %d on a status poll (GET) is retried", async (status) => {
    falQueue((req, res, n) => (n === 0 ? echo(res, req, status) : reply(res, 200, { status: "COMPLETED" })));
    const events: InferenceProgress[] = [];
    expect(await video({ onProgress: (e) => void events.push(e) })).toBeInstanceOf(Blob);
    expect(server.at(STATUS)).toHaveLength(2);
    expect(events[0]).toMatchObject({
      status: "retrying",
      attempt: 1,
      retry: { step: "polling", reason: `${status}` },
    });
  });

  it.each([502, 504])("a %d on the submit (POST) is not retried: ProviderApiError", async (status) => {
    server.on("POST", HF, (req, res) => echo(res, req, status));
    const error = await caught(classify());
    expect(error.constructor).toBe(InferenceClientProviderApiError);
    expect(error.message).toBe(`${status} overloaded (Bearer [redacted])`);
    expect(server.at(HF)).toHaveLength(1);
  });

  it("a connection reset before the answer: a GET poll is retried", async () => {
    falQueue((_req, res, n) => (n === 0 ? resetSocket(res) : reply(res, 200, { status: "COMPLETED" })));
    expect(await video()).toBeInstanceOf(Blob);
    expect(server.at(STATUS)).toHaveLength(2);
  });

  it("a connection reset before the answer: the POST is not sent again", async () => {
    server.on("POST", HF, (_req, res) => resetSocket(res));
    const error = await caught(classify());
    expect(error.constructor).toBe(InferenceClientConnectionError);
    expect(error).toBeInstanceOf(InferenceClientError);
    expect(error.message).toBe(
      "Lost the connection before any answer from https://router.huggingface.co (UND_ERR_SOCKET); check the network or the URL",
    );
    expect(server.at(HF)).toHaveLength(1);
  });

  it("a connection cut in the middle of the body is not retried, even for a GET: ConnectionError", async () => {
    server.on("POST", HF, (_req, res) => cutMidBody(res));
    const post = await caught(classify());
    expect(post.constructor).toBe(InferenceClientConnectionError);
    expect(post.message).toBe(
      `The connection was cut while reading the answer to POST https://router.huggingface.co${HF} (UND_ERR_SOCKET)`,
    );
    expect(server.at(HF)).toHaveLength(1);
    falQueue((_req, res) => cutMidBody(res));
    const get = await caught(video());
    expect(get.constructor).toBe(InferenceClientConnectionError);
    expect(server.at(STATUS)).toHaveLength(1);
  });

  it("hub lookups are GETs: a 503, a 502 and a reset are retried", async () => {
    server.on("GET", `/api/models/${MODEL}`, (req, res, n) => {
      if (n === 0) return echo(res, req, 503);
      if (n === 1) return echo(res, req, 502);
      if (n === 2) return resetSocket(res);
      reply(res, 200, {
        inferenceProviderMapping: { "hf-inference": { providerId: MODEL, task: "text-classification" } },
      });
    });
    server.on("POST", HF, (_r, res) => reply(res, 200, [OK]));
    expect(await classify({ provider: "auto" })).toEqual(OK);
    expect(server.at(`/api/models/${MODEL}`)).toHaveLength(4);
  });

  it("retry_on_error: false turns every retry off", async () => {
    server.on("POST", HF, (req, res) => echo(res, req, 429, { "retry-after": "0" }));
    expect((await caught(classify({ retry_on_error: false }))).message).toBe(
      "429 overloaded (Bearer [redacted])",
    );
    expect(server.at(HF)).toHaveLength(1);
    falQueue((req, res, n) => (n === 0 ? echo(res, req, 502) : resetSocket(res)));
    expect((await caught(video({ retry_on_error: false }))).message).toBe(
      "Failed to fetch response status from fal-ai API: 502 overloaded (Bearer [redacted])",
    );
    expect(server.at(STATUS)).toHaveLength(1);
    expect((await caught(video({ retry_on_error: false }))).message).toMatch(
      /^Lost the connection before any answer/,
    );
    expect(server.at(STATUS)).toHaveLength(2);
  });
});

/** Checks that `error` is the TimeoutError of `step` and `option`, with that message. */
const timeout = (error: Error, step: string, option: string, message: string) => {
  expect(error).toBeInstanceOf(InferenceClientTimeoutError);
  expect(error.name).toBe("TimeoutError");
  expect(error).toMatchObject({ step, option, message });
};

describe("one deadline for the whole call", () => {
  it("a poll that never finishes: the deadline fires, naming the polling step", async () => {
    falQueue((_r, res) => reply(res, 200, { status: "IN_PROGRESS" }));
    const started = performance.now();
    const error = await caught(video({ deadline: 300 }));
    timeout(
      error,
      "polling",
      "deadline",
      "Deadline of 300 ms passed (option deadline) while polling Fal.ai text-to-video API.",
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.at(SUBMIT)).toHaveLength(1);
  });

  it("it covers the hub lookup", async () => {
    server.on("GET", `/api/models/${MODEL}`, () => undefined); // never answers
    const error = await caught(classify({ provider: "auto", deadline: 150 }));
    timeout(
      error,
      "hub lookup",
      "deadline",
      "Deadline of 150 ms passed (option deadline) while looking up the model on the hub.",
    );
  });

  it("it covers downloads, and can be a Date", async () => {
    falQueue((_r, res) => reply(res, 200, { status: "COMPLETED" }));
    server.on("GET", "/v.mp4", () => undefined);
    const at = new Date(Date.now() + 300);
    const error = await caught(video({ deadline: at }));
    timeout(
      error,
      "download",
      "deadline",
      `Deadline of ${at.toISOString()} passed (option deadline) while downloading the result of Fal.ai text-to-video API.`,
    );
  });
});

describe("the deadline before a retry wait, the per-request timeout, bad limits", () => {
  it("a retry wait that would pass the deadline is not begun: the provider's own error comes at once", async () => {
    server.on("POST", HF, (req, res) => echo(res, req, 503, { "retry-after": "5" }));
    const started = performance.now();
    const error = await caught(classify({ deadline: 2000 }));
    expect(error.constructor).toBe(InferenceClientProviderApiError);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(server.at(HF)).toHaveLength(1);
  });

  it("headers that never come: the per-request timeout fires, and the POST is not repeated", async () => {
    server.on("POST", HF, (_r, res, n) => (n === 0 ? reply(res, 200, [OK]) : undefined));
    const warm = client({ provider: "hf-inference" });
    await warm.textClassification({ model: MODEL, inputs: "hi" }); // the hub lookup, out of the way
    const error = await caught(warm.textClassification({ model: MODEL, inputs: "hi" }, { timeout: 100 }));
    timeout(
      error,
      "request",
      "timeout",
      "No answer within 100 ms (option timeout) while waiting for HF-Inference text-classification API.",
    );
    expect(server.at(HF)).toHaveLength(2);
  });

  it("bad limits are input errors, before any request", async () => {
    for (const [options, message] of [
      [
        { deadline: -1 },
        "Option deadline must be a number of milliseconds >= 0 (from the call's start) or a valid Date, got -1.",
      ],
      [
        { deadline: new Date("nope") },
        "Option deadline must be a number of milliseconds >= 0 (from the call's start) or a valid Date, got Invalid Date.",
      ],
      [{ timeout: "5s" }, 'Option timeout must be a number of milliseconds >= 0, got "5s".'],
      [{ maxRetries: Number.NaN }, "Option maxRetries must be a number of retries >= 0, got NaN."],
    ] as const) {
      const error = await caught(classify(options as InferenceOptions));
      expect(error.name).toBe("InputError");
      expect(error.message).toBe(message);
    }
    expect(server.received).toHaveLength(0);
  });
});

it("an abort during a backoff sleep ends the call within 50 ms", async () => {
  server.on("POST", HF, (req, res) => echo(res, req, 503, { "retry-after": "10" }));
  const controller = new AbortController();
  let abortedAt = 0;
  const onProgress = () =>
    void setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, 30);
  const error = await caught(classify({ signal: controller.signal, onProgress }));
  expect(performance.now() - abortedAt).toBeLessThan(50);
  expect(error.name).toBe("AbortError");
  expect(server.at(HF)).toHaveLength(1);
});

it("no error raised in this file carries the token", () => {
  expect(errors.length).toBeGreaterThanOrEqual(18);
  for (const error of errors) {
    let all = "";
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
      all += JSON.stringify(e, Object.getOwnPropertyNames(e)) + String((e as Error).stack);
    expect(all).not.toContain(TOKEN);
  }
});
