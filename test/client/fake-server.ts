/**
 * A fake of the hub, the router and every provider on 127.0.0.1 (node:http, port 0). Tests register answers per
 * path; every request is recorded as received. The client reaches it through `server.fetch`, which rewrites only
 * the origin of each URL (and records the original URL), so the client's real fetch code runs end to end.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  /** The URL the client asked for, before the origin was rewritten. */
  url: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  json?: unknown;
}

export type Handler = (req: Received, res: ServerResponse, n: number) => unknown;

export class FakeServer {
  readonly received: Received[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly originals: string[] = [];
  private readonly counts = new Map<string, number>();
  private server?: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Answer `METHOD /path` (query ignored) with `handler`; n counts the calls of that route from 0. */
  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  reset(): void {
    this.routes.clear();
    this.received.length = 0;
    this.originals.length = 0;
    this.counts.clear();
  }

  /** A fetch that sends every request to this server, keeping path and query. */
  readonly fetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    this.originals.push(url.toString());
    return fetch(`${this.origin}${url.pathname}${url.search}`, init);
  };

  /** Requests received on `path` (pathname only). */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path.split("?")[0] === path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]),
    );
    let json: unknown;
    if (headers["content-type"]?.startsWith("application/json") && body.length)
      json = JSON.parse(body.toString("utf8"));
    const path = req.url ?? "/";
    const received: Received = {
      url: this.originals[this.received.length] ?? path,
      method: req.method ?? "GET",
      path,
      headers,
      body,
      json,
    };
    this.received.push(received);
    const key = `${req.method} ${path.split("?")[0]}`;
    const handler = this.routes.get(key);
    if (!handler) {
      reply(res, 404, { error: `fake server: no route for ${key}` });
      return;
    }
    const n = this.counts.get(key) ?? 0;
    this.counts.set(key, n + 1);
    await handler(received, res, n);
  }
}

export function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(text);
}

export function replyBytes(res: ServerResponse, type: string, bytes: Buffer | string, status = 200): void {
  res.writeHead(status, { "content-type": type }).end(bytes);
}

export function replyText(
  res: ServerResponse,
  status: number,
  text: string,
  type = "text/plain; charset=utf-8",
): void {
  res.writeHead(status, { "content-type": type }).end(text);
}

/** Writes SSE `data:` events (objects are JSON-encoded), then [DONE] unless `done` is false. */
export function replySse(res: ServerResponse, events: unknown[], { done = true } = {}): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const e of events) res.write(`data: ${typeof e === "string" ? e : JSON.stringify(e)}\n\n`);
  if (done) res.write("data: [DONE]\n\n");
  res.end();
}

/** The hub's provider-mapping answer for `model` (object form). */
export function mappingRoute(
  server: FakeServer,
  model: string,
  mapping: Record<
    string,
    { providerId: string; task: string; status?: string; adapter?: string; adapterWeightsPath?: string }
  >,
): void {
  const entries = Object.fromEntries(Object.entries(mapping).map(([p, e]) => [p, { status: "live", ...e }]));
  server.on("GET", `/api/models/${model}`, (_req, res) =>
    reply(res, 200, { _id: "x", id: model, inferenceProviderMapping: entries }),
  );
}

/** One server per test file, reset before each test. */
export function useServer(hooks: {
  beforeAll: (f: () => unknown) => void;
  afterAll: (f: () => unknown) => void;
  beforeEach: (f: () => unknown) => void;
}): FakeServer {
  const server = new FakeServer();
  hooks.beforeAll(() => server.start());
  hooks.afterAll(() => server.stop());
  hooks.beforeEach(() => server.reset());
  return server;
}
