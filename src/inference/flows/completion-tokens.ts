/**
 * Streamed OpenAI completion chunks {choices: [{text, finish_reason}]} also get the fields of a text-generation
 * token stream: token {id, text, special}, generated_text (the whole text, on the final chunk) and
 * details, so code written for either form reads them.
 */
import { firstChoice } from "../answer-text.js";

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
