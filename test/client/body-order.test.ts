/**
 * The order in which a provider task's `body` settings apply (README "Adding a provider", docs/inference.md):
 * each step sees what the steps before it wrote, so a setting that moves pins the order. buildBody is pure.
 */
import { expect, it } from "vitest";
import { buildBody } from "../../src/inference/body.js";
import type { TaskSpec } from "../../src/inference/spec.js";

const build = (spec: TaskSpec, args: Record<string, unknown>, stream = false, outputType?: "url") =>
  buildBody(
    spec,
    "fal-ai",
    "text-to-image",
    "org/flux-model",
    {
      provider: "fal-ai",
      task: "text-to-image",
      model: "org/model",
      mapping: { providerId: "org/flux-model", adapter: "lora", adapterWeightsPath: "w.safetensors" },
      args,
    },
    { stream, outputType },
  ) as Record<string, unknown>;

const SPEC: TaskSpec = {
  path: "/x",
  urlOutput: { set: { sync: false } },
  body: {
    fields: "flat",
    omit: ["seed"],
    rename: { num_steps: "steps" },
    inputs: "prompt",
    defaults: { seed: 7, steps: 10, guidance: 3 },
    model: "model",
    modelFirst: true,
    set: { format: "png" },
    defaultsWhen: [{ providerIdContains: "FLUX", set: { guidance: 9, format: "webp", quality: 90 } }],
    lora: { loras: [{ path: "{adapterWeightsPath}" }] },
    wrap: "input",
  },
};

it("applies omit, fields (rename), inputs, defaults, model, set, urlOutput, defaultsWhen, lora, wrap, stream in that order", () => {
  const body = build(
    SPEC,
    { inputs: "a cat", seed: 1, format: "jpeg", parameters: { num_steps: 4 }, loras: "mine" },
    true,
    "url",
  );
  expect(body).toEqual({
    input: {
      model: "org/flux-model", // modelFirst: first, whatever came before
      prompt: "a cat", // 4. inputs
      steps: 4, // 3. the caller's renamed parameter, before 5. defaults
      format: "png", // 7. set overrides the caller, and 9. defaultsWhen does not override set
      loras: [{ path: "w.safetensors" }], // 10. lora overrides the caller's field
      seed: 7, // 1. omit drops the caller's seed; 5. defaults then fill it
      guidance: 3, // 5. defaults, before 9. defaultsWhen (which fills only what is unset)
      sync: false, // 8. urlOutput.set, for outputType "url"
      quality: 90, // 9. defaultsWhen, for provider ids containing "flux" (any case)
    },
    stream: true, // 13. stream, outside the wrap
  });
  expect(Object.keys(body)).toEqual(["input", "stream"]);
  expect(Object.keys(body.input as object)[0]).toBe("model");
});

it("without modelFirst, the model key comes after the caller's fields and the defaults", () => {
  const body = build(
    { path: "/x", body: { ...SPEC.body, modelFirst: false, wrap: undefined } },
    { inputs: "a cat" },
  );
  expect(Object.keys(body)).toEqual([
    "prompt",
    "seed",
    "steps",
    "guidance",
    "model",
    "format",
    "quality",
    "loras",
  ]);
});
