/** Helpers shared by the emitters: a fixed header and deterministic literals. */

export interface EmittedFile {
  /** File name inside src/generated/. */
  name: string;
  content: string;
}

export function header(sources: string): string {
  return `// generated from ${sources} by generator/ — do not edit; run \`npm run generate\`.\n`;
}

/** A TS literal for plain data: JSON with 2-space indent (key order is the data's own, which is deterministic). */
export function literal(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Copies `value` without the keys whose value is undefined (so they are not emitted). */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
