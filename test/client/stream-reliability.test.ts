/**
 * Streams against a hostile server over loopback HTTP: headers that never come, a stream that stalls, a slow
 * but steady one, callers that leave early, errors in the middle, a realistic tool-calling stream. The server
 * sees every connection close; no error carries the token.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientProviderApiError,
  InferenceClientTimeoutError,
  type ChatCompletionStreamOutput,
  type InferenceOptions,
} from "../../src/inference/index.js";
import { chatChunk, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_stream_secret_token";
const PATH = "/groq/openai/v1/chat/completions";
const stream = (
  options: InferenceOptions = {},
  client = new InferenceClient(TOKEN, { fetch: server.fetch }),
) =>
  client.chatCompletionStream(
    { model: MODEL, messages: MESSAGES },
    { provider: "groq", retryDelayMs: 5, ...options },
  );
/** A client whose hub lookup is done, so that a short time limit measures the provider's answer alone. */
async function warmClient(): Promise<InferenceClient> {
  const client = new InferenceClient(TOKEN, { fetch: server.fetch });
  server.on("POST", PATH, (_r, res) => res.writeHead(200, { "content-type": "text/event-stream" }).end());
  for await (const _ of stream({}, client));
  return client;
}
const sse = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
const errors: unknown[] = [];
async function drain<T>(s: AsyncIterable<T>, seen: T[] = []): Promise<Error> {
  try {
    for await (const c of s) seen.push(c);
  } catch (error) {
    errors.push(error);
    return error as Error;
  }
  throw new Error("expected the stream to fail");
}
/** Resolves when the server sees the connection of `res` close. */
const closed = (res: ServerResponse) => new Promise<void>((resolve) => res.on("close", () => resolve()));

beforeEach(() => mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } }));
// Node loads its fetch implementation on first use: keep that out of the tests' short time limits.
beforeAll(async () => void (await fetch(server.origin).then((r) => r.text())));

it("headers that never come: `timeout` fails the open, and the POST is not repeated", async () => {
  const client = await warmClient();
  server.on("POST", PATH, () => undefined);
  const s = stream({ timeout: 100 }, client);
  const error = await s.open().catch((e: Error) => (errors.push(e), e));
  expect(error).toBeInstanceOf(InferenceClientTimeoutError);
  expect(error).toMatchObject({
    step: "request",
    option: "timeout",
    message: "No answer within 100 ms (option timeout) while waiting for Groq conversational API.",
  });
  expect(server.at(PATH)).toHaveLength(2); // the warm-up's, and this one once
});

it("a slow but steady stream is never cut: `timeout` stops at the headers, the idle limit between data", async () => {
  const client = await warmClient();
  server.on("POST", PATH, (_r, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" }).flushHeaders();
    let n = 0;
    const timer = setInterval(() => {
      sse(res, chatChunk(`t${n}`));
      if (++n === 8) {
        clearInterval(timer);
        res.end("data: [DONE]\n\n");
      }
    }, 100);
  });
  const seen: ChatCompletionStreamOutput[] = [];
  const started = performance.now();
  for await (const c of stream({ timeout: 300, streamIdleTimeout: 400 }, client)) seen.push(c);
  expect(performance.now() - started).toBeGreaterThan(700); // well past `timeout`
  expect(seen.map((c) => c.choices[0].delta.content)).toEqual([
    "t0",
    "t1",
    "t2",
    "t3",
    "t4",
    "t5",
    "t6",
    "t7",
  ]);
});

it("a stream that stalls after three events: the idle timeout fires and the socket is closed", async () => {
  let connection!: Promise<void>;
  server.on("POST", PATH, (_r, res) => {
    connection = closed(res);
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const t of ["a", "b", "c"]) sse(res, chatChunk(t));
  });
  const seen: unknown[] = [];
  const started = performance.now();
  const error = await drain(stream({ streamIdleTimeout: 150 }), seen);
  expect(seen).toHaveLength(3);
  expect(error).toBeInstanceOf(InferenceClientTimeoutError);
  expect(error).toMatchObject({
    step: "stream",
    option: "streamIdleTimeout",
    message:
      "No data for 150 ms (option streamIdleTimeout) while reading the event stream of Groq conversational API, after 3 events; the connection was closed.",
  });
  expect(performance.now() - started).toBeLessThan(1000);
  await connection;
});

it("time the caller spends between chunks does not count as silence", async () => {
  server.on("POST", PATH, (_r, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const t of ["a", "b", "c"]) sse(res, chatChunk(t));
    res.end("data: [DONE]\n\n");
  });
  const seen: unknown[] = [];
  for await (const c of stream({ streamIdleTimeout: 50 })) {
    seen.push(c);
    await new Promise((r) => setTimeout(r, 120));
  }
  expect(seen).toHaveLength(3);
});

it("the deadline covers the whole stream, and closes it", async () => {
  let connection!: Promise<void>;
  server.on("POST", PATH, (_r, res) => {
    connection = closed(res);
    res.writeHead(200, { "content-type": "text/event-stream" });
    const timer = setInterval(() => sse(res, chatChunk("more")), 20);
    res.on("close", () => clearInterval(timer));
  });
  const error = await drain(stream({ deadline: 250 }));
  expect(error).toBeInstanceOf(InferenceClientTimeoutError);
  expect(error).toMatchObject({
    step: "stream",
    option: "deadline",
    message:
      "Deadline of 250 ms passed (option deadline) while reading the event stream of Groq conversational API.",
  });
  await connection;
});

it.each(["break", "return", "throw"] as const)(
  "leaving the loop early (%s) closes the connection: the server sees it close",
  async (how) => {
    let connection!: Promise<void>;
    server.on("POST", PATH, (_r, res) => {
      connection = closed(res);
      res.writeHead(200, { "content-type": "text/event-stream" });
      const timer = setInterval(() => sse(res, chatChunk("more")), 10);
      res.on("close", () => clearInterval(timer));
    });
    const consume = async () => {
      let n = 0;
      for await (const _ of stream()) {
        if (++n < 3) continue;
        if (how === "break") break;
        if (how === "return") return n;
        throw new Error("the caller's own failure");
      }
      return n;
    };
    if (how === "throw") await expect(consume()).rejects.toThrow("the caller's own failure");
    else expect(await consume()).toBe(3);
    await connection; // hangs (test timeout) if the client kept the connection
  },
);

it("429 at open is retried (the provider did not run it); 502 at open is not (it may have)", async () => {
  server.on("POST", PATH, (req, res, n) =>
    n === 0
      ? reply(res, 429, { error: `slow down ${req.headers.authorization}` }, { "retry-after": "0" })
      : n === 1
        ? (res.writeHead(200, { "content-type": "text/event-stream" }),
          sse(res, chatChunk("ok")),
          res.end("data: [DONE]\n\n"))
        : reply(res, 502, { error: `bad gateway for ${req.headers.authorization}` }),
  );
  const seen: unknown[] = [];
  for await (const c of stream()) seen.push(c);
  expect(seen).toEqual([chatChunk("ok")]);
  expect(server.at(PATH)).toHaveLength(2);
  const error = await drain(stream());
  expect(error.constructor).toBe(InferenceClientProviderApiError);
  expect(error.message).toBe("502 bad gateway for Bearer [redacted]");
  expect(server.at(PATH)).toHaveLength(3);
});

it("an error event in the middle raises ProviderApiError with the provider's message, after the chunks before it", async () => {
  server.on("POST", PATH, (req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    sse(res, chatChunk("Hel"));
    sse(res, chatChunk("lo"));
    res.end(
      `event: error\ndata: ${JSON.stringify({ error: { message: "Rate limit reached for model", type: "rate_limit_exceeded", code: 429, key: req.headers.authorization } })}\n\n`,
    );
  });
  const seen: unknown[] = [];
  const error = await drain(stream(), seen);
  expect(seen).toEqual([chatChunk("Hel"), chatChunk("lo")]);
  expect(error.constructor).toBe(InferenceClientProviderApiError);
  expect(error.message).toBe("200 error while streaming the response: Rate limit reached for model");
  expect((error as InferenceClientProviderApiError).httpResponse.body).toEqual({
    error: {
      message: "Rate limit reached for model",
      type: "rate_limit_exceeded",
      code: 429,
      key: "Bearer [redacted]",
    },
  });
});

/** A tool-calling stream as groq sends it: reasoning, tool-call deltas, a finish reason, usage, unknown fields. */
function toolCallingChunks() {
  const base = {
    id: "chatcmpl-9x",
    object: "chat.completion.chunk",
    created: 1730000000,
    model: PID,
    system_fingerprint: "fp_1",
  };
  const chunks = [
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: { role: "assistant", content: null, reasoning_content: "User wants weather." },
          logprobs: null,
          finish_reason: null,
        },
      ],
    },
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: 0,
                id: "call_abc",
                type: "function",
                function: { name: "get_weather", arguments: "" },
              },
            ],
          },
          logprobs: null,
          finish_reason: null,
        },
      ],
    },
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { arguments: '{"city": "Par' } }] },
          finish_reason: null,
        },
      ],
    },
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: 0, function: { arguments: 'is", "unit": "c"}' } }] },
          finish_reason: null,
        },
      ],
    },
    {
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }],
      x_groq: { id: "req_01", queue_time: 0.01 },
    },
    {
      ...base,
      choices: [],
      usage: {
        prompt_tokens: 52,
        completion_tokens: 21,
        total_tokens: 73,
        completion_tokens_details: { reasoning_tokens: 5 },
      },
    },
  ];
  return chunks;
}

it("a realistic tool-calling stream passes through unchanged: tool-call deltas, reasoning, usage, unknown fields", async () => {
  const chunks = toolCallingChunks();
  server.on("POST", PATH, (_r, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    // Split at odd places, the way a network delivers it.
    const text = chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n";
    for (let i = 0; i < text.length; i += 37) res.write(text.slice(i, i + 37));
    res.end();
  });
  const seen: unknown[] = [];
  for await (const c of stream()) seen.push(c);
  expect(seen).toEqual(chunks);
});

it("no stream error carries the token", () => {
  expect(errors.length).toBeGreaterThanOrEqual(5);
  for (const error of errors) {
    let all = "";
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
      all += JSON.stringify(e, Object.getOwnPropertyNames(e)) + String((e as Error).stack);
    expect(all).not.toContain(TOKEN);
  }
});
