/** Helpers shared by the emitters: a fixed header and deterministic literals. */

export interface EmittedFile {
  /** File name inside src/generated/. */
  name: string;
  content: string;
}

export function header(sources: string): string {
  return `// generated from ${sources} by generator/ — do not edit; run \`npm run generate\`.\n`;
}

/** TS source placed in a literal as it is (a reference, `undefined`), where a data value cannot say it. */
export class Code {
  constructor(readonly source: string) {}
}

export const UNDEFINED = new Code("undefined");

/**
 * A TS literal for plain data, laid out as JSON with 2-space indent (key order is the data's own, which is
 * deterministic); a Code value is written as its source. Built from the values, so no text of the data can
 * be mistaken for code. Keys whose value is undefined are left out, as JSON leaves them out.
 */
export function literal(value: unknown, indent = ""): string {
  if (value instanceof Code) return value.source;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${item === undefined ? "null" : literal(item, inner)}`).join(",\n")}\n${indent}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${literal(v, inner)}`).join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** Copies `value` without the keys whose value is undefined (so they are not emitted). */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
