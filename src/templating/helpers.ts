/**
 * The helpers templates may call. Output helpers turn a value into a literal of the target language (the
 * only way a record or caller value reaches generated code); value helpers compute values for conditions
 * and arguments. The template compiler accepts exactly these names. The literal writers are here; the
 * writers of values with holes (pyCode, jsCode, shWord) are in ./holes.ts; both lay values out with ./writers.ts.
 */
import { jsCode, pyCode, shWord } from "./holes.js";
import { TemplateRenderError, type Hash } from "./values.js";
import { javascriptValue, jsonString, pyString, pythonValue, shellQuoted } from "./writers.js";

export { Hole, TemplateRenderError } from "./values.js";
export { jsCode, pyCode, RenderMemo, shWord } from "./holes.js";
export { pyString } from "./writers.js";

/** A Python literal: str with escapes, int/float, True/False/None, list, dict (indent=N for multi-line). */
export function py(value: unknown, hash: Hash = {}): string {
  return pythonValue(value, Number(hash.indent ?? 0), Number(hash.level ?? 0));
}

/** A JavaScript literal (strings, numbers, booleans, null, arrays, objects with plain keys unquoted); indent=N for multi-line. */
export function js(value: unknown, hash: Hash = {}): string {
  return javascriptValue(value, Number(hash.indent ?? 0), Number(hash.level ?? 0));
}

/** JSON text; indent=N for multi-line. */
export function json(value: unknown, hash: Hash = {}): string {
  if (typeof value === "string") return jsonString(value);
  return JSON.stringify(value, null, Number(hash.indent ?? 0) || undefined) ?? "null";
}

/** One shell word in single quotes; a quote inside becomes '\'' (objects are written as JSON first). */
export function sh(value: unknown, _hash: Hash = {}): string {
  return shellQuoted(value);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Python's keywords: shaped like names, but `from transformers import class` or `keras_hub.models.lambda` is a
 * syntax error, so `ident` refuses them (JavaScript reserves most of them too, and no template prints one).
 */
const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** Whether a value is what `ident` prints: an ASCII identifier that is not a Python keyword. */
export function isIdentifier(value: unknown): value is string {
  return typeof value === "string" && IDENTIFIER.test(value) && !PYTHON_KEYWORDS.has(value);
}

/** An identifier (class, module or variable name) taken from a record; anything else is refused. */
export function ident(value: unknown, _hash: Hash = {}): string {
  if (isIdentifier(value)) return value;
  throw new TemplateRenderError(`expected an identifier, got ${JSON.stringify(value)}`);
}

/**
 * Text inside a Python `#` comment line that cannot end the comment: the value's characters as they
 * would be written inside a double-quoted Python str (backslash, quote and control characters escaped,
 * line breaks written as \n), so `"` + text + `"` evaluates back to the value. Plain URLs and names
 * come out unchanged.
 */
export function pycomment(value: unknown, _hash: Hash = {}): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return pyString(text).slice(1, -1);
}

export const outputHelpers = { py, js, json, sh, ident, pycomment, pyCode, jsCode, shWord };

export const valueHelpers = {
  eq: (a: unknown, b: unknown, _hash?: Hash) => a === b,
  ne: (a: unknown, b: unknown, _hash?: Hash) => a !== b,
  not: (a: unknown, _hash?: Hash) => !truthy(a),
  and: (...args: unknown[]) => args.slice(0, -1).every(truthy),
  or: (...args: unknown[]) => args.slice(0, -1).some(truthy),
  /** includes list item: whether a list (or string) contains the item. */
  includes: (list: unknown, item: unknown, _hash?: Hash) =>
    Array.isArray(list)
      ? list.includes(item)
      : typeof list === "string" && typeof item === "string" && list.includes(item),
  /** concat a b ...: the arguments joined as one string. */
  concat: (...args: unknown[]) => args.slice(0, -1).map(text).join(""),
  /** default value fallback: value unless it is undefined, null or "". */
  default: (value: unknown, fallback: unknown, _hash?: Hash) =>
    value === undefined || value === null || value === "" ? fallback : value,
};

/** A value as text inside a concat: undefined and null are empty. */
export function text(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

/** Handlebars truthiness: false, undefined, null, "", 0 and [] are false. */
export function truthy(value: unknown): boolean {
  return !(
    value === false ||
    value === undefined ||
    value === null ||
    value === "" ||
    value === 0 ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Indents every line but empty ones, as Handlebars does for a standalone partial. */
export function indentLines(text: string, indent: string): string {
  // Lines end at "\n" only: a multiline ^ would also start a line after U+2028/U+2029 or "\r" inside a literal.
  return text.replace(/(^|\n)(?=[^\n])/g, (_match, start: string) => start + indent);
}

/** The hash passed when a template gives none (shared, so a render allocates no empty objects). */
export const NO_HASH: Hash = Object.freeze({});

/** What compiled templates receive as `h`. */
export const runtime = {
  ...outputHelpers,
  v: valueHelpers,
  truthy,
  text,
  indentLines,
  TemplateRenderError,
  NO_HASH,
};
