/**
 * The chat task: not a pipeline type of its own, but what every chat route serves. Its own module (importing
 * nothing) so that the generator, which runs before anything is generated, names it from the same place.
 */
export const CHAT = "conversational";

/** How chat is called: what a catalogue task says in its `client` block (chat has no task file). */
export const CHAT_CLIENT = {
  method: "chatCompletion",
  streamMethod: "chatCompletionStream",
  /** Chat messages. */
  input: "messages",
  /** A chat completion, whose answer is its first choice's message. */
  output: "message",
} as const;
