/**
 * The one Python writer and the one JavaScript writer: `py` and `pyCode` (and `js` and `jsCode`) lay a value out
 * with them, so a value is written the same way by both. A list or object is written on one line with indent 0
 * (or when it is a short list of scalars), else one item per line, each followed by a comma. A Hole is written
 * as the code that fills it at run time (os.environ / process.env, or the `encoded` file variable).
 */
import { Hole, TemplateRenderError } from "./values.js";

/**
 * Lists and objects already written near the top of a value, with the layout they were written in: a render
 * pass (one getInferenceSnippets call) writes the chat messages, say, in several snippets, and writes them once.
 */
export type Written = Map<object, { indent: number; level: number; text: string }>;

/** Only collections this close to the top are remembered: deeper ones are written as part of them. */
const REMEMBERED_LEVELS = 1;

/** A Python expression for a value: str, int/float, True/False/None, list, dict, holes. */
export function pythonValue(value: unknown, indent: number, level: number, written?: Written): string {
  if (typeof value === "string") return pyString(value);
  if (value === undefined || value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pyNumber(value);
  if (value instanceof Hole) return pyHole(value);
  if (typeof value !== "object")
    throw new TemplateRenderError(`cannot write a ${typeof value} as a Python literal`);
  if (written === undefined || level > REMEMBERED_LEVELS)
    return collection(value, indent, level, PYTHON, written);
  return (
    recall(written, value, indent, level) ??
    remember(written, value, indent, level, collection(value, indent, level, PYTHON, written))
  );
}

/** A JavaScript expression for a value: literals (plain keys unquoted), holes. */
export function javascriptValue(value: unknown, indent: number, level: number, written?: Written): string {
  if (typeof value === "string") return jsString(value);
  if (typeof value === "number" && !Number.isFinite(value))
    return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
  if (value instanceof Hole) {
    const code = value.kind === "env" ? `process.env.${value.name}` : "encoded";
    if (!value.prefix && !value.suffix) return code;
    return `\`${templatePart(value.prefix)}\${${code}}${templatePart(value.suffix)}\``;
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (written === undefined || level > REMEMBERED_LEVELS)
    return collection(value, indent, level, JAVASCRIPT, written);
  return (
    recall(written, value, indent, level) ??
    remember(written, value, indent, level, collection(value, indent, level, JAVASCRIPT, written))
  );
}

/** The text of a collection written before with the same layout, if any. */
function recall(written: Written, value: object, indent: number, level: number): string | undefined {
  const entry = written.get(value);
  return entry !== undefined && entry.indent === indent && entry.level === level ? entry.text : undefined;
}

function remember(written: Written, value: object, indent: number, level: number, text: string): string {
  written.set(value, { indent, level, text });
  return text;
}

/** How the two languages differ in writing a collection: item values, object keys, an object on one line. */
interface Dialect {
  value(value: unknown, indent: number, level: number, written?: Written): string;
  key(key: string): string;
  /** Around the items of an object written on one line: `{a, b}` in Python, `{ a, b }` in JS. */
  open: string;
  close: string;
}

const spaces = (n: number) => " ".repeat(n);

/**
 * A list or object in the layout both languages share: items joined by ", " on one line (indent 0, or a short
 * scalar list), else one item per line after the indentation of `level + 1`, each followed by "," (a hole of a
 * sparse array is written as nothing).
 */
function collection(
  value: object,
  indent: number,
  level: number,
  dialect: Dialect,
  written?: Written,
): string {
  if (Array.isArray(value)) {
    const n = value.length;
    if (n === 0) return "[]";
    let out = "[";
    if (!indent || scalars(value)) {
      for (let i = 0; i < n; i++)
        out += (i ? ", " : "") + (i in value ? dialect.value(value[i], indent, level + 1, written) : "");
      return out + "]";
    }
    const inner = spaces(indent * (level + 1));
    for (let i = 0; i < n; i++)
      out += i in value ? `\n${inner}${dialect.value(value[i], indent, level + 1, written)},` : "\n,";
    return `${out}\n${spaces(indent * level)}]`;
  }
  const keys = Object.keys(value);
  const inner = indent ? spaces(indent * (level + 1)) : "";
  let out = "";
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = (value as Record<string, unknown>)[keys[i]];
    if (v === undefined) continue;
    const item = `${dialect.key(keys[i])}: ${dialect.value(v, indent, level + 1, written)}`;
    out += indent ? `\n${inner}${item},` : count ? `, ${item}` : item;
    count++;
  }
  if (count === 0) return "{}";
  return indent ? `{${out}\n${spaces(indent * level)}}` : dialect.open + out + dialect.close;
}

const BRACES = /[{}]/;
const BRACES_G = /[{}]/g;

function pyHole(hole: Hole): string {
  // An env hole's name is a plain variable name (checked by Hole): it needs no escaping in either quote style.
  if (!hole.prefix && !hole.suffix) return hole.kind === "env" ? `os.environ["${hole.name}"]` : "encoded";
  const code = hole.kind === "env" ? `os.environ['${hole.name}']` : "encoded";
  return `f"${fStringText(hole.prefix)}{${code}}${fStringText(hole.suffix)}"`;
}

/** Literal text inside a Python f"..." string: str escapes, braces doubled. */
function fStringText(text: string): string {
  const body = pyString(text).slice(1, -1);
  return BRACES.test(body) ? body.replace(BRACES_G, "$&$&") : body;
}

function pyNumber(n: number): string {
  if (Number.isNaN(n)) return 'float("nan")';
  if (!Number.isFinite(n)) return n > 0 ? 'float("inf")' : '-float("inf")';
  return String(n);
}

const PY_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

/** A character pyString must escape: control characters, quote, backslash, DEL, line separators, any surrogate (lone ones are escaped). */
const PY_NEEDS_ESCAPE = /[\x00-\x1f"\\\x7f\u2028\u2029\ud800-\udfff]/;

/** A double-quoted Python str literal whose value is exactly `s` (control characters and lone surrogates escaped). */
export function pyString(s: string): string {
  return PY_NEEDS_ESCAPE.test(s) ? pyEscaped(s) : `"${s}"`;
}

function pyEscaped(s: string): string {
  return `"${s.replace(
    /[\\"\n\r\t\x00-\x1f\x7f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => {
      const known = PY_ESCAPES[c];
      if (known) return known;
      const code = c.charCodeAt(0);
      return code < 0x100
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  )}"`;
}

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A character a JS string literal gets escaped: JSON's, plus the line separators (kept out of generated code). */
const JS_NEEDS_ESCAPE = /[\x00-\x1f"\\\u2028\u2029\ud800-\udfff]/;
const LINE_SEPARATORS_G = /[\u2028\u2029]/g;
const TEMPLATE_SPECIALS = /[`$\u2028\u2029]/;
const TEMPLATE_SPECIALS_G = /[`$]/g;
const escapeLineSeparator = (c: string) => `\\u${c.charCodeAt(0).toString(16)}`;

/** A double-quoted JS string literal: JSON escapes, and U+2028/U+2029 written as \u2028/\u2029. */
export function jsString(s: string): string {
  return JS_NEEDS_ESCAPE.test(s)
    ? JSON.stringify(s).replace(LINE_SEPARATORS_G, escapeLineSeparator)
    : `"${s}"`;
}

/** "__proto__" as a plain or quoted key would set the prototype; a computed key makes it an own property. */
const jsKey = (k: string) =>
  k === "__proto__" ? `["__proto__"]` : JS_IDENTIFIER.test(k) ? k : jsonString(k);

const PYTHON: Dialect = { value: pythonValue, key: pyString, open: "{", close: "}" };
const JAVASCRIPT: Dialect = { value: javascriptValue, key: jsKey, open: "{ ", close: " }" };

/** Text for inside a JS template literal: JSON escapes (no raw line breaks), then ` and $ escaped. */
function templatePart(text: string): string {
  const body = jsonString(text).slice(1, -1);
  if (!TEMPLATE_SPECIALS.test(body)) return body;
  return body.replace(TEMPLATE_SPECIALS_G, "\\$&").replace(LINE_SEPARATORS_G, escapeLineSeparator);
}

/** A character JSON.stringify escapes in a string (surrogates: JSON.stringify decides whether they are lone). */
const JSON_NEEDS_ESCAPE = /[\x00-\x1f"\\\ud800-\udfff]/;

/** JSON.stringify(s), without calling it for the common string that needs no escape (a regex test is cheaper). */
export function jsonString(s: string): string {
  return JSON_NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** The most characters a list's JSON text may have for the list to stay on one line. */
const ONE_LINE_JSON = 72;

/**
 * A short list of strings, numbers or booleans stays on one line: its JSON text (`JSON.stringify(list)`) is at
 * most 72 characters. The length is summed item by item without building the text, and a list is known to be
 * too long after its first few items (holes of a sparse list are skipped, as every() skips them; JSON writes them
 * as null).
 */
export function scalars(list: unknown[]): boolean {
  let length = list.length ? list.length + 1 : 2; // the brackets and the commas between items
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (!(i in list) || v === null) length += 4;
    else if (typeof v === "string")
      length += JSON_NEEDS_ESCAPE.test(v) ? JSON.stringify(v).length : v.length + 2;
    else if (typeof v === "number") length += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === "boolean") length += v ? 4 : 5;
    else return false;
    if (length > ONE_LINE_JSON) return false;
  }
  return true;
}

/** One shell word in single quotes; a quote inside becomes '\'' (objects are written as JSON first). */
export function shellQuoted(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
