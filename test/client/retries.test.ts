/** Bounded 503 retries with backoff and Retry-After, and network failures that name the host, over real HTTP. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, InferenceClientError } from "../../src/inference/index.js";
import { MESSAGES, MODEL } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";
import { caught } from "./caught.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const TOKEN = "hf_secret_token_do_not_leak";
const HF = `/hf-inference/models/${MODEL}`;
const hfClient = (options = {}) =>
  new InferenceClient(TOKEN, { fetch: server.fetch, provider: "hf-inference", retryDelayMs: 5, ...options });

describe("503 retries: bounded, with backoff, honouring Retry-After", () => {
  beforeEach(() =>
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-classification" } }),
  );
  const ok = [{ label: "A", score: 1 }];

  it("retries a 503 and succeeds", async () => {
    server.on("POST", HF, (_r, res, n) =>
      n < 2 ? reply(res, 503, { error: "loading" }) : reply(res, 200, [ok]),
    );
    expect(await hfClient().textClassification({ model: MODEL, inputs: "hi" })).toEqual(ok);
    expect(server.at(HF)).toHaveLength(3);
  });

  it("honours Retry-After (seconds)", async () => {
    server.on("POST", HF, (_r, res, n) =>
      n < 1 ? reply(res, 503, { error: "loading" }, { "retry-after": "1" }) : reply(res, 200, [ok]),
    );
    const started = performance.now();
    await hfClient().textClassification({ model: MODEL, inputs: "hi" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("gives up after maxRetries with the 503 error", async () => {
    server.on("POST", HF, (_r, res) => reply(res, 503, { error: "Model is loading" }));
    const error = await caught(
      hfClient({ maxRetries: 2 }).textClassification({ model: MODEL, inputs: "hi" }),
    );
    expect(error.message).toBe("503 Model is loading");
    expect(server.at(HF)).toHaveLength(3);
  });

  it("is off with retry_on_error: false", async () => {
    server.on("POST", HF, (_r, res) => reply(res, 503, { error: "Model is loading" }));
    await expect(
      hfClient({ retry_on_error: false }).textClassification({ model: MODEL, inputs: "hi" }),
    ).rejects.toThrow("503 Model is loading");
    expect(server.at(HF)).toHaveLength(1);
  });
});

it("no error message or field ever contains the access token, even when the provider echoes it", async () => {
  mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-classification" } });
  const echo =
    (status: number) => (req: { headers: Record<string, string> }, res: import("node:http").ServerResponse) =>
      reply(res, status, {
        error: `bad credentials: ${req.headers.authorization}`,
        got: req.headers.authorization,
      });
  const errors: unknown[] = [];
  for (const status of [401, 500]) {
    server.on("POST", HF, echo(status));
    errors.push(
      await caught(hfClient({ retry_on_error: false }).textClassification({ model: MODEL, inputs: "hi" })),
    );
  }
  server.on("POST", HF, (_r, res) => reply(res, 200, { unexpected: true }));
  errors.push(await caught(hfClient().textClassification({ model: MODEL, inputs: "hi" })));
  server.on("GET", "/api/models/acme/other", (req, res) =>
    reply(res, 403, { error: `token ${req.headers.authorization} lacks access` }),
  );
  errors.push(await caught(hfClient().textClassification({ model: "acme/other", inputs: "hi" })));
  errors.push(
    await caught(
      new InferenceClient(TOKEN, { fetch: server.fetch }).chatCompletion({
        model: "openai/gpt-x",
        provider: "openai",
        messages: MESSAGES,
      }),
    ),
  );
  expect(errors.map((e) => (e as Error).name)).toEqual([
    "ProviderApiError",
    "ProviderApiError",
    "ProviderOutputError",
    "HubApiError",
    "InputError",
  ]);
  expect((errors[0] as Error).message).toBe("401 bad credentials: Bearer [redacted]");
  for (const error of errors) {
    const all = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain("secret_token");
  }
});

describe("network failures", () => {
  it("name the host and the cause, without the token", async () => {
    const { createServer } = await import("node:net");
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const { port } = closed.address() as { port: number };
    await new Promise((done) => closed.close(done));
    const client = new InferenceClient(TOKEN, { endpointUrl: `http://127.0.0.1:${port}/classify` });
    const error = await caught(client.textClassification({ inputs: "hello" }));
    expect(error).toBeInstanceOf(InferenceClientError);
    expect(error.message).toBe(
      `Could not reach http://127.0.0.1:${port} (ECONNREFUSED); check the network or the URL`,
    );
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(TOKEN);
  });
});
