/**
 * The writers of values that carry holes (Hole: an environment variable or the example file, filled in by the
 * generated program at run time): pyCode, jsCode, shWord. Inference snippets only. pyCode and jsCode write
 * with the same writers as py and js (./writers.ts); shWord writes one shell word.
 */
import { Hole, TemplateRenderError, type Hash } from "./values.js";
import { javascriptValue, jsonString, pythonValue, scalars, shellQuoted, type Written } from "./writers.js";

/**
 * The lists and objects one render pass (one getInferenceSnippets call) has written near the top of a value,
 * by language: the chat messages, say, appear in several snippets of a call (hub client, OpenAI client, inside
 * the request body) at the same place, and are written once. Made per pass and dropped after it, so no call
 * sees another's; a pass never changes the values it writes.
 */
export class RenderMemo {
  readonly py: Written = new Map();
  readonly js: Written = new Map();
}

/** A Python expression: literals as `py` writes them (indent=N), holes as os.environ[...] / encoded (f-strings around them). */
export function pyCode(value: unknown, hash: Hash = {}, memo?: RenderMemo): string {
  return pythonValue(value, Number(hash.indent ?? 0), Number(hash.level ?? 0), memo?.py);
}

/** A JavaScript expression: literals as `js` writes them (indent=N), holes as process.env.X / encoded (template literals). */
export function jsCode(value: unknown, hash: Hash = {}, memo?: RenderMemo): string {
  return javascriptValue(value, Number(hash.indent ?? 0), Number(hash.level ?? 0), memo?.js);
}

const SINGLE_QUOTES = /'/g;
const spaces = (n: number) => " ".repeat(n);

/** A word that needs no quoting. */
const SH_PLAIN_WORD = /^[A-Za-z0-9_./:@,+-]+$/;
/** Text that means itself inside double quotes. */
const SH_SAFE_IN_QUOTES = /^[A-Za-z0-9 :_./,=+-]*$/;

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
const shText = (text: string) => (!text ? "" : SH_PLAIN_WORD.test(text) ? text : shellQuoted(text));

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
