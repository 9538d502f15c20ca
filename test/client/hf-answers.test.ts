/**
 * What the hf-inference methods make of each form an answer may take: the form of the task spec, the forms the
 * serverless API answers in, and answers the spec does not allow. Each answer goes through the method over
 * loopback HTTP, to a dedicated endpoint (endpointUrl: the hf-inference request and answer shapes); what a method
 * returns is valid against its task spec's result. Where the verdict differs from the reference client's,
 * docs/inference.md says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, InferenceClientProviderOutputError } from "../../src/inference/index.js";
import { METHOD_OF_TASK } from "../../src/inference/methods.js";
import { asJson, specValidator, taskSpecsAjv } from "../support/task-spec-ajv.js";
import { audio, image, MESSAGES } from "../fixtures/providers/common.js";
import { caught } from "./caught.js";
import { reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const specs = taskSpecsAjv();

/** The text-generation route of an endpoint is its OpenAI completions route; the other tasks post to the URL. */
const ROUTES: Record<string, string> = {
  textGeneration: "/v1/completions",
  chatCompletion: "/v1/chat/completions",
};

async function call(method: string, args: Record<string, unknown>, answer: unknown): Promise<unknown> {
  const path = ROUTES[method] ?? "/endpoint";
  server.on("POST", path, (_r, res) => reply(res, 200, answer));
  const client = new InferenceClient("hf_token", { fetch: server.fetch }) as unknown as Record<
    string,
    (args: unknown, options: unknown) => Promise<unknown>
  >;
  return client[method]({ ...args }, { endpointUrl: `${server.origin}${path}` });
}

const CLS = [{ label: "a", score: 0.5 }];
const TEXT = { inputs: "text" };
const ENTITY = { score: 0.5, word: "w", start: 0, end: 1 };
const TABLE = { inputs: { question: "how many?", table: { a: ["1"] } } };
const TABLE_ANSWER = { answer: "a", cells: ["x"], coordinates: [[0, 0]] };
const QA = { inputs: { question: "who?", context: "me" } };
const QA_ANSWER = { answer: "a", score: 0.5, start: 0, end: 1 };
const IMAGE_QUESTION = { inputs: { question: "what?", image: image() } };
const CHAT = {
  id: "i",
  created: 1,
  model: "m",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "c" } }],
};
const DETAILS = { finish_reason: "length", generated_tokens: 1, prefill: [], tokens: [] };

type Verdict = { returns: unknown } | { rejects: string };

const CASES: [string, string, Record<string, unknown>, unknown, Verdict][] = [
  ["textClassification: the spec's [{label, score}]", "textClassification", TEXT, CLS, { returns: CLS }],
  [
    "textClassification: a list per input, the first taken",
    "textClassification",
    TEXT,
    [CLS, [{ label: "b", score: 1 }]],
    { returns: CLS },
  ],
  ["textClassification: no class at all", "textClassification", TEXT, [], { returns: [] }],
  [
    "tokenClassification: with entity_group",
    "tokenClassification",
    TEXT,
    [{ entity_group: "PER", ...ENTITY }],
    { returns: [{ entity_group: "PER", ...ENTITY }] },
  ],
  [
    "tokenClassification: the spec's minimal item, a token's entity without entity_group",
    "tokenClassification",
    TEXT,
    [{ entity: "B-PER", ...ENTITY }],
    { returns: [{ entity: "B-PER", ...ENTITY }] },
  ],
  [
    "tokenClassification: an item without its word",
    "tokenClassification",
    TEXT,
    [{ entity: "B-PER", score: 0.5, start: 0, end: 1 }],
    {
      rejects:
        "expected Array<{entity_group?: string, entity?: string, score: number, word: string, start: number, end: number}>",
    },
  ],
  [
    "tableQuestionAnswering: a list, the first taken",
    "tableQuestionAnswering",
    TABLE,
    [{ ...TABLE_ANSWER, aggregator: "NONE" }],
    { returns: { ...TABLE_ANSWER, aggregator: "NONE" } },
  ],
  [
    "tableQuestionAnswering: a single object",
    "tableQuestionAnswering",
    TABLE,
    { ...TABLE_ANSWER, aggregator: "NONE" },
    { returns: { ...TABLE_ANSWER, aggregator: "NONE" } },
  ],
  [
    "tableQuestionAnswering: the spec's minimal answer, without aggregator",
    "tableQuestionAnswering",
    TABLE,
    [TABLE_ANSWER],
    { returns: TABLE_ANSWER },
  ],
  [
    "translation: the spec's object",
    "translation",
    TEXT,
    { translation_text: "t" },
    { returns: { translation_text: "t" } },
  ],
  [
    "translation: a list of one",
    "translation",
    TEXT,
    [{ translation_text: "t" }],
    { returns: { translation_text: "t" } },
  ],
  [
    "translation: a list of two, one per text",
    "translation",
    { inputs: ["a", "b"] },
    [{ translation_text: "t" }, { translation_text: "u" }],
    { returns: [{ translation_text: "t" }, { translation_text: "u" }] },
  ],
  [
    "summarization: the spec's object",
    "summarization",
    TEXT,
    { summary_text: "s" },
    { returns: { summary_text: "s" } },
  ],
  [
    "summarization: a list of one",
    "summarization",
    TEXT,
    [{ summary_text: "s" }],
    { returns: { summary_text: "s" } },
  ],
  [
    "textGeneration: the spec's {generated_text}",
    "textGeneration",
    TEXT,
    { generated_text: "g" },
    { returns: { generated_text: "g" } },
  ],
  [
    "textGeneration: [{generated_text}]",
    "textGeneration",
    TEXT,
    [{ generated_text: "g" }],
    { returns: { generated_text: "g" } },
  ],
  [
    "textGeneration: details are kept",
    "textGeneration",
    TEXT,
    { generated_text: "g", details: DETAILS },
    { returns: { generated_text: "g", details: DETAILS } },
  ],
  [
    "textGeneration: an OpenAI completion",
    "textGeneration",
    TEXT,
    { choices: [{ text: "g" }] },
    { returns: { generated_text: "g" } },
  ],
  [
    "textGeneration: a completion without a choice",
    "textGeneration",
    TEXT,
    { choices: [] },
    { rejects: "expected choices.0.text" },
  ],
  [
    "visualQuestionAnswering: with an answer",
    "visualQuestionAnswering",
    IMAGE_QUESTION,
    [{ answer: "a", score: 0.5 }],
    { returns: { answer: "a", score: 0.5 } },
  ],
  [
    "visualQuestionAnswering: the spec's minimal answer, a score without answer",
    "visualQuestionAnswering",
    IMAGE_QUESTION,
    [{ score: 0.5 }],
    { returns: { score: 0.5 } },
  ],
  [
    "visualQuestionAnswering: an answer without score",
    "visualQuestionAnswering",
    IMAGE_QUESTION,
    [{ answer: "a" }],
    { rejects: "expected {answer?: string, score: number}" },
  ],
  [
    "documentQuestionAnswering: the answer only",
    "documentQuestionAnswering",
    IMAGE_QUESTION,
    [{ answer: "a" }],
    { returns: { answer: "a" } },
  ],
  [
    "documentQuestionAnswering: a single object",
    "documentQuestionAnswering",
    IMAGE_QUESTION,
    QA_ANSWER,
    { returns: QA_ANSWER },
  ],
  [
    "questionAnswering: a list, the first taken",
    "questionAnswering",
    QA,
    [QA_ANSWER],
    { returns: QA_ANSWER },
  ],
  ["questionAnswering: a single object", "questionAnswering", QA, QA_ANSWER, { returns: QA_ANSWER }],
  [
    "zeroShotClassification: the spec's list",
    "zeroShotClassification",
    { inputs: "t", parameters: { candidate_labels: ["a"] } },
    CLS,
    { returns: CLS },
  ],
  [
    "zeroShotClassification: the older {labels, scores}",
    "zeroShotClassification",
    { inputs: "t", parameters: { candidate_labels: ["a", "b"] } },
    { sequence: "t", labels: ["a", "b"], scores: [0.7, 0.3] },
    {
      returns: [
        { label: "a", score: 0.7 },
        { label: "b", score: 0.3 },
      ],
    },
  ],
  ["featureExtraction: one vector", "featureExtraction", TEXT, [0.1, 0.2], { returns: [0.1, 0.2] }],
  [
    "featureExtraction: a vector per text",
    "featureExtraction",
    TEXT,
    [[0.1, 0.2]],
    { returns: [[0.1, 0.2]] },
  ],
  ["featureExtraction: a vector per token", "featureExtraction", TEXT, [[[0.1]]], { returns: [[[0.1]]] }],
  [
    "chatCompletion: without system_fingerprint and usage",
    "chatCompletion",
    { messages: MESSAGES },
    CHAT,
    { returns: CHAT },
  ],
  [
    "chatCompletion: an optional field is checked when present",
    "chatCompletion",
    { messages: MESSAGES },
    { ...CHAT, usage: { prompt_tokens: "3" } },
    {
      rejects:
        "expected {id: string, created: number, model: string, system_fingerprint?: string | null, choices: Array<{index?: number, message: ChatCompletionOutputMessage, finish_reason?: string | null, logprobs?: ChatCompletionOutputLogprobs | null}>, usage?: {prompt_tokens?: number, completion_tokens?: number, total_tokens?: number}}",
    },
  ],
  [
    "imageToText: the spec's object",
    "imageToText",
    { inputs: image() },
    { generated_text: "g" },
    { returns: { generated_text: "g" } },
  ],
  [
    "imageToText: a list, the first taken",
    "imageToText",
    { inputs: image() },
    [{ generated_text: "g" }],
    { returns: { generated_text: "g" } },
  ],
  [
    "imageSegmentation: without score",
    "imageSegmentation",
    { inputs: image() },
    [{ label: "a", mask: "b64" }],
    { returns: [{ label: "a", mask: "b64" }] },
  ],
  [
    "automaticSpeechRecognition: timestamped chunks",
    "automaticSpeechRecognition",
    { inputs: audio() },
    { text: "t", chunks: [{ text: "t", timestamp: [0, 1] }] },
    { returns: { text: "t", chunks: [{ text: "t", timestamp: [0, 1] }] } },
  ],
];

describe("hf-inference answers, through each method", () => {
  it.each(CASES)("%s", async (_name, method, args, answer, verdict) => {
    if ("returns" in verdict) {
      const result = await call(method, args, answer);
      expect(result).toEqual(verdict.returns);
      const task = Object.keys(METHOD_OF_TASK).find((t) => METHOD_OF_TASK[t] === method)!;
      const validate = specValidator(specs, task, "(result)");
      expect(validate(asJson(result)), `a ${method} result as its spec says`).toBe(true);
      return;
    }
    const error = await caught(call(method, args, answer));
    expect(error).toBeInstanceOf(InferenceClientProviderOutputError);
    expect(error.message).toMatch(/^Received malformed response from HF-Inference [a-z-]+ API: /);
    expect(error.message.replace(/^.*? API: /, "")).toBe(verdict.rejects);
  });
});
