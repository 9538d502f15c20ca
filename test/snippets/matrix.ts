/**
 * The inference-snippet cases used by the tests and the bench: every task x every provider that serves it
 * (plus auto and hf-inference) x option combinations, and the named golden-fixture cases.
 */
import { INFERENCE_SNIPPET_TASKS } from "../../src/generated/inference-tasks.gen.js";
import { INFERENCE_TEMPLATES } from "../../src/generated/inference-templates.gen.js";
import { PROVIDER_IDS, PROVIDERS } from "../../src/generated/providers.gen.js";
import { SNIPPET_CLIENT_TABLE } from "../../src/generated/snippet-clients.gen.js";
import type {
  InferenceProviderMappingEntry,
  InferenceProviderOrPolicy,
  InferenceSnippetOptions,
  ModelDataMinimal,
} from "../../src/snippets/types.js";

/**
 * The "<language>/<client>" names of the snippet clients of catalogue/snippet-clients.yaml, in result order, that
 * have a template of that name and whose kind is one of `kinds` (the tests read the table, never a list of their
 * own, so that a client is added by its row and its templates).
 */
export function tableClients(template: string, kinds: string[]): string[] {
  return SNIPPET_CLIENT_TABLE.filter(
    (c) => kinds.includes(c.kind) && `${c.language}/${c.id}/${template}` in INFERENCE_TEMPLATES,
  ).map((c) => `${c.language}/${c.id}`);
}

/** Every client of the table. */
export const ALL_CLIENTS = new Set(SNIPPET_CLIENT_TABLE.map((c) => `${c.language}/${c.id}`));

export interface SnippetCase {
  name: string;
  model: ModelDataMinimal;
  provider: InferenceProviderOrPolicy;
  mapping?: InferenceProviderMappingEntry;
  opts?: InferenceSnippetOptions;
}

/** Whether a task's models are chat models without the conversational tag, with it, or both. */
function chatVariants(task: string): boolean[] {
  const info = INFERENCE_SNIPPET_TASKS[task];
  if (!info.messages) return [false];
  return info.template ? [false, true] : [true];
}

/** The task a task's requests are for: chat models ask for conversational. */
const requestTaskOf = (task: string, chat: boolean) =>
  chat || INFERENCE_SNIPPET_TASKS[task].template === "conversational" ? "conversational" : task;

export function modelFor(task: string, conversational = false): ModelDataMinimal {
  return { id: `acme/${task}-model`, pipeline_tag: task, tags: conversational ? ["conversational"] : [] };
}

export function mappingFor(
  provider: string,
  model: ModelDataMinimal,
  task: string,
  lora = false,
): InferenceProviderMappingEntry | undefined {
  if (provider === "auto" || provider === "hf-inference") return undefined;
  return {
    provider,
    hfModelId: model.id,
    providerId: provider === "replicate" ? `acme/${task}:0123abcd` : `${provider}/${task}-model`,
    status: "live",
    task,
    ...(lora ? { adapter: "lora", adapterWeightsPath: "lora.safetensors" } : {}),
  };
}

const serves = (provider: string, task: string) =>
  Boolean((PROVIDERS as Record<string, { tasks: Record<string, unknown> }>)[provider]?.tasks[task]);

/** Option combinations; chat-only ones are applied to chat models only. */
const OPTIONS: [string, InferenceSnippetOptions, "all" | "chat" | "hf"][] = [
  ["default", {}, "all"],
  ["direct", { directRequest: true }, "all"],
  ["bill-to", { billTo: "acme-org" }, "all"],
  ["token", { accessToken: "hf_literalToken123" }, "all"],
  ["endpoint", { endpointUrl: "https://acme.endpoints.example.com" }, "hf"],
  ["stream", { streaming: true }, "chat"],
  ["chat-options", { temperature: 0.5, max_tokens: 512, top_p: 0.7 }, "chat"],
  ["stream-options", { streaming: true, temperature: 0, billTo: "acme-org", directRequest: true }, "chat"],
];

/** Every task x provider (auto, hf-inference, each provider serving it) x option combination. */
export function fullMatrix(): SnippetCase[] {
  const out: SnippetCase[] = [];
  for (const task of Object.keys(INFERENCE_SNIPPET_TASKS)) {
    for (const chat of chatVariants(task)) {
      const model = modelFor(task, chat);
      const requestTask = requestTaskOf(task, chat);
      const providers: InferenceProviderOrPolicy[] = [
        "auto",
        ...PROVIDER_IDS.filter((p) => serves(p, requestTask) && p !== "openai"),
      ];
      for (const provider of providers) {
        for (const [optName, opts, scope] of OPTIONS) {
          if (scope === "chat" && requestTask !== "conversational") continue;
          if (scope === "hf" && provider !== "hf-inference" && provider !== "auto") continue;
          const mapping = mappingFor(provider, model, requestTask);
          out.push({
            name: `${task}${chat ? "-chat" : ""}.${provider}.${optName}`,
            model,
            provider,
            mapping,
            opts,
          });
        }
      }
    }
  }
  // LoRA adapters through the mapping.
  for (const provider of ["fal-ai", "replicate"] as const) {
    const model = modelFor("text-to-image");
    out.push({
      name: `text-to-image.${provider}.lora`,
      model,
      provider,
      mapping: mappingFor(provider, model, "text-to-image", true),
    });
  }
  return out;
}

/**
 * The first case of every task (its first chat variant, if it has one): with hf-inference when that serves the task,
 * else with the first provider that does, else with auto.
 */
function taskDefaultCaseNames(): string[] {
  return Object.keys(INFERENCE_SNIPPET_TASKS).map((t) => {
    const chat = chatVariants(t)[0];
    const task = requestTaskOf(t, chat);
    const provider = serves("hf-inference", task)
      ? "hf-inference"
      : (PROVIDER_IDS.find((p) => serves(p, task)) ?? "auto");
    return `${t}${chat ? "-chat" : ""}.${provider}.default`;
  });
}

/** The cases of the matrix with a golden fixture besides the tasks' first cases. */
const NAMED_FIXTURE_CASES = [
  "text-generation-chat.hf-inference.default",
  "image-text-to-text-chat.auto.default",
  "image-to-image.auto.default",
  "text-to-image.auto.default",
  "text-to-image.fal-ai.default",
  "text-to-image.fal-ai.direct",
  "text-to-image.fal-ai.lora",
  "text-to-image.replicate.lora",
  "text-to-image.replicate.direct",
  "text-to-image.together.default",
  "text-to-image.nebius.bill-to",
  "text-to-image.hyperbolic.direct",
  "text-to-image.black-forest-labs.direct",
  "text-to-image.nscale.token",
  "image-to-image.fal-ai.default",
  "image-to-image.fal-ai.direct",
  "image-to-image.replicate.default",
  "image-segmentation.fal-ai.direct",
  "automatic-speech-recognition.fal-ai.direct",
  "audio-to-audio.fal-ai.default",
  "automatic-speech-recognition.together.default",
  "automatic-speech-recognition.deepinfra.direct",
  "text-to-speech.together.default",
  "text-to-video.novita.default",
  "text-to-video.fal-ai.direct",
  "text-to-video.replicate.bill-to",
  "text-to-speech.fal-ai.default",
  "text-to-speech.replicate.direct",
  "feature-extraction.nebius.default",
  "feature-extraction.sambanova.direct",
  "text-generation-chat.together.default",
  "text-generation-chat.together.direct",
  "text-generation-chat.together.stream",
  "text-generation-chat.together.chat-options",
  "text-generation-chat.together.stream-options",
  "text-generation-chat.together.bill-to",
  "text-generation-chat.together.token",
  "text-generation-chat.auto.default",
  "text-generation-chat.auto.stream",
  "text-generation-chat.auto.bill-to",
  "text-generation-chat.auto.token",
  "text-generation-chat.auto.chat-options",
  "text-generation-chat.auto.stream-options",
  "text-generation-chat.hf-inference.endpoint",
  "text-generation-chat.hf-inference.stream",
  "text-generation-chat.cerebras.default",
  "text-generation-chat.cohere.direct",
  "text-generation-chat.groq.direct",
  "text-generation-chat.novita.stream",
  "text-generation-chat.fireworks-ai.default",
  "text-generation-chat.sambanova.chat-options",
  "image-text-to-text-chat.hyperbolic.stream",
  "image-text-to-text-chat.nebius.direct",
  "text-classification.hf-inference.endpoint",
  "text-classification.hf-inference.token",
  "text-classification.hf-inference.bill-to",
  "zero-shot-classification.hf-inference.direct",
  "image-classification.hf-inference.bill-to",
];

/**
 * The golden-fixture cases outside the matrix: explicit inputs and messages, model fields (mask token, library), the
 * openai provider, auto with a mapped direct request, an image-text-to-text model that is not conversational.
 */
function extraFixtureCases(): SnippetCase[] {
  return [
    {
      name: "text-classification.hf-inference.inputs",
      model: modelFor("text-classification"),
      provider: "hf-inference",
      opts: { inputs: "This café is great!" },
    },
    {
      name: "question-answering.hf-inference.inputs-json",
      model: modelFor("question-answering"),
      provider: "hf-inference",
      opts: { inputs: '{"question": "Who?", "context": "Me."}' },
    },
    {
      name: "image-classification.hf-inference.inputs-file",
      model: modelFor("image-classification"),
      provider: "hf-inference",
      opts: { inputs: "dog.png" },
    },
    {
      name: "text-generation-chat.together.messages",
      model: modelFor("text-generation", true),
      provider: "together",
      mapping: mappingFor("together", modelFor("text-generation", true), "conversational"),
      opts: {
        messages: [
          { role: "system", content: "Answer briefly." },
          { role: "user", content: "Why is the sky blue?" },
        ],
      },
    },
    {
      name: "fill-mask.hf-inference.mask-token",
      model: { ...modelFor("fill-mask"), mask_token: "<mask>" },
      provider: "hf-inference",
    },
    {
      name: "text-to-audio.hf-inference.transformers",
      model: { ...modelFor("text-to-audio"), library_name: "transformers" },
      provider: "hf-inference",
    },
    {
      name: "text-generation-chat.openai.default",
      model: { id: "openai/gpt-x", pipeline_tag: "text-generation", tags: ["conversational"] },
      provider: "openai",
    },
    {
      name: "text-generation-chat.openai.direct",
      model: { id: "openai/gpt-x", pipeline_tag: "text-generation", tags: ["conversational"] },
      provider: "openai",
      opts: { directRequest: true },
    },
    {
      name: "text-generation-chat.auto.direct-mapped",
      model: modelFor("text-generation", true),
      provider: "auto",
      mapping: mappingFor("groq", modelFor("text-generation", true), "conversational"),
      opts: { directRequest: true },
    },
    {
      name: "image-text-to-text.hf-inference.not-conversational",
      model: { id: "Salesforce/blip2-opt-2.7b", pipeline_tag: "image-text-to-text", tags: [] },
      provider: "hf-inference",
    },
  ];
}

/** The golden-fixture cases: every task, client and option (test/fixtures/snippets/<case>/<language>/<client>.<ext>). */
export function fixtureCases(): SnippetCase[] {
  const byName = new Map(fullMatrix().map((c) => [c.name, c]));
  const names = [...taskDefaultCaseNames(), ...NAMED_FIXTURE_CASES];
  const missing = names.filter((n) => !byName.has(n));
  if (missing.length) throw new Error(`fixture cases not in the matrix: ${missing.join(", ")}`);
  return [...names.map((n) => byName.get(n)!), ...extraFixtureCases()];
}
