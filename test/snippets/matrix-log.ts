/** What running the whole snippet matrix logs, for the tests that run it (vitest only: the bench imports matrix.ts). */
import { vi } from "vitest";

/**
 * All that the snippet builder logs (console.error) over the whole matrix: the one provider model whose request it
 * refuses, showing no snippet for it. Tests running the matrix collect the log (withErrorLog) and assert it is this.
 */
export const MATRIX_LOG = [
  "inference snippets: Unsupported Novita image-text-to-video model: novita/image-text-to-video-model",
];

/** Runs `fn` with console.error collected instead of printed: its result, and the distinct lines it logged. */
export function withErrorLog<T>(fn: () => T): { result: T; logged: string[] } {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const result = fn();
    return { result, logged: [...new Set(spy.mock.calls.map((args) => args.join(" ")))] };
  } finally {
    spy.mockRestore();
  }
}
