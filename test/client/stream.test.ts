/** Server-sent events over real HTTP: incremental delivery, [DONE], open failures, early exit, cut streams. */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientConnectionError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
} from "../../src/inference/index.js";
import { chatChunk, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replySse, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const PATH = "/groq/openai/v1/chat/completions";
const client = () => new InferenceClient("hf_stream_token", { fetch: server.fetch, provider: "groq" });
beforeEach(() => mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } }));

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

it("yields chunks as they arrive, unchanged (unknown fields pass through), and stops at [DONE]", async () => {
  let release!: () => void;
  const firstSeen = new Promise<void>((r) => (release = r));
  const toolDelta = {
    index: 0,
    delta: {
      tool_calls: [{ index: 0, id: "t1", function: { name: "f", arguments: "{" } }],
      reasoning: "hmm",
    },
    finish_reason: null,
  };
  server.on("POST", PATH, async (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`: keep-alive comment\r\n\r\ndata: ${JSON.stringify(chatChunk("Hel"))}\r\n\r\n`);
    await firstSeen; // the second chunk is only sent once the client has handed out the first
    res.write(
      `event: message\ndata: ${JSON.stringify({ ...chatChunk(""), choices: [toolDelta], usage: { total_tokens: 3 } })}\n\n`,
    );
    res.write("data: [DONE]\n\n");
    res.write(`data: ${JSON.stringify(chatChunk("after done"))}\n\n`);
    res.end();
  });
  const seen: unknown[] = [];
  for await (const c of client().chatCompletionStream({ model: MODEL, messages: MESSAGES })) {
    seen.push(c);
    if (seen.length === 1) release();
  }
  expect(seen).toEqual([
    chatChunk("Hel"),
    { ...chatChunk(""), choices: [toolDelta], usage: { total_tokens: 3 } },
  ]);
  expect(server.at(PATH)[0].json).toEqual({ messages: MESSAGES, model: PID, stream: true });
});

it("fails at open on a non-2xx answer, before any iteration", async () => {
  server.on("POST", PATH, (_r, res) =>
    reply(res, 401, { error: { message: "Invalid API key" } }, { "x-request-id": "req-9" }),
  );
  const stream = client().chatCompletionStream({ model: MODEL, messages: MESSAGES });
  const error = await stream.open().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InferenceClientProviderApiError);
  expect((error as Error).message).toBe("401 Invalid API key");
  expect((error as InferenceClientProviderApiError).httpResponse).toEqual({
    requestId: "req-9",
    status: 401,
    body: { error: { message: "Invalid API key" } },
  });
  await expect(collect(stream)).rejects.toThrow("401 Invalid API key");
});

it("fails at open when the answer is not an event stream", async () => {
  server.on("POST", PATH, (_r, res) => reply(res, 200, { choices: [] }));
  await expect(client().chatCompletionStream({ model: MODEL, messages: MESSAGES }).open()).rejects.toThrow(
    "200 expected an event stream (text/event-stream) from Groq conversational API, got application/json",
  );
});

it("closes the connection when the loop is left early", async () => {
  let closed!: () => void;
  const connectionClosed = new Promise<void>((r) => (closed = r));
  server.on("POST", PATH, (_r, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`data: ${JSON.stringify(chatChunk("a"))}\n\n`);
    const timer = setInterval(() => res.write(`data: ${JSON.stringify(chatChunk("more"))}\n\n`), 20);
    res.on("close", () => {
      clearInterval(timer);
      closed();
    });
  });
  for await (const c of client().chatCompletionStream({ model: MODEL, messages: MESSAGES })) {
    expect(c).toEqual(chatChunk("a"));
    break;
  }
  await connectionClosed; // would hang (test timeout) if the client kept reading
});

it("raises a clear error when the stream ends in the middle of an event", async () => {
  server.on("POST", PATH, (_r, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(`data: ${JSON.stringify(chatChunk("ok"))}\n\ndata: {"choi`);
  });
  const seen: unknown[] = [];
  const error = await (async () => {
    for await (const c of client().chatCompletionStream({ model: MODEL, messages: MESSAGES })) seen.push(c);
  })().catch((e: unknown) => e);
  expect(seen).toHaveLength(1);
  expect(error).toBeInstanceOf(InferenceClientConnectionError);
  expect((error as Error).message).toBe(
    "The event stream from Groq conversational API ended in the middle of an event (after 1 complete events): the connection was cut before the event's closing blank line.",
  );
});

it("raises a clear error when the connection drops mid-stream", async () => {
  server.on("POST", PATH, (req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(`data: ${JSON.stringify(chatChunk("ok"))}\n\ndata: {"cho`);
    setTimeout(() => res.socket?.destroy(), 20);
  });
  const error = await collect(client().chatCompletionStream({ model: MODEL, messages: MESSAGES })).catch(
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(InferenceClientConnectionError);
  expect((error as Error).message).toMatch(
    /^The event stream from Groq conversational API (was cut after 1 events|ended in the middle of an event)/,
  );
});

it("turns `event: error` and {error} chunks into ProviderApiError, bad JSON into ProviderOutputError", async () => {
  server.on("POST", PATH, (_r, res, n) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (n === 0) res.end(`event: error\ndata: {"message": "overloaded"}\n\n`);
    else if (n === 1) res.end(`data: {"error": {"message": "context too long"}}\n\n`);
    else res.end(`data: {not json}\n\n`);
  });
  const run = () => collect(client().chatCompletionStream({ model: MODEL, messages: MESSAGES }));
  const first = await run().catch((e: unknown) => e);
  expect(first).toBeInstanceOf(InferenceClientProviderApiError);
  expect((first as Error).message).toBe("200 error while streaming the response: overloaded");
  await expect(run()).rejects.toThrow("200 error while streaming the response: context too long");
  const bad = await run().catch((e: unknown) => e);
  expect(bad).toBeInstanceOf(InferenceClientProviderOutputError);
  expect((bad as Error).message).toBe(
    'Received malformed stream event from Groq conversational API: invalid JSON "{not json}"',
  );
});

it("events that arrive in one piece are handed out in order, up to [DONE] or up to an error", async () => {
  const events = (...data: unknown[]) => data.map((d) => `data: ${JSON.stringify(d)}\n\n`).join("");
  server.on("POST", PATH, (_r, res, n) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    // one write each: the client reads each body in one piece
    if (n === 0)
      res.end(events(chatChunk("a"), chatChunk("b")) + "data: [DONE]\n\n" + events(chatChunk("after")));
    else if (n === 1)
      res.end(events(chatChunk("a"), chatChunk("b"), { error: { message: "overloaded" } }, chatChunk("c")));
    else res.end(events(chatChunk("a")) + "data: {not json\n\n" + events(chatChunk("c")));
  });
  const seen: unknown[] = [];
  const run = async () => {
    seen.length = 0;
    for await (const c of client().chatCompletionStream({ model: MODEL, messages: MESSAGES })) seen.push(c);
  };
  await run();
  expect(seen).toEqual([chatChunk("a"), chatChunk("b")]);
  await expect(run()).rejects.toThrow("200 error while streaming the response: overloaded");
  expect(seen).toEqual([chatChunk("a"), chatChunk("b")]);
  await expect(run()).rejects.toThrow(InferenceClientProviderOutputError);
  expect(seen).toEqual([chatChunk("a")]);
});

it("hf-inference text generation streams completion chunks, each with the token fields of a text-generation stream", async () => {
  mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-generation" } });
  const chunk = (text: string, finish: string | null) => ({
    id: "cmpl-1",
    object: "text_completion",
    model: MODEL,
    choices: [{ index: 0, text, finish_reason: finish }],
  });
  const events = [chunk(" upon", null), chunk(" a", null), chunk(" time", "length")];
  server.on("POST", `/hf-inference/models/${MODEL}/v1/completions`, (_r, res) => replySse(res, events));
  const out = await collect(
    new InferenceClient("hf_x", { fetch: server.fetch }).textGenerationStream({
      model: MODEL,
      provider: "hf-inference",
      inputs: "Once",
      parameters: { max_new_tokens: 3 },
    }),
  );
  // The OpenAI fields stay; token / generated_text / details are what 4.5.3-era callers read.
  expect(out).toEqual([
    {
      ...events[0],
      index: 1,
      token: { id: 0, text: " upon", special: false },
      generated_text: null,
      details: null,
    },
    {
      ...events[1],
      index: 2,
      token: { id: 0, text: " a", special: false },
      generated_text: null,
      details: null,
    },
    {
      ...events[2],
      index: 3,
      token: { id: 0, text: " time", special: false },
      generated_text: " upon a time",
      details: { finish_reason: "length" },
    },
  ]);
  const sent = server.at(`/hf-inference/models/${MODEL}/v1/completions`)[0].json;
  expect(sent).toEqual({ model: MODEL, max_tokens: 3, prompt: "Once", stream: true });
});

it("streamingRequest on an endpoint posts the fields as given and yields each chunk as received", async () => {
  const events = [
    {
      index: 1,
      token: { id: 7, text: " upon", logprob: -0.1, special: false },
      generated_text: null,
      details: null,
    },
    {
      index: 2,
      token: { id: 8, text: " a", logprob: -0.2, special: false },
      generated_text: "Once upon a",
      details: null,
    },
  ];
  server.on("POST", "/tgi", (_r, res) => replySse(res, events, { done: false }));
  const client = new InferenceClient("hf_x", { fetch: server.fetch });
  const out = await collect(
    client.streamingRequest({
      endpointUrl: "https://my-endpoint.example/tgi",
      inputs: "Once",
      parameters: { max_new_tokens: 2 },
    }),
  );
  expect(out).toEqual(events);
  expect(server.at("/tgi")[0].url).toBe("https://my-endpoint.example/tgi");
  expect(server.at("/tgi")[0].json).toEqual({
    inputs: "Once",
    parameters: { max_new_tokens: 2 },
    stream: true,
  });
  // Without an endpoint, a task is needed; the error comes from the stream, like any other.
  await expect(collect(client.streamingRequest({ model: MODEL, inputs: "x" }))).rejects.toThrow(
    "streamingRequest() needs a task name when using a provider, e.g. {task: 'text-generation'}; or call the task's own method, e.g. textGenerationStream().",
  );
});
