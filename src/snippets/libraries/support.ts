/** Small runtime pieces the generated library-snippet code calls (src/generated/library-snippets.gen.ts). */

/** Whether a value is set: not undefined, null, "" or an empty list (the meaning of `set`/`unset` in `when`). */
export function has(value: unknown): boolean {
  return !(value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0));
}

/** The value when it is a list, else an empty list (record fields are data from outside). */
export function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : EMPTY;
}

/** The value when it is an identifier ([A-Za-z_][A-Za-z0-9_]*), else undefined (the `identifier` derive rule). */
export function identifierOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value : undefined;
}

export const EMPTY: readonly string[] = Object.freeze([]);
