/** How Python prints values: str(), repr() and json.dumps(), byte for byte. */
import { TemplateRuntimeError } from "./errors.js";
import {
  Callable,
  isFloat,
  isMapping,
  isTuple,
  mappingEntries,
  Markup,
  Namespace,
  PyFloat,
  TemplateObject,
  typeName,
} from "./values.js";

/** Python `str(x)`; undefined prints as the empty string, as jinja2's Undefined does. */
export function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  if (value instanceof Markup) return value.text;
  return pyRepr(value);
}

/** Python `repr(x)`: what lists and dicts print their items with. */
export function pyRepr(value: unknown): string {
  if (typeof value === "string") return reprString(value);
  if (value === null) return "None";
  if (value === undefined) return "Undefined";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number" || value instanceof PyFloat) return formatNumber(value);
  if (isTuple(value))
    return value.length === 1 ? `(${pyRepr(value[0])},)` : `(${value.map(pyRepr).join(", ")})`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (isMapping(value)) return reprEntries(mappingEntries(value));
  if (value instanceof Markup) return `Markup(${reprString(value.text)})`;
  if (value instanceof Namespace) return `<Namespace ${reprEntries([...value.attributes.entries()])}>`;
  if (value instanceof Callable) return `<function ${value.callableName}>`;
  if (value instanceof TemplateObject) return value.repr();
  return `<${typeName(value)}>`;
}

function reprEntries(entries: [unknown, unknown][]): string {
  return `{${entries.map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`).join(", ")}}`;
}

/** Python prints ints in full and floats in repr style: "2.0", "1e+20", "1e-05", "inf", "nan". */
export function formatNumber(value: number | PyFloat): string {
  if (typeof value === "number" && Number.isInteger(value)) {
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  }
  return formatFloat(value instanceof PyFloat ? value.value : value);
}

export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let text: string;
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const sign = exponent < 0 ? "-" : "+";
    text = `${fraction}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  } else if (exponent < 0) {
    text = `0.${"0".repeat(-exponent - 1)}${digits}`;
  } else if (digits.length > exponent + 1) {
    text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  } else {
    text = `${digits.padEnd(exponent + 1, "0")}.0`;
  }
  return negative ? `-${text}` : text;
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const REPR_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Python's string repr: single quotes unless the text has a ' and no ", then double quotes. */
function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const ch of text) {
    if (ch === quote) body += "\\" + ch;
    else if (ch in REPR_ESCAPES) body += REPR_ESCAPES[ch];
    else if (ch !== " " && NOT_PRINTABLE.test(ch)) body += escapeCodePoint(ch.codePointAt(0)!);
    else body += ch;
  }
  return quote + body + quote;
}

function escapeCodePoint(code: number): string {
  if (code < 0x100) return "\\x" + code.toString(16).padStart(2, "0");
  if (code < 0x10000) return "\\u" + code.toString(16).padStart(4, "0");
  return "\\U" + code.toString(16).padStart(8, "0");
}

export interface JsonOptions {
  /** Spaces (or the string) to indent with; undefined or null writes everything on one line. */
  indent?: number | string | null;
  /** [item separator, key separator]; defaults as Python: [", ", ": "], or [",", ": "] when indenting. */
  separators?: [string, string] | null;
  sortKeys?: boolean;
  ensureAscii?: boolean;
}

/** Python `json.dumps(value, ensure_ascii=False, ...)`: no HTML escaping, key order kept, Python float format. */
export function toJson(value: unknown, options: JsonOptions = {}): string {
  const indent =
    typeof options.indent === "number" ? " ".repeat(Math.max(0, options.indent)) : (options.indent ?? null);
  const [itemSeparator, keySeparator] = options.separators ?? (indent === null ? [", ", ": "] : [",", ": "]);
  const ensureAscii = options.ensureAscii ?? false;

  const write = (item: unknown, depth: number): string => {
    if (item === null) return "null";
    if (item === true) return "true";
    if (item === false) return "false";
    if (typeof item === "string") return jsonString(item, ensureAscii);
    if (item instanceof Markup) return jsonString(item.text, ensureAscii);
    if (typeof item === "number" || item instanceof PyFloat) {
      const number = item instanceof PyFloat ? item.value : item;
      if (Number.isNaN(number)) return "NaN";
      if (!Number.isFinite(number)) return number > 0 ? "Infinity" : "-Infinity";
      return isFloat(item) ? formatFloat(number) : formatNumber(number);
    }
    let parts: string[];
    let open: string;
    let close: string;
    if (Array.isArray(item)) {
      if (item.length === 0) return "[]";
      parts = item.map((element) => write(element, depth + 1));
      [open, close] = ["[", "]"];
    } else if (isMapping(item)) {
      let entries = mappingEntries(item).map(([key, element]) => [jsonKey(key), element] as const);
      if (entries.length === 0) return "{}";
      if (options.sortKeys) entries = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      parts = entries.map(
        ([key, element]) => jsonString(key, ensureAscii) + keySeparator + write(element, depth + 1),
      );
      [open, close] = ["{", "}"];
    } else {
      throw new TemplateRuntimeError(`Object of type ${typeName(item)} is not JSON serializable`);
    }
    if (indent === null) return open + parts.join(itemSeparator) + close;
    const inner = "\n" + indent.repeat(depth + 1);
    return open + inner + parts.join(itemSeparator + inner) + "\n" + indent.repeat(depth) + close;
  };
  return write(value, 0);
}

/** json.dumps turns non-string keys into strings: 1 -> "1", True -> "true", None -> "null". */
function jsonKey(key: unknown): string {
  if (typeof key === "string") return key;
  if (key === null) return "null";
  if (typeof key === "boolean") return key ? "true" : "false";
  if (typeof key === "number" || key instanceof PyFloat) return formatNumber(key);
  throw new TemplateRuntimeError(`keys must be str, int, float, bool or None, not ${typeName(key)}`);
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};
const JSON_NEEDS_ESCAPE = /["\\\x00-\x1f]/;
const JSON_NEEDS_ESCAPE_ASCII = /["\\\x00-\x1f\u007f-\uffff]/;

function jsonString(text: string, ensureAscii: boolean): string {
  if (!(ensureAscii ? JSON_NEEDS_ESCAPE_ASCII : JSON_NEEDS_ESCAPE).test(text)) return `"${text}"`;
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const code = text.charCodeAt(i);
    if (ch in JSON_ESCAPES) out += JSON_ESCAPES[ch];
    else if (code < 0x20 || (ensureAscii && code > 0x7e)) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}
