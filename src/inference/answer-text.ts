/**
 * The generated text in chat and text-generation answers, whatever form the provider sends: a chat completion
 * (choices[0].message.content), a chat chunk (choices[0].delta.content), an OpenAI completion or completion
 * chunk (choices[0].text), or a text-generation token chunk (token.text). One reader for the client's flows and
 * the CLI, so they agree on where the text is.
 */

/** The first choice of an OpenAI-style answer or chunk, as sent (fields unchecked). */
export interface Choice {
  message?: { content?: unknown };
  delta?: { content?: unknown };
  text?: unknown;
  finish_reason?: unknown;
}

/** The first of the value's `choices`, or undefined when it has none. */
export function firstChoice(value: unknown): Choice | undefined {
  const choices = (value as { choices?: unknown } | null)?.choices;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  return first !== null && typeof first === "object" ? (first as Choice) : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The text of a chat completion: its first choice's message ("" when it has none, e.g. only tool calls). */
export function messageText(answer: unknown): string {
  return text(firstChoice(answer)?.message?.content) ?? "";
}

/** The new text of one streamed chunk, chat or text generation ("" for a chunk without text, e.g. a role). */
export function chunkText(chunk: unknown): string {
  const choice = firstChoice(chunk);
  return (
    text(choice?.delta?.content) ??
    text(choice?.text) ??
    text((chunk as { token?: { text?: unknown } } | null)?.token?.text) ??
    ""
  );
}
