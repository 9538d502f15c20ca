/** How the corpus files declare their cases (see ../corpus.ts for what a case asserts). */
export interface CorpusCase {
  name: string;
  template: string;
  context?: Record<string, unknown>;
  expected?: string;
  error?: true;
  difference?: string;
}

/** Every case, in the order the corpus files declare them (the files are imported in a fixed order). */
export const cases: CorpusCase[] = [];

export function add(
  name: string,
  template: string,
  context?: Record<string, unknown>,
  expected?: string,
): void {
  cases.push({ name, template, context, expected });
}

export function fails(name: string, template: string, context?: Record<string, unknown>): void {
  cases.push({ name, template, context, error: true });
}

/** A short conversation for the chat-template idioms. */
export const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Hi" },
  { role: "assistant", content: "Hello!" },
];
