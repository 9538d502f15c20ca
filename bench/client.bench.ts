/**
 * Inference client figures: overhead against a bare fetch of the same request on a loopback server (requests/s
 * ratio), SSE parse throughput, and the min+gzip size of a bundle importing only InferenceClient.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildRequest, InferenceClient } from "../src/inference/index.js";
import { readEvents } from "../src/inference/stream.js";
import { bundleSize, type BenchRow } from "./harness.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MODEL = "acme/model-1";
const ANSWER = JSON.stringify({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "Hello there!" }, finish_reason: "stop" }],
  usage: { total_tokens: 5 },
});
const MAPPING = JSON.stringify({
  inferenceProviderMapping: { groq: { providerId: "m", task: "conversational", status: "live" } },
});

async function overhead(): Promise<BenchRow[]> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(req.url!.startsWith("/api/") ? MAPPING : ANSWER),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const args = { model: MODEL, messages: [{ role: "user", content: "Hi" }], max_tokens: 10 };
  const client = new InferenceClient("hf_bench", { provider: "groq", routerUrl: origin, hubUrl: origin });
  const req = buildRequest({
    provider: "groq",
    task: "conversational",
    model: MODEL,
    mapping: { providerId: "m" },
    args,
    options: { accessToken: "hf_bench", routerUrl: origin },
  });
  const bare = async () => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: JSON.stringify(req.body),
    });
    await res.json();
  };
  const viaClient = () => client.chatCompletion(args);
  const rate = async (fn: () => Promise<unknown>, ms: number) => {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      await Promise.all(Array.from({ length: 8 }, fn)); // 8 in flight, like a small app
      n += 8;
    }
    return (n * 1000) / (performance.now() - start);
  };
  await rate(bare, 300);
  await rate(viaClient, 300);
  // Short alternating rounds; the median of the per-round ratios resists a noisy machine.
  const rounds: { bare: number; client: number }[] = [];
  for (let round = 0; round < 7; round++)
    rounds.push({ bare: await rate(bare, 400), client: await rate(viaClient, 400) });
  server.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratio = median(rounds.map((r) => r.client / r.bare));
  return [
    { name: "bare fetch, loopback (median)", value: median(rounds.map((r) => r.bare)), unit: "req/s" },
    {
      name: "InferenceClient.chatCompletion, loopback (median)",
      value: median(rounds.map((r) => r.client)),
      unit: "req/s",
    },
    {
      name: "client / bare fetch (median of 7 rounds)",
      value: ratio,
      unit: "ratio",
      target: ">= 0.9",
      ok: ratio >= 0.9,
    },
  ];
}

async function sseThroughput(): Promise<BenchRow[]> {
  const event = `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "token " }, finish_reason: null }] })}\n\n`;
  const body = new TextEncoder().encode(event.repeat(40_000) + "data: [DONE]\n\n");
  const run = async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 16_384) controller.enqueue(body.subarray(i, i + 16_384));
        controller.close();
      },
    });
    let n = 0;
    const response = new Response(stream, { headers: { "content-type": "text/event-stream" } });
    for await (const _ of readEvents({
      request: { url: "x", method: "POST", headers: {} },
      response,
      what: "bench",
    }))
      n++;
    return n;
  };
  await run();
  const start = performance.now();
  const rounds = 5;
  for (let i = 0; i < rounds; i++) await run();
  const seconds = (performance.now() - start) / 1000;
  return [
    {
      name: "SSE parse (chat chunks, 16 KB reads)",
      value: (body.length * rounds) / 1e6 / seconds,
      unit: "MB/s",
    },
  ];
}

async function bundle(): Promise<BenchRow[]> {
  const { bytes: size, inputs } = await bundleSize(`export { InferenceClient } from "./src/inference/index.js";`, root);
  const unwanted = inputs.filter((f) =>
    /task-details|libraries\.gen|pipelines\.gen|templates|snippets|chat-template/.test(f),
  );
  return [
    {
      name: "bundle: InferenceClient only, min+gzip",
      value: size / 1024,
      unit: "KB",
      target: "<= 20 KB",
      ok: size <= 20 * 1024,
    },
    {
      name: "bundle: task details / templates pulled in",
      value: unwanted.length,
      unit: "files",
      target: "0",
      ok: unwanted.length === 0,
    },
  ];
}

export default async function (): Promise<BenchRow[]> {
  return [...(await overhead()), ...(await sseThroughput()), ...(await bundle())];
}
