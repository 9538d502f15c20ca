/**
 * hf-inference text generation goes to the OpenAI completions route but keeps the text-generation forms. Streamed
 * completion chunks {choices: [{text, finish_reason}]} also get the fields of a text-generation token stream: token
 * {id, text, special}, generated_text (the whole text, on the final chunk) and details, so code written for either
 * form reads them. A completions answer becomes {generated_text}; a text-generation answer ({generated_text,
 * details?}, from an endpoint that answers in that form) is returned whole.
 */
import { firstChoice } from "../answer-text.js";
import type { FlowContext } from "../spec.js";

export function chunk(value: unknown, state: Record<string, unknown>): unknown {
  const choice = firstChoice(value);
  if (!choice || typeof choice.text !== "string") return value;
  const index = ((state.index as number | undefined) ?? 0) + 1;
  const text = `${(state.text as string | undefined) ?? ""}${choice.text}`;
  Object.assign(state, { index, text });
  const finished = typeof choice.finish_reason === "string" && choice.finish_reason !== "";
  return {
    ...(value as object),
    index,
    token: { id: 0, text: choice.text, special: false }, // completion chunks carry no token id
    generated_text: finished ? text : null,
    details: finished ? { finish_reason: choice.finish_reason } : null,
  };
}

export function result(value: unknown, ctx: FlowContext): unknown {
  if (typeof (value as { generated_text?: unknown }).generated_text === "string") return value;
  const text = firstChoice(value)?.text;
  if (typeof text !== "string") throw ctx.malformed("choices.0.text");
  return { generated_text: text };
}
