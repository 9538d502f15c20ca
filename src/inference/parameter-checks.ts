/**
 * A call's `parameters` against its task's spec, for plain-JS callers (TypeScript already refuses both mistakes):
 * a name that is not the task's but is a likely typo of one, and a known field whose value has the wrong JSON type.
 * A name far from every known one is a provider's own field and goes out as given. The client imports this module
 * only when a call has parameters, so that the table stays out of its initial bundle; for the same reason this
 * module imports nothing the client's first chunk holds (a shared chunk would cost more than the check) and returns
 * the mistake for the client to throw.
 */
import { closest } from "../did-you-mean.js";
import { PARAMETER_TYPES } from "../generated/parameter-types.gen.js";

const EXPECTED: Record<string, string> = {
  s: "a string",
  n: "a number",
  i: "an integer",
  b: "true or false",
  a: "a list",
  o: "an object",
};

/** The task's parameter fields and their type codes, from the compact table ("name:codes name:codes ..."). */
function fieldsOf(task: string): Map<string, string> | undefined {
  const table = PARAMETER_TYPES[task];
  if (table === undefined) return undefined;
  return new Map(
    table
      .split(" ")
      .filter(Boolean)
      .map((entry) => entry.split(":") as [string, string]),
  );
}

/** The codes a value has: an integer is also a number. */
function codesOf(value: unknown): string {
  if (Array.isArray(value)) return "a";
  if (typeof value === "number") return Number.isInteger(value) ? "ni" : "n";
  return { string: "s", boolean: "b", object: "o" }[typeof value as string] ?? "";
}

/** How a wrong value is shown: a string quoted, else its kind. */
const shown = (value: unknown) =>
  typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "a list" : typeof value;

/**
 * The first mistake in `parameters` of `task` (named `taskName` in the message), or undefined: a likely typo of a
 * known field, or a known field of the wrong type.
 */
export function parameterMistake(
  task: string,
  taskName: string,
  parameters: Record<string, unknown>,
): string | undefined {
  const fields = fieldsOf(task);
  if (!fields) return undefined;
  for (const [name, value] of Object.entries(parameters)) {
    const codes = fields.get(name);
    if (codes === undefined) {
      const guess = closest(name, fields.keys());
      // A name far from every known one is a provider's own field.
      if (guess) return `parameters.${name} is not a parameter of ${taskName} (did you mean "${guess}"?)`;
      continue;
    }
    // null and undefined stand for "not given"; an empty code list allows anything.
    if (value === null || value === undefined || !codes) continue;
    if (![...codesOf(value)].some((code) => codes.includes(code))) {
      const expected = [...codes].map((code) => EXPECTED[code]).join(" or ");
      return `parameters.${name} must be ${expected}, got ${shown(value)}`;
    }
  }
  return undefined;
}
