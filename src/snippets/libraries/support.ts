/** Small runtime pieces the generated library-snippet code calls (src/generated/library-snippets.gen.ts). */
import { isIdentifier } from "../../templating/helpers.js";

/** Whether a value is set: not undefined, null, "" or an empty list (the meaning of `set`/`unset` in `when`). */
export function has(value: unknown): boolean {
  return !(
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The value when it is a list, else an empty list (record fields are data from outside). */
export function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : EMPTY;
}

/** Whether a string can be written as a name in Python code: the test of the `ident` helper. */
export function isPythonName(value: unknown): value is string {
  return isIdentifier(value);
}

/** The value when it is a name ([A-Za-z_][A-Za-z0-9_]*, not a Python keyword), else undefined (`identifier` rule). */
export function identifierOrUndefined(value: unknown): string | undefined {
  return isPythonName(value) ? value : undefined;
}

/**
 * The table's entry for the first tag (in the record's order) the table has, else undefined (`firstTag`
 * rule). A Map, so a tag such as "constructor" is just a missing key.
 */
export function firstTagValue(tags: unknown, table: ReadonlyMap<unknown, unknown>): unknown {
  for (const tag of list(tags)) {
    const value = table.get(tag);
    if (value !== undefined) return value;
  }
  return undefined;
}

export const EMPTY: readonly string[] = Object.freeze([]);
