/**
 * Runs generated snippets as a user would, against the loopback fake server, and computes what InferenceClient
 * sends for the same call. The snippets run in a folder laid out like a user's project (the example files, and
 * node_modules with the packages the JS snippets import). JS and Python snippets run unmodified:
 * test/snippets/exec/loopback.mjs (node --import) and exec/sitecustomize.py send their requests for the origins
 * under test to the loopback server. A curl command has no such hook, so its origin is replaced in the text (the
 * only edit made to any snippet). Python snippets run in forks of one interpreter (exec/fork-server.py), JS
 * snippets one after another in a few Node processes (exec/module-runner.mjs): starting an interpreter cost more
 * than most snippets do.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { expect } from "vitest";
import { InferenceClient } from "../../src/inference/index.js";
import { TASK_IO, type TaskIo } from "../../src/tasks/task-io.js";
import { PROVIDER_IDS } from "../../src/generated/providers.gen.js";
import { exampleArgs, exampleMessages, mapFiles } from "../../src/snippets/inputs.js";
import { tokenEnvVar } from "../../src/snippets/tokens.js";
import { snippetTemplate } from "../../src/snippets/index.js";
import { runModule } from "./module-runners.js";
import { mappingRoute, type FakeServer, type Received } from "../client/fake-server.js";
import { formParts } from "../fixtures/providers/form.js";
import { PYTHON } from "../support/interpreters.js";
import type { SnippetCase } from "./matrix.js";

export const PROJECT_ROOT = join(import.meta.dirname, "../..");
const EXEC = join(import.meta.dirname, "exec");
/**
 * Where python3 lacks the `requests` package (a machine with nothing but python3), the Python snippets import a
 * small urllib stand-in (exec/requests-shim) instead; where it is installed, as in CI, they run with the real one.
 */
/** HUBKIT_TEST_SHIMS=1 runs the snippets with the stand-ins below even where the real programs are installed. */
const SHIMS = process.env.HUBKIT_TEST_SHIMS === "1";
export const PYTHON_HAS_REQUESTS = !SHIMS && spawnSync(PYTHON, ["-c", "import requests"]).status === 0;
const PYTHON_PATH = PYTHON_HAS_REQUESTS ? EXEC : [EXEC, join(EXEC, "requests-shim")].join(":");
/** Likewise curl: where the machine has none, the curl snippets run with a small Node stand-in (exec/curl-shim). */
export const HAS_CURL = !SHIMS && spawnSync("bash", ["--norc", "-c", "command -v curl"]).status === 0;
const SHELL_PATH = HAS_CURL ? process.env.PATH : [join(EXEC, "curl-shim"), process.env.PATH].join(":");
/** The header the loopback hooks put the intended origin in; not part of what a snippet sends. */
const ORIGIN_HEADER = "x-hubkit-loopback-origin";

export const HF_TOKEN = "hf_snippetRunToken123";
export const PROVIDER_KEY = "snippet-run-provider-key-456";
/** Example files the snippets read, with recognisable bytes. */
export const EXAMPLE_FILES: Record<string, Buffer> = {
  "cats.jpg": Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 250, 0, 10, 13]),
  "cat.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7, 0, 255]),
  "invoice.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 1, 1]),
  "sample1.flac": Buffer.from("fLaC\u0000\u0001audio", "latin1"),
  "sample1.wav": Buffer.from("RIFF\u0000\u0000WAVEfmt ", "latin1"),
};
/** Headers that name the sending program or the transport rather than the request. */
const TRANSPORT = new Set([
  "host",
  "user-agent",
  "accept",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
  "connection",
  "content-length",
  "expect",
  ORIGIN_HEADER,
]);

/** Headers the openai package adds to describe itself (its version, the runtime, the retry count). */
const CLIENT_HEADER_PREFIX = "x-stainless-";

/** A folder holding the example files, where snippets run (and write their outputs). */
export function snippetFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-snippet-run-"));
  for (const [name, bytes] of Object.entries(EXAMPLE_FILES)) writeFileSync(join(dir, name), bytes);
  return dir;
}

/**
 * Installs what the JS snippets import into the folder's node_modules, as `npm i openai @huggingface/inference`
 * would: `openai` is the project's devDependency (linked), and hubkit's inference client, bundled as one ES module,
 * stands in for `@huggingface/inference` (no @huggingface/* package is installed here).
 */
export async function installSnippetPackages(dir: string): Promise<void> {
  const modules = join(dir, "node_modules");
  const hubClient = join(modules, "@huggingface/inference");
  mkdirSync(hubClient, { recursive: true });
  symlinkSync(join(PROJECT_ROOT, "node_modules/openai"), join(modules, "openai"), "dir");
  writeFileSync(
    join(hubClient, "package.json"),
    JSON.stringify({ name: "@huggingface/inference", type: "module", exports: "./index.mjs" }),
  );
  await build({
    entryPoints: [join(PROJECT_ROOT, "src/inference/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: join(hubClient, "index.mjs"),
    logLevel: "error",
  });
}

/** How long a snippet may run: generous, as a busy machine makes process start-up slow (IPython takes seconds). */
export const RUN_TIMEOUT = 100_000;

export interface SnippetRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  server: FakeServer;
  cwd: string;
  /** Origins the snippet may call; they reach the loopback server. */
  origins: string[];
  /** How long it may run before it is killed; default RUN_TIMEOUT. */
  timeoutMs?: number;
}

/**
 * Environment of a run: this process's (a bare environment makes every bash start take seconds on some
 * machines), the tokens a user exports for every provider, and the loopback settings.
 */
function runEnv({ server, origins }: RunOptions): Record<string, string | undefined> {
  return {
    ...process.env,
    ...Object.fromEntries(PROVIDER_IDS.map((p) => [tokenEnvVar(p, {}, true), PROVIDER_KEY])),
    HF_TOKEN, // hf-inference's variable too
    API_TOKEN: HF_TOKEN,
    HUBKIT_LOOPBACK: server.origin,
    HUBKIT_LOOPBACK_ORIGINS: origins.join(","),
    PYTHONPATH: PYTHON_PATH,
    PATH: SHELL_PATH,
    PYTHONDONTWRITEBYTECODE: "1",
  };
}

/** Runs one snippet to completion (a failing snippet is a result, not an exception). */
export function runSnippet(
  language: "python" | "js" | "sh",
  content: string,
  options: RunOptions,
): Promise<SnippetRun> {
  const name = `snippet-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  if (language === "python") {
    writeFileSync(join(options.cwd, `${name}.py`), content);
    return runPython(join(options.cwd, `${name}.py`), options);
  }
  if (language === "js") {
    writeFileSync(join(options.cwd, `${name}.mjs`), content);
    return runJs(join(options.cwd, `${name}.mjs`), options);
  }
  let code = content;
  for (const origin of options.origins) code = code.split(origin).join(options.server.origin);
  return new Promise((resolve) => {
    execFile(
      "bash",
      ["--norc", "-c", code],
      { cwd: options.cwd, env: runEnv(options), timeout: options.timeoutMs ?? RUN_TIMEOUT },
      (error, stdout, stderr) => {
        if (error?.killed) resolve(killed(stdout, stderr, options));
        else resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

const killed = (stdout: string, stderr: string, { timeoutMs = RUN_TIMEOUT }: RunOptions): SnippetRun => ({
  code: -1,
  stdout,
  stderr: `${stderr}\n(killed: still running after ${timeoutMs} ms)`,
});

/** A JS snippet, run by a module runner as `node FILE` would run it (see exec/module-runner.mjs). */
async function runJs(file: string, options: RunOptions): Promise<SnippetRun> {
  const job = { file, cwd: options.cwd, env: runEnv(options), timeoutMs: options.timeoutMs ?? RUN_TIMEOUT };
  const outcome = await runModule(job);
  if (typeof outcome === "string") return { code: -1, stdout: "", stderr: outcome };
  const { code, stdout, stderr } = outcome;
  return code === -9 ? killed(stdout, stderr, options) : { code, stdout, stderr };
}

/** exec/fork-server.py, started with the first Python snippet of a test worker; jobs waiting for their end. */
let forkServer: { child: ChildProcess; waiting: Map<string, (code: number | string) => void> } | undefined;

function startForkServer(): NonNullable<typeof forkServer> {
  const child = spawn(PYTHON, [join(EXEC, "fork-server.py")], {
    env: { ...process.env, PYTHONPATH: PYTHON_PATH, PYTHONDONTWRITEBYTECODE: "1" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = new Map<string, (code: number | string) => void>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const { id, code } = JSON.parse(line) as { id: string; code: number };
    waiting.get(id)?.(code);
    waiting.delete(id);
  });
  // A server that ends (or cannot start) ends the runs it had, saying why, and the next run starts a new one.
  const ended = (why: string) => {
    if (forkServer?.child === child) forkServer = undefined;
    for (const done of waiting.values()) done(`the Python snippet server ${why}`);
    waiting.clear();
  };
  child.on("error", (error) => ended(`could not start: ${error.message}`));
  child.on("exit", (code, signal) => ended(`ended (${signal ?? `exit code ${code}`})`));
  // The server ends when the worker does (its stdin closes); it must not keep the worker alive.
  child.unref();
  for (const pipe of [child.stdin, child.stdout]) (pipe as unknown as { unref(): void }).unref();
  return { child, waiting };
}

/** A Python snippet, run by the fork server as `python3 FILE` would run it (see exec/fork-server.py). */
function runPython(file: string, options: RunOptions): Promise<SnippetRun> {
  forkServer ??= startForkServer();
  const { child, waiting } = forkServer;
  const [stdout, stderr] = [`${file}.stdout`, `${file}.stderr`];
  const output = () => [stdout, stderr].map((f) => readFileSync(f, "utf8"));
  // The server kills a snippet at the timeout (in whole seconds, at least one); the answer comes then.
  const timeout = Math.max(1, Math.ceil((options.timeoutMs ?? RUN_TIMEOUT) / 1000));
  return new Promise((resolve) => {
    waiting.set(file, (code) => {
      if (typeof code === "string") return resolve({ code: -1, stdout: "", stderr: code });
      const [out, err] = output();
      rmSync(stdout);
      rmSync(stderr);
      resolve(code === -9 ? killed(out, err, options) : { code, stdout: out, stderr: err });
    });
    const job = { id: file, file, cwd: options.cwd, env: runEnv(options), stdout, stderr, timeout };
    child.stdin!.write(`${JSON.stringify(job)}\n`);
  });
}

/**
 * A received request as compared: method, URL (the origin it was meant for), headers but the transport's, body.
 * `origin`: for a request whose text was edited to reach the server (curl), the origin replaced. A multipart body
 * is compared by its parts, sorted by name (each client lays out its own boundary and order; servers read the
 * fields by name), and its Content-Type without the boundary.
 */
export async function seen(r: Received, origin = r.headers[ORIGIN_HEADER]) {
  const form = r.headers["content-type"]?.startsWith("multipart/form-data;");
  const headers = Object.fromEntries(
    Object.entries(r.headers).filter(([k]) => !TRANSPORT.has(k) && !k.startsWith(CLIENT_HEADER_PREFIX)),
  );
  if (form) headers["content-type"] = "multipart/form-data";
  const body = form
    ? { form: (await formParts(r)).sort(([a], [b]) => a.localeCompare(b)) }
    : r.json !== undefined
      ? { json: r.json }
      : { bytes: [...r.body] };
  return { method: r.method, url: origin ? `${origin}${r.path}` : r.url, headers, body };
}

/** Every received request as compared (see seen). */
export const seenAll = (list: Received[], origin?: string) => Promise.all(list.map((r) => seen(r, origin)));

/** The hub's provider mapping for a case's model (the client looks it up before a provider request). */
export function mapCase(server: FakeServer, c: SnippetCase): void {
  if (c.provider === "openai" || c.provider === "auto") return;
  const entry = c.mapping ?? { providerId: c.model.id };
  mappingRoute(server, c.model.id, {
    [c.provider]: {
      providerId: entry.providerId,
      task: snippetTemplate(c.model, c.opts)!.task,
      adapter: c.mapping?.adapter,
      adapterWeightsPath: c.mapping?.adapterWeightsPath,
    },
  });
}

/**
 * What InferenceClient is called with for a case: the example, the token kind and the options of the case.
 * Routed chat through an SDK client names the provider in the model ("<id>:<provider>", the auto-router's
 * form); raw HTTP shows the provider's own route (`routedChat: "provider"`).
 */
export async function clientCall(
  server: FakeServer,
  c: SnippetCase,
  routedChat: "model" | "provider",
): Promise<Received[]> {
  const selected = snippetTemplate(c.model, c.opts)!;
  const opts = c.opts ?? {};
  const direct = Boolean(opts.directRequest) || c.provider === "openai";
  const token = opts.accessToken ?? (direct && c.provider !== "hf-inference" ? PROVIDER_KEY : HF_TOKEN);
  mapCase(server, c);
  const args: Record<string, unknown> = selected.chat
    ? {
        messages: exampleMessages(c.model.pipeline_tag!, opts),
        temperature: opts.temperature,
        max_tokens: opts.max_tokens,
        top_p: opts.top_p,
      }
    : (mapFiles(
        exampleArgs(c.model, c.model.pipeline_tag!, opts),
        (f) => new Blob([new Uint8Array(EXAMPLE_FILES[f.path])], { type: f.contentType }),
      ) as Record<string, unknown>);
  if (opts.endpointUrl) Object.assign(args, { endpointUrl: opts.endpointUrl, model: c.model.id });
  else if (selected.chat && !direct && routedChat === "model")
    args.model = c.provider === "auto" ? c.model.id : `${c.model.id}:${c.provider}`;
  else Object.assign(args, { model: c.model.id, provider: c.provider });
  const client = new InferenceClient(token, {
    fetch: server.fetch,
    billTo: opts.billTo,
    retry_on_error: false,
    pollIntervalMs: 1,
  });
  const methods = client as unknown as Record<string, (a: unknown, o?: unknown) => unknown>;
  const io = TASK_IO[selected.task] as TaskIo | undefined;
  const method = selected.chat && opts.streaming ? io?.streamMethod : io?.method;
  // A task without a method of its own goes through the generic request(), as its callers do.
  const result = method ? methods[method](args) : client.request(args, { task: selected.task });
  try {
    if (result instanceof Promise) await result;
    else for await (const _chunk of result as AsyncIterable<unknown>);
  } catch {
    // Only the requests matter here; whether the answer suits the client is the provider tests' business.
  }
  const received = [...server.received];
  expect(received.filter((r) => r.method === "POST").length, "InferenceClient sent one request").toBe(1);
  return received;
}
