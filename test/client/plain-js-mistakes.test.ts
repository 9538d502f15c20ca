/**
 * Mistakes TypeScript would catch, made from plain JavaScript: each is an InputError that names the field and
 * what was expected, thrown before anything reaches the (loopback) server. Calls the upstream accepts in plain JS
 * (extra fields, the legacy `data` form, request() with fields as given) still go through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, InferenceClientInputError } from "../../src/inference/index.js";
import { CHAT_ANSWER, MODEL } from "../fixtures/providers/cases.js";
import { caught } from "./caught.js";
import { reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
/** The client as a plain-JS caller sees it: no types to stop a wrong argument. */
type Loose = Record<string, (...args: unknown[]) => Promise<unknown>>;
const loose = (client: InferenceClient) => client as unknown as Loose;
const client = () => new InferenceClient("hf_token", { fetch: server.fetch, routerUrl: server.origin });
const construct = (...args: unknown[]) =>
  new (InferenceClient as unknown as new (...a: unknown[]) => InferenceClient)(...args);

/** Calls `method` as plain JS would: it must fail with an InputError saying `message`, before any request. */
async function refusedBeforeAnyRequest(_name: string, method: string, args: unknown[], message: string) {
  const error = await caught(
    (async () => {
      const result = loose(client())[method](...args);
      // A stream reports its failure when it is opened.
      if (Symbol.asyncIterator in (result as object))
        for await (const _ of result as unknown as AsyncIterable<unknown>);
      return result;
    })(),
  );
  expect(error).toBeInstanceOf(InferenceClientInputError);
  expect(error.message).toBe(message);
  expect(server.received).toEqual([]);
}

describe("refused before any request: the arguments of the constructor, with the field and what was expected", () => {
  it.each([
    [
      "an options object as the token",
      () => construct({ accessToken: "hf_token" }),
      "accessToken (the first argument of new InferenceClient) must be a string, got object",
    ],
    [
      "options that are not an object",
      () => construct("hf_token", "together"),
      'options must be an object, got "together"',
    ],
    [
      "a constructor endpointUrl without its scheme",
      () => construct("hf_token", { endpointUrl: "127.0.0.1:8765/v1" }),
      'endpointUrl must be an absolute http(s) URL, got "127.0.0.1:8765/v1"',
    ],
  ])("%s", (_name, make, message) => {
    expect(make).toThrow(InferenceClientInputError);
    expect(make).toThrow(message);
  });
});

describe("refused before any request: the arguments of a call, with the field and what was expected", () => {
  it.each([
    ["chatCompletion with no arguments", "chatCompletion", [], "args must be an object, got undefined"],
    [
      "an empty model id",
      "chatCompletion",
      [{ model: "", messages: [{ role: "user", content: "Hi" }] }],
      'model must be an id such as "org/name", got ""',
    ],
    [
      "a model id with a space",
      "textClassification",
      [{ model: "org/my model", inputs: "x", provider: "hf-inference" }],
      'model must be an id such as "org/name", got "org/my model"',
    ],
    [
      "chat without messages",
      "chatCompletion",
      [{ model: MODEL }],
      "messages must be a list of messages, got undefined",
    ],
    [
      "chat messages as a string",
      "chatCompletionStream",
      [{ model: MODEL, messages: "Hi" }],
      'messages must be a list of messages, got "Hi"',
    ],
    [
      "a text task without inputs",
      "textToImage",
      [{ model: MODEL, provider: "fal-ai" }],
      "inputs is required",
    ],
    [
      "a file task without inputs (or legacy data)",
      "imageToImage",
      [{ model: MODEL, provider: "fal-ai", parameters: { prompt: "a cat" } }],
      "inputs is required",
    ],
    [
      "a call's endpointUrl without its scheme",
      "textClassification",
      [{ inputs: "x", endpointUrl: "localhost:8080" }],
      'endpointUrl must be an absolute http(s) URL, got "localhost:8080"',
    ],
    [
      "a per-call options endpointUrl that is relative",
      "textClassification",
      [{ inputs: "x" }, { endpointUrl: "/v1/classify" }],
      'endpointUrl must be an absolute http(s) URL, got "/v1/classify"',
    ],
  ])("%s", refusedBeforeAnyRequest);
});

describe("refused before any request: the parameters of a task, with the parameter and what was expected", () => {
  it.each([
    [
      "a misspelled parameter of text-to-image",
      "textToImage",
      [{ model: MODEL, provider: "fal-ai", inputs: "a cat", parameters: { num_inference_stepz: 5 } }],
      'parameters.num_inference_stepz is not a parameter of text-to-image (textToImage) (did you mean "num_inference_steps"?)',
    ],
    [
      "a misspelled parameter of a stream",
      "textGenerationStream",
      [{ model: MODEL, provider: "together", inputs: "Once", parameters: { max_new_tokenz: 5 } }],
      'parameters.max_new_tokenz is not a parameter of text-generation (textGeneration) (did you mean "max_new_tokens"?)',
    ],
    [
      "a parameter of the wrong type",
      "textToImage",
      [{ model: MODEL, provider: "fal-ai", inputs: "a cat", parameters: { num_inference_steps: "five" } }],
      'parameters.num_inference_steps must be an integer, got "five"',
    ],
    [
      "a fraction where an integer is expected",
      "textToImage",
      [{ model: MODEL, provider: "fal-ai", inputs: "a cat", parameters: { seed: 1.5 } }],
      "parameters.seed must be an integer, got number",
    ],
    [
      "a list parameter given as a string",
      "zeroShotClassification",
      [{ model: MODEL, provider: "hf-inference", inputs: "x", parameters: { candidate_labels: "a,b" } }],
      'parameters.candidate_labels must be a list, got "a,b"',
    ],
  ])("%s", refusedBeforeAnyRequest);
});

describe("what plain JS may still do", () => {
  it("extra fields reach the provider as given", async () => {
    server.on("POST", "/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
    await client().chatCompletion({
      model: MODEL,
      messages: [{ role: "user", content: "Hi" }],
      provider_specific_flag: true,
    } as Parameters<InferenceClient["chatCompletion"]>[0]);
    expect(server.received[0].json).toMatchObject({ provider_specific_flag: true });
  });

  it("a parameter far from every known name is a provider's own and is sent, next to the known ones", async () => {
    server.on("POST", "/classify", (_r, res) => reply(res, 200, [[{ label: "POSITIVE", score: 0.9 }]]));
    // null stands for "not given", as plain-JS callers often write it.
    await loose(client()).textClassification(
      { inputs: "x", parameters: { top_k: 1, safety_tolerance: 2, function_to_apply: null } },
      { endpointUrl: `${server.origin}/classify` },
    );
    expect(server.received[0].json).toMatchObject({ parameters: { top_k: 1, safety_tolerance: 2 } });
  });

  it("request() with a task sends parameters unchecked: the route for a provider's field close to a known name", async () => {
    server.on("POST", "/custom", (_r, res) => reply(res, 200, { ok: true }));
    const args = { inputs: "x", parameters: { top_kk: 2 } };
    await client().request(args, { task: "text-classification", endpointUrl: `${server.origin}/custom` });
    expect(server.received[0].json).toMatchObject({ parameters: { top_kk: 2 } });
  });

  it("request() posts fields as given to an endpoint, with no inputs", async () => {
    server.on("POST", "/custom", (_r, res) => reply(res, 200, { ok: true }));
    const answer = await client().request({ anything: 1 }, { endpointUrl: `${server.origin}/custom` });
    expect(answer).toEqual({ ok: true });
    expect(server.received[0].json).toEqual({ anything: 1 });
  });
});
