/** Record tests the generated display rules call (src/generated/local-apps.gen.ts). Records are outside data. */
import type { ModelData } from "../tasks/model-data.js";

/** Whether the record has at least one of the tags. */
export function hasAnyTag(model: ModelData, tags: readonly string[]): boolean {
  return Array.isArray(model.tags) && tags.some((tag) => model.tags!.includes(tag));
}

/** Whether the value at a dotted path of the record is truthy (`set: gguf.context_length`). */
export function isSet(model: ModelData, path: readonly string[]): boolean {
  let value: unknown = model;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return Boolean(value);
}

export function quantMethodOf(model: ModelData): unknown {
  return model.config?.quantization_config?.quant_method;
}

/**
 * The record's chat template, as the upstream picks it: the first present of gguf.chat_template,
 * config.chat_template_jinja and config.tokenizer_config.chat_template; a list gives its first template.
 * Precedence is by presence: a GGUF template without "tools" wins over a tokenizer_config one with it.
 */
export function chatTemplateOf(model: ModelData): string | undefined {
  const template =
    model.gguf?.chat_template ??
    model.config?.chat_template_jinja ??
    model.config?.tokenizer_config?.chat_template;
  if (typeof template === "string") return template;
  if (Array.isArray(template)) {
    const first: unknown = template[0];
    const text =
      first !== null && typeof first === "object" ? (first as { template?: unknown }).template : undefined;
    return typeof text === "string" ? text : undefined;
  }
  return undefined;
}

export function chatTemplateContains(model: ModelData, text: string): boolean {
  return chatTemplateOf(model)?.includes(text) ?? false;
}
