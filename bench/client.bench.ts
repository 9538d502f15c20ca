/**
 * Inference client figures, each against the bare code doing the same on a loopback server in the same process:
 * chatCompletion against a bare fetch (requests/s), chatCompletionStream against a bare SSE loop (chunks/s); and
 * the min+gzip size of a bundle importing only InferenceClient.
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleSize, CLIENT_ONLY_SOURCE, NOT_IN_CLIENT_BUNDLE, type BenchRow } from "./harness.js";

type Inference = typeof import("../src/inference/index.js");

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

/**
 * Runs `a` and `b` in alternating rounds, the order swapped every round (so neither always pays for the other's
 * garbage), the same number of calls each: many short rounds rather than a few long ones, so that a burst of load
 * on a busy machine spoils a few ratios, not the median. Returns each side's median rate and the median of the
 * per-round ratios b/a.
 */
async function alternate(
  a: () => Promise<number>,
  b: () => Promise<number>,
  { rounds, calls }: { rounds: number; calls: number },
) {
  const side = async (fn: () => Promise<number>) => {
    let units = 0;
    const start = performance.now();
    for (let i = 0; i < calls; i++) units += await fn();
    return (units * 1000) / (performance.now() - start);
  };
  // Warm-up: JIT, connections, hub lookup.
  for (let i = 0; i < 3; i++) {
    await side(a);
    await side(b);
  }
  const ra: number[] = [];
  const rb: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // The order swaps every round, so neither side always runs on a warmer machine.
    if (round % 2) {
      ra.push(await side(a));
      rb.push(await side(b));
    } else {
      rb.push(await side(b));
      ra.push(await side(a));
    }
  }
  return { a: median(ra), b: median(rb), ratio: median(rb.map((x, i) => x / ra[i])) };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function loopback(answer: (url: string) => { type: string; body: string }) {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const { type, body } = answer(req.url!);
      res.writeHead(200, { "content-type": type }).end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The client as an application runs it: compiled JavaScript. tsx, which runs the bench, compiles with esbuild's
 * keepNames, so every closure created at run time also pays a __name() call that no build has: measured that way,
 * the client looked a few microseconds a request slower than it is.
 */
async function compiledClient(): Promise<Inference> {
  const outfile = join(tmpdir(), `hubkit-bench-client-${process.pid}.mjs`);
  await build({
    entryPoints: [resolve(root, "src/inference/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "silent",
  });
  try {
    return (await import(pathToFileURL(outfile).href)) as Inference;
  } finally {
    rmSync(outfile, { force: true });
  }
}

const ARGS = { model: MODEL, messages: [{ role: "user", content: "Hi" }], max_tokens: 10 };
const builtFor = ({ buildRequest }: Inference, origin: string) =>
  buildRequest({
    provider: "groq",
    task: "conversational",
    model: MODEL,
    mapping: { providerId: "m" },
    args: ARGS,
    options: { accessToken: "hf_bench", routerUrl: origin },
  });

/** chatCompletion against a bare fetch of the same request, 8 in flight (like a small app). */
async function overhead(inference: Inference): Promise<BenchRow[]> {
  const { server, origin } = await loopback((url) => ({
    type: "application/json",
    body: url.startsWith("/api/") ? MAPPING : ANSWER,
  }));
  const client = new inference.InferenceClient("hf_bench", {
    provider: "groq",
    routerUrl: origin,
    hubUrl: origin,
  });
  const req = builtFor(inference, origin);
  const inFlight = (fn: () => Promise<unknown>) => async () =>
    (await Promise.all(Array.from({ length: 8 }, fn))).length;
  const bare = inFlight(async () => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: JSON.stringify(req.body),
    });
    return res.json();
  });
  const viaClient = inFlight(() => client.chatCompletion(ARGS));
  const rounds = 31;
  const run = await alternate(bare, viaClient, { rounds, calls: 8 });
  // The same harness with both sides bare: how far from 1.0 the machine's noise alone moves a ratio.
  const control = await alternate(bare, bare, { rounds, calls: 8 });
  server.close();
  return [
    { name: "bare fetch, loopback, 8 in flight (median)", value: run.a, unit: "req/s" },
    { name: "InferenceClient.chatCompletion, same (median)", value: run.b, unit: "req/s" },
    {
      name: `chatCompletion / bare fetch (median of ${rounds} alternating rounds)`,
      value: run.ratio,
      unit: "ratio",
      target: ">= 0.9",
      ok: run.ratio >= 0.9,
    },
    {
      name: "control: bare fetch / bare fetch, same harness",
      value: control.ratio,
      unit: "ratio",
      target: "0.95 - 1.05",
      ok: control.ratio >= 0.95 && control.ratio <= 1.05,
    },
  ];
}

const CHUNK = `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "token " }, finish_reason: null }] })}\n\n`;
const EVENTS = 2000;

/** chatCompletionStream against a bare loop over the same body: split on blank lines, JSON-parse each data line. */
async function sse(inference: Inference): Promise<BenchRow[]> {
  const body = CHUNK.repeat(EVENTS) + "data: [DONE]\n\n";
  const { server, origin } = await loopback((url) =>
    url.startsWith("/api/")
      ? { type: "application/json", body: MAPPING }
      : { type: "text/event-stream", body },
  );
  const client = new inference.InferenceClient("hf_bench", {
    provider: "groq",
    routerUrl: origin,
    hubUrl: origin,
  });
  const req = builtFor(inference, origin);
  const bare = async () => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: JSON.stringify({ ...req.body, stream: true }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf("\n\n")) >= 0) {
        for (const line of text.slice(0, end).split("\n")) {
          if (line.startsWith("data: ") && line !== "data: [DONE]") {
            JSON.parse(line.slice(6));
            chunks++;
          }
        }
        text = text.slice(end + 2);
      }
    }
  };
  const viaClient = async () => {
    let chunks = 0;
    for await (const _ of client.chatCompletionStream(ARGS)) chunks++;
    return chunks;
  };
  const rounds = 21;
  const run = await alternate(bare, viaClient, { rounds, calls: 2 });
  server.close();
  return [
    { name: `bare SSE loop, loopback, ${EVENTS} chunks a stream (median)`, value: run.a, unit: "chunks/s" },
    { name: "InferenceClient.chatCompletionStream, same (median)", value: run.b, unit: "chunks/s" },
    {
      name: `chatCompletionStream / bare SSE loop (median of ${rounds} alternating rounds)`,
      value: run.ratio,
      unit: "ratio",
      target: ">= 0.9",
      ok: run.ratio >= 0.9,
    },
  ];
}

async function bundle(): Promise<BenchRow[]> {
  const { bytes: size, inputs } = await bundleSize(CLIENT_ONLY_SOURCE, root);
  const unwanted = inputs.filter((f) => NOT_IN_CLIENT_BUNDLE.test(f));
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
  const inference = await compiledClient();
  return [...(await overhead(inference)), ...(await sse(inference)), ...(await bundle())];
}
