/**
 * Every provider x task pair of the catalogue, over real HTTP: through the router with a hub token and a
 * bill-to, and directly with a provider key. Asserts the exact URL, method, headers and body received, and the
 * result, which must also be valid against the result schema of the method's task spec (the type it is declared as).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, USER_AGENT } from "../../src/inference/index.js";
import {
  IMAGE_BYTES,
  AUDIO_BYTES,
  caseMethod,
  MODEL,
  mapCase,
  type Case,
} from "../fixtures/providers/cases.js";
import { Form, formParts } from "../fixtures/providers/form.js";
import { ALL_CASES as CASES } from "../fixtures/providers/index.js";
import { asJson, specValidator, taskSpecsAjv } from "../support/task-spec-ajv.js";
import { FakeServer, type Received } from "./fake-server.js";
import pkg from "../../package.json" with { type: "json" };

const HF_TOKEN = "hf_test_token_123";
const KEY = "provider-key-456";
const server = new FakeServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const call = (client: InferenceClient, c: Case) => {
  const method = caseMethod(c);
  return (client as unknown as Record<string, (a: unknown, o: unknown) => Promise<unknown>>)[method](
    { ...c.args, model: c.provider === "openai" ? "openai/gpt-x" : MODEL, provider: c.provider },
    // request() is the generic call: it needs the task's name.
    { fetch: server.fetch, pollIntervalMs: 5, ...(method === "request" ? { task: c.task } : {}) },
  );
};

function submitted() {
  const submits = server.received.filter((r) => r.method === "POST");
  expect(submits).toHaveLength(1);
  return submits[0];
}

const specs = taskSpecsAjv();

/**
 * Results known not to be what the spec declares, each with why: to be settled, then removed from here (the test
 * fails once such a result becomes valid, so the entry cannot outlive the mismatch).
 */
const SPEC_MISMATCHES: Record<string, string> = {
  "together text-generation":
    "details holds finish_reason and seed only, while TextGenerationOutputDetails requires generated_tokens, prefill and tokens",
};

/** What the method returned is what its task spec says it returns (request() returns the provider's answer as is). */
function expectSpecResult(c: Case, result: unknown) {
  if (caseMethod(c) === "request") return;
  const validate = specValidator(specs, c.task, "(result)");
  const valid = validate(asJson(result));
  if (`${c.provider} ${c.task}` in SPEC_MISMATCHES)
    expect(valid, "a known mismatch that is gone").toBe(false);
  else expect(valid, JSON.stringify(validate.errors)).toBe(true);
}

async function expectBody(c: Case, body: Received) {
  if (c.body instanceof Form) {
    expect(body.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(await formParts(body)).toEqual(c.body.parts);
  } else if (c.body === "raw") {
    expect(body.headers["content-type"]).toBe(
      c.task.startsWith("audio") || c.task === "automatic-speech-recognition" ? "audio/wav" : "image/png",
    );
    expect(body.body).toEqual(
      c.task.startsWith("audio") || c.task === "automatic-speech-recognition" ? AUDIO_BYTES : IMAGE_BYTES,
    );
  } else {
    expect(body.headers["content-type"]).toBe("application/json");
    expect(body.json).toEqual(c.body);
    if (c.firstKey) expect(Object.keys(body.json as object)[0]).toBe(c.firstKey);
  }
}

describe.each(CASES.map((c) => [`${c.provider} ${c.task}`, c] as const))("%s", (_name, c) => {
  const routerBase = `https://router.huggingface.co/${c.provider}`;

  it("through the router: hub token as Bearer, bill-to, User-Agent", async () => {
    if (c.provider !== "openai") mapCase(server, c);
    const token = c.provider === "openai" ? "" : HF_TOKEN; // closed-source: no hub token; no token at all goes to the router
    c.answer(server, new URL(routerBase + c.path).pathname, `/${c.provider}`);
    const client = new InferenceClient(token, { billTo: "acme-org" });
    const result = await call(client, c);
    await c.check(result);
    expectSpecResult(c, result);
    const submit = submitted();
    expect(submit.url).toBe(`${routerBase}${c.path}${c.routerQuery ?? ""}`);
    expect(submit.method).toBe("POST");
    if (token) expect(submit.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
    else expect(submit.headers).not.toHaveProperty("authorization");
    expect(submit.headers["user-agent"]).toBe(USER_AGENT);
    expect(USER_AGENT.startsWith(`hubkit/${pkg.version}`)).toBe(true); // + navigator.userAgent on Node 21+
    expect(submit.headers["x-hf-bill-to"]).toBe("acme-org");
    if (c.provider === "replicate") expect(submit.headers.prefer).toBe("wait");
    await expectBody(c, submit);
    if (c.provider !== "openai") {
      const lookups = server.received.filter((r) => r.path.startsWith("/api/models/"));
      expect(lookups.map((r) => r.url)).toEqual([
        `https://huggingface.co/api/models/${MODEL}?expand[]=inferenceProviderMapping`,
      ]);
      expect(lookups[0].headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
      expect(lookups[0].headers).not.toHaveProperty("x-hf-bill-to");
    }
  });

  it("directly: provider key with the provider's scheme", async () => {
    if (c.provider !== "openai") mapCase(server, c);
    const path = c.directPath ?? c.path;
    c.answer(server, new URL(c.direct + path).pathname, new URL(c.direct).pathname.replace(/\/$/, ""));
    const client = new InferenceClient(KEY);
    await c.check(await call(client, c));
    const submit = submitted();
    expect(submit.url).toBe(`${c.direct}${path}`);
    expect(submit.headers.authorization).toBe(`${c.scheme ?? "Bearer"} ${KEY}`);
    expect(submit.headers).not.toHaveProperty("x-hf-bill-to");
    await expectBody(c, submit);
    if (c.provider !== "openai") {
      const lookup = server.received.find((r) => r.path.startsWith("/api/models/"))!;
      expect(lookup.headers).not.toHaveProperty("authorization"); // a provider key is never sent to the hub
    }
  });
});

it("covers every task of every provider in the catalogue", async () => {
  const { PROVIDERS } = await import("../../src/inference/index.js");
  const catalogue = Object.entries(PROVIDERS).flatMap(([id, p]) =>
    Object.keys(p.tasks).map((t) => `${id} ${t}`),
  );
  const covered = new Set(CASES.map((c) => `${c.provider} ${c.task}`));
  expect(catalogue.filter((pair) => !covered.has(pair))).toEqual([]);
});
