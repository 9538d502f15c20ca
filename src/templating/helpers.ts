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
  if (typeof value === "string") return pyString(value);
  return pyLiteral(value, Number(hash.indent ?? 0), Number(hash.level ?? 0));
}

/** A JavaScript literal (strings, numbers, booleans, null, arrays, objects); indent=N for multi-line. */
export function js(value: unknown, hash: Hash = {}): string {
  if (typeof value === "string") return jsonString(value);
  if (value === undefined) return "undefined";
  return JSON.stringify(value, null, Number(hash.indent ?? 0) || undefined) ?? "undefined";
}

/** JSON text; indent=N for multi-line. */
export function json(value: unknown, hash: Hash = {}): string {
  if (typeof value === "string") return jsonString(value);
  return JSON.stringify(value, null, Number(hash.indent ?? 0) || undefined) ?? "null";
}

/** A character JSON.stringify escapes in a string (surrogates: JSON.stringify decides whether they are lone). */
const JSON_NEEDS_ESCAPE = /[\x00-\x1f"\\\ud800-\udfff]/;

/** JSON.stringify(s), without calling it for the common string that needs no escape (a regex test is cheaper). */
function jsonString(s: string): string {
  return JSON_NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

const SINGLE_QUOTES = /'/g;

/** One shell word in single quotes; a quote inside becomes '\'' (objects are written as JSON first). */
export function sh(value: unknown, _hash: Hash = {}): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.includes("'") ? `'${text.replace(SINGLE_QUOTES, `'\\''`)}'` : `'${text}'`;
}

/** An identifier (class, module or variable name) taken from a record; anything else is refused. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function ident(value: unknown, _hash: Hash = {}): string {
  if (typeof value === "string" && IDENTIFIER.test(value)) return value;
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

export const outputHelpers = { py, js, json, sh, ident, pycomment, ...snippetOutputHelpers() };

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

export type OutputHelperName = keyof typeof outputHelpers;
export type ValueHelperName = keyof typeof valueHelpers;

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
  // A loop over the lines: the same as text.replace(/(^|\n)(?=[^\n])/g, `$1${indent}`) for the whitespace
  // indents the compiler passes (a "$" in the indent is taken literally here), without the regex machinery.
  let out = "";
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline + 1;
    if (text.charCodeAt(start) !== 10) out += indent;
    out += text.slice(start, end);
    start = end;
  }
  return out;
}

/** What compiled templates receive as `h`. */
/** The hash passed when a template gives none (shared, so a render allocates no empty objects). */
export const NO_HASH: Hash = Object.freeze({});

export const runtime = {
  ...outputHelpers,
  v: valueHelpers,
  truthy,
  text,
  indentLines,
  TemplateRenderError,
  NO_HASH,
};
export type TemplateRuntime = typeof runtime;

// ---------------------------------------------------------------------------------------------- Python

function pyLiteral(value: unknown, indent: number, level: number): string {
  if (value === undefined || value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pyNumber(value);
  if (typeof value === "string") return pyString(value);
  if (Array.isArray(value))
    return pyCollection(
      "[",
      "]",
      value.map((v) => pyLiteral(v, indent, level + 1)),
      indent,
      level,
    );
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

// ------------------------------------------------------------------------------------------------------
// Inference snippets: values with holes the generated program fills at run time (pyCode, jsCode, shWord).
// Kept apart from the helpers above; every output is a literal of its language around fixed hole code.

/**
 * A place inside a string value that the generated program fills at run time, with literal text around it:
 * kind "env" reads the environment variable `name`; kind "file" is the base64 text of the example file, which
 * the template reads into a fixed variable first (python `encoded`, js `encoded`, sh `$ENCODED`).
 */
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

export class Hole {
  // Declared, then assigned: no class-field definitions (a hole is made several times per snippet call).
  declare readonly kind: "env" | "file";
  declare readonly name: string;
  declare readonly prefix: string;
  declare readonly suffix: string;
  constructor(kind: "env" | "file", name: string, prefix = "", suffix = "") {
    if (kind === "env" && !ENV_NAME.test(name))
      throw new TemplateRenderError(`not an environment variable name: ${JSON.stringify(name)}`);
    this.kind = kind;
    this.name = name;
    this.prefix = prefix;
    this.suffix = suffix;
  }
}

// The three writers below run several times per snippet, so they are plain loops that append to one string:
// no per-value item arrays, callbacks or closures, Object.keys rather than for-in (cheaper on V8), and a
// regex test before any escaping (most strings need none).

/** Runs of spaces for indentation, made once. */
const SPACES = Array.from({ length: 65 }, (_, n) => " ".repeat(n));
const spaces = (n: number) => SPACES[n] ?? " ".repeat(n);

/**
 * The lists and objects one render pass (one getInferenceSnippets call) has written near the top of a value,
 * by language: the chat messages, say, appear in several snippets of a call (hub client, OpenAI client, inside
 * the request body) at the same place, and are written once. Made per pass and dropped after it, so no call
 * sees another's; a pass never changes the values it writes.
 */
export class RenderMemo {
  readonly py = new Map<object, MemoEntry>();
  readonly js = new Map<object, MemoEntry>();
}

interface MemoEntry {
  indent: number;
  level: number;
  text: string;
}

/** Only collections this close to the top are remembered: deeper ones are written as part of them. */
const MEMO_LEVELS = 1;

function remembered(
  memo: Map<object, MemoEntry>,
  value: object,
  indent: number,
  level: number,
): string | undefined {
  const entry = memo.get(value);
  return entry !== undefined && entry.indent === indent && entry.level === level ? entry.text : undefined;
}

function remember(
  memo: Map<object, MemoEntry>,
  value: object,
  indent: number,
  level: number,
  text: string,
): string {
  memo.set(value, { indent, level, text });
  return text;
}

/** A Python expression: literals as `py` writes them (indent=N), holes as os.environ[...] / encoded (f-strings around them). */
export function pyCode(value: unknown, hash: Hash = {}, memo?: RenderMemo): string {
  return pyCodeAt(value, Number(hash.indent ?? 0), Number(hash.level ?? 0), memo);
}

/** One Python value: strings, scalars and holes here, lists and objects by codeCollection (remembered near the top). */
function pyCodeAt(value: unknown, indent: number, level: number, memo?: RenderMemo): string {
  if (typeof value === "string") return pyString(value);
  if (value === null || typeof value !== "object") return pyLiteral(value, indent, level);
  if (value instanceof Hole) return pyHole(value);
  if (memo === undefined || level > MEMO_LEVELS) return codeCollection(value, indent, level, PYTHON, memo);
  return (
    remembered(memo.py, value, indent, level) ??
    remember(memo.py, value, indent, level, codeCollection(value, indent, level, PYTHON, memo))
  );
}

/** How pyCode and jsCode differ in writing a collection: item values, object keys, an object on one line. */
interface Dialect {
  value(value: unknown, indent: number, level: number, memo?: RenderMemo): string;
  key(key: string): string;
  /** Around the items of an object written on one line: `{a, b}` in Python, `{ a, b }` in JS. */
  open: string;
  close: string;
}

/**
 * A list or object in the layout pyCode and jsCode share: items joined by ", " on one line (indent 0, or a short
 * scalar list), else one item per line after the indentation of `level + 1`, each followed by "," (a hole of a
 * sparse array is written as nothing).
 */
function codeCollection(
  value: object,
  indent: number,
  level: number,
  dialect: Dialect,
  memo?: RenderMemo,
): string {
  if (Array.isArray(value)) {
    const n = value.length;
    if (n === 0) return "[]";
    let out = "[";
    if (!indent || scalars(value)) {
      for (let i = 0; i < n; i++)
        out += (i ? ", " : "") + (i in value ? dialect.value(value[i], indent, level + 1, memo) : "");
      return out + "]";
    }
    const inner = spaces(indent * (level + 1));
    for (let i = 0; i < n; i++)
      out += i in value ? `\n${inner}${dialect.value(value[i], indent, level + 1, memo)},` : "\n,";
    return `${out}\n${spaces(indent * level)}]`;
  }
  const keys = Object.keys(value);
  const inner = indent ? spaces(indent * (level + 1)) : "";
  let out = "";
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = (value as Record<string, unknown>)[keys[i]];
    if (v === undefined) continue;
    const item = `${dialect.key(keys[i])}: ${dialect.value(v, indent, level + 1, memo)}`;
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

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A character a JS string literal gets escaped: JSON's, plus the line separators (kept out of generated code). */
const JS_NEEDS_ESCAPE = /[\x00-\x1f"\\\u2028\u2029\ud800-\udfff]/;
const LINE_SEPARATORS_G = /[\u2028\u2029]/g;
const TEMPLATE_SPECIALS = /[`$\u2028\u2029]/;
const TEMPLATE_SPECIALS_G = /[`$]/g;
const escapeLineSeparator = (c: string) => `\\u${c.charCodeAt(0).toString(16)}`;

/** A double-quoted JS string literal: JSON escapes, and U+2028/U+2029 written as \u2028/\u2029. */
function jsString(s: string): string {
  return JS_NEEDS_ESCAPE.test(s)
    ? JSON.stringify(s).replace(LINE_SEPARATORS_G, escapeLineSeparator)
    : `"${s}"`;
}

/** A JavaScript expression: literals (plain keys unquoted, indent=N), holes as process.env.X / encoded (template literals). */
export function jsCode(value: unknown, hash: Hash = {}, memo?: RenderMemo): string {
  return jsCodeAt(value, Number(hash.indent ?? 0), Number(hash.level ?? 0), memo);
}

/** One JS value: strings, scalars and holes here, lists and objects by codeCollection (remembered near the top). */
function jsCodeAt(value: unknown, indent: number, level: number, memo?: RenderMemo): string {
  if (typeof value === "string") return jsString(value);
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value))
      return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
    return JSON.stringify(value) ?? "undefined";
  }
  if (value instanceof Hole) {
    const code = value.kind === "env" ? `process.env.${value.name}` : "encoded";
    if (!value.prefix && !value.suffix) return code;
    return `\`${templatePart(value.prefix)}\${${code}}${templatePart(value.suffix)}\``;
  }
  if (memo === undefined || level > MEMO_LEVELS)
    return codeCollection(value, indent, level, JAVASCRIPT, memo);
  return (
    remembered(memo.js, value, indent, level) ??
    remember(memo.js, value, indent, level, codeCollection(value, indent, level, JAVASCRIPT, memo))
  );
}

/** "__proto__" as a plain or quoted key would set the prototype; a computed key makes it an own property. */
const jsKey = (k: string) =>
  k === "__proto__" ? `["__proto__"]` : JS_IDENTIFIER.test(k) ? k : jsonString(k);

const PYTHON: Dialect = { value: pyCodeAt, key: pyString, open: "{", close: "}" };
const JAVASCRIPT: Dialect = { value: jsCodeAt, key: jsKey, open: "{ ", close: " }" };

/** Text for inside a JS template literal: JSON escapes (no raw line breaks), then ` and $ escaped. */
function templatePart(text: string): string {
  const body = jsonString(text).slice(1, -1);
  if (!TEMPLATE_SPECIALS.test(body)) return body;
  return body.replace(TEMPLATE_SPECIALS_G, "\\$&").replace(LINE_SEPARATORS_G, escapeLineSeparator);
}

/** A word that needs no quoting. */
const SH_PLAIN_WORD = /^[A-Za-z0-9_.\/:@,+-]+$/;
/** Text that means itself inside double quotes. */
const SH_SAFE_IN_QUOTES = /^[A-Za-z0-9 :_.\/,=+-]*$/;

/**
 * One shell word whose value is the string (or, for an object or array, its JSON text with indent=N), holes
 * expanded: literal text single-quoted, holes as "$NAME" / "$ENCODED" in double quotes.
 */
export function shWord(value: unknown, hash: Hash = {}): string {
  if (typeof value === "string") return shText(value) || "''";
  if (value !== null && typeof value === "object" && !(value instanceof Hole))
    return shJson(value, Number(hash.indent ?? 0));
  const parts: (string | Hole)[] = [];
  if (value instanceof Hole) parts.push(value);
  else parts.push(jsonParts(value, 0, 0, parts, "", jsonString));
  let out = "";
  let text = "";
  for (const part of parts) {
    if (typeof part === "string") {
      text += part;
      continue;
    }
    text += part.prefix;
    const variable = part.kind === "env" ? part.name : "ENCODED";
    // Keeps the familiar "Bearer $HF_TOKEN" form when the text around needs no quoting.
    out += SH_SAFE_IN_QUOTES.test(text) ? `"${text}$${variable}"` : `${shText(text)}"$${variable}"`;
    text = part.suffix;
  }
  return out + shText(text) || "''";
}

/** Literal text as (part of) a shell word: bare when it needs no quoting, else single-quoted; "" stays "". */
const shText = (text: string) => (!text ? "" : SH_PLAIN_WORD.test(text) ? text : sh(text));

/**
 * The JSON text of an object or array as one shell word. A ' can only be inside a JSON string, so each string
 * is written with its quotes already escaped for single quotes ('\'') and the runs of text between holes are
 * wrapped in single quotes as they are (every run holds a " of the string around a hole, so none is a plain word).
 */
function shJson(value: object, indent: number): string {
  const parts: (string | Hole)[] = [];
  const last = jsonParts(value, indent, 0, parts, "", shellJsonString);
  let out = "";
  for (const part of parts)
    out +=
      typeof part === "string" ? singleQuoted(part) : `"$${part.kind === "env" ? part.name : "ENCODED"}"`;
  return out + singleQuoted(last);
}

const singleQuoted = (run: string) => (run ? `'${run}'` : "");

/** A character a JSON string in a single-quoted shell word needs written differently: JSON's, and the quote. */
const SH_JSON_NEEDS_ESCAPE = /[\x00-\x1f"\\\ud800-\udfff']/;

/** A JSON string literal to go inside a single-quoted shell word: JSON escapes, then every ' as '\''. */
function shellJsonString(s: string): string {
  if (!SH_JSON_NEEDS_ESCAPE.test(s)) return `"${s}"`;
  const literal = jsonString(s);
  return literal.includes("'") ? literal.replace(SINGLE_QUOTES, `'\\''`) : literal;
}

/**
 * JSON text of a value (JSON.stringify layout, short scalar lists on one line) appended to `text`, with holes
 * left as parts inside their string literal: at a hole, the text so far and the hole go to `out` and the text
 * starts over. Returns the text after the last hole.
 */
function jsonParts(
  value: unknown,
  indent: number,
  level: number,
  out: (string | Hole)[],
  text: string,
  str: (s: string) => string,
): string {
  if (typeof value === "string") return text + str(value);
  if (value === null || typeof value !== "object") return text + (JSON.stringify(value) ?? "null");
  if (value instanceof Hole) {
    // A shell variable expands unescaped: only the file's base64 text (JSON-safe) may sit inside JSON text.
    if (value.kind !== "file")
      throw new TemplateRenderError(
        `an environment variable (${value.name}) cannot be placed inside JSON text`,
      );
    out.push(text + str(value.prefix).slice(0, -1), new Hole(value.kind, value.name));
    return str(value.suffix).slice(1);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return text + "[]";
    const inline = indent > 0 && scalars(value);
    const pad = indent && !inline ? "\n" + spaces(indent * (level + 1)) : "";
    text += "[";
    for (let i = 0; i < value.length; i++) {
      text += (i > 0 ? (inline ? ", " : ",") : "") + pad;
      text = jsonParts(value[i], indent, level + 1, out, text, str);
    }
    return text + (pad ? "\n" + spaces(indent * level) : "") + "]";
  }
  const start = text;
  const pad = indent ? "\n" + spaces(indent * (level + 1)) : "";
  const colon = indent ? ": " : ":";
  const keys = Object.keys(value);
  let count = 0;
  text += "{";
  for (let i = 0; i < keys.length; i++) {
    const v = (value as Record<string, unknown>)[keys[i]];
    if (v === undefined) continue;
    text += (count++ > 0 ? "," : "") + pad + str(keys[i]) + colon;
    text = jsonParts(v, indent, level + 1, out, text, str);
  }
  // No member was written, so nothing went to `out`.
  if (count === 0) return start + "{}";
  return text + (pad ? "\n" + spaces(indent * level) : "") + "}";
}

/** A short list of strings, numbers or booleans stays on one line (holes of a sparse list are skipped, as every() skips them). */
function scalars(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (
      i in list &&
      !(v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    )
      return false;
  }
  return JSON.stringify(list).length <= 72;
}

function snippetOutputHelpers() {
  return { pyCode, jsCode, shWord };
}
