/**
 * The helpers templates may call. Output helpers turn a value into a literal of the target language (the
 * only way a record or caller value reaches generated code); value helpers compute values for conditions
 * and arguments. The template compiler accepts exactly these names.
 */

export class TemplateRenderError extends Error {
  override name = "TemplateRenderError";
}

type Hash = Record<string, unknown>;

/** A Python literal: str with escapes, int/float, True/False/None, list, dict (indent=N for multi-line). */
export function py(value: unknown, hash: Hash = {}): string {
  return pyLiteral(value, Number(hash.indent ?? 0), Number(hash.level ?? 0));
}

/** A JavaScript literal (strings, numbers, booleans, null, arrays, objects); indent=N for multi-line. */
export function js(value: unknown, hash: Hash = {}): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value, null, Number(hash.indent ?? 0) || undefined) ?? "undefined";
}

/** JSON text; indent=N for multi-line. */
export function json(value: unknown, hash: Hash = {}): string {
  return JSON.stringify(value, null, Number(hash.indent ?? 0) || undefined) ?? "null";
}

/** One shell word in single quotes; a quote inside becomes '\'' (objects are written as JSON first). */
export function sh(value: unknown, _hash: Hash = {}): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** An identifier (class, module or variable name) taken from a record; anything else is refused. */
export function ident(value: unknown, _hash: Hash = {}): string {
  if (typeof value === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) return value;
  throw new TemplateRenderError(`expected an identifier, got ${JSON.stringify(value)}`);
}

/**
 * Text inside a Python `#` comment line that cannot end the comment: the value's characters as they
 * would be written inside a double-quoted Python str (backslash, quote and control characters escaped,
 * line breaks written as \n), so `"` + text + `"` evaluates back to the value. Plain URLs and names
 * come out unchanged.
 */
export function pycomment(value: unknown, _hash: Hash = {}): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
  return pyString(text).slice(1, -1);
}

export const outputHelpers = { py, js, json, sh, ident, pycomment };

export const valueHelpers = {
  eq: (a: unknown, b: unknown, _hash?: Hash) => a === b,
  ne: (a: unknown, b: unknown, _hash?: Hash) => a !== b,
  not: (a: unknown, _hash?: Hash) => !truthy(a),
  and: (...args: unknown[]) => args.slice(0, -1).every(truthy),
  or: (...args: unknown[]) => args.slice(0, -1).some(truthy),
  /** includes list item: whether a list (or string) contains the item. */
  includes: (list: unknown, item: unknown, _hash?: Hash) =>
    Array.isArray(list) ? list.includes(item) : typeof list === "string" && typeof item === "string" && list.includes(item),
  /** concat a b ...: the arguments joined as one string. */
  concat: (...args: unknown[]) => args.slice(0, -1).map((a) => (a === undefined || a === null ? "" : String(a))).join(""),
  /** default value fallback: value unless it is undefined, null or "". */
  default: (value: unknown, fallback: unknown, _hash?: Hash) => (value === undefined || value === null || value === "" ? fallback : value),
};

export type OutputHelperName = keyof typeof outputHelpers;
export type ValueHelperName = keyof typeof valueHelpers;

/** Handlebars truthiness: false, undefined, null, "", 0 and [] are false. */
export function truthy(value: unknown): boolean {
  return !(value === false || value === undefined || value === null || value === "" || value === 0 || (Array.isArray(value) && value.length === 0));
}

/** Indents every line but empty ones, as Handlebars does for a standalone partial. */
export function indentLines(text: string, indent: string): string {
  return text.replace(/^(?=.)/gm, indent);
}

/** What compiled templates receive as `h`. */
/** The hash passed when a template gives none (shared, so a render allocates no empty objects). */
export const NO_HASH: Hash = Object.freeze({});

export const runtime = { ...outputHelpers, v: valueHelpers, truthy, indentLines, TemplateRenderError, NO_HASH };
export type TemplateRuntime = typeof runtime;

// ---------------------------------------------------------------------------------------------- Python

function pyLiteral(value: unknown, indent: number, level: number): string {
  if (value === undefined || value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "string") return pyString(value);
  if (Array.isArray(value)) return pyCollection("[", "]", value.map((v) => pyLiteral(v, indent, level + 1)), indent, level);
  if (typeof value === "object") {
    const items = Object.entries(value as object)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${pyString(k)}: ${pyLiteral(v, indent, level + 1)}`);
    return pyCollection("{", "}", items, indent, level);
  }
  throw new TemplateRenderError(`cannot write a ${typeof value} as a Python literal`);
}

function pyCollection(open: string, close: string, items: string[], indent: number, level: number): string {
  if (items.length === 0) return open + close;
  if (!indent) return open + items.join(", ") + close;
  const inner = " ".repeat(indent * (level + 1));
  return `${open}\n${items.map((i) => inner + i).join(",\n")},\n${" ".repeat(indent * level)}${close}`;
}

function pyNumber(n: number): string {
  if (Number.isNaN(n)) return 'float("nan")';
  if (!Number.isFinite(n)) return n > 0 ? 'float("inf")' : '-float("inf")';
  return String(n);
}

const PY_ESCAPES: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A double-quoted Python str literal whose value is exactly `s` (control characters and lone surrogates escaped). */
/** Whether a string has a character pyString must escape (a loop: faster than a regex on short ids). */
function pyNeedsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f || c === 0x2028 || c === 0x2029 || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

// The last string written: a snippet prints the same model id several times.
let lastIn = "";
let lastOut = '""';

export function pyString(s: string): string {
  if (s === lastIn) return lastOut;
  const out = pyNeedsEscape(s) ? pyEscaped(s) : `"${s}"`;
  lastIn = s;
  lastOut = out;
  return out;
}

function pyEscaped(s: string): string {
  return `"${s.replace(/[\\"\n\r\t\x00-\x1f\x7f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    const known = PY_ESCAPES[c];
    if (known) return known;
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  })}"`;
}
