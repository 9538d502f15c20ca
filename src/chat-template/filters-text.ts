/** The text filters of jinja2 that chat templates rarely use: wordwrap, urlize, filesizeformat, striptags, xmlattr. */
import { TemplateRuntimeError } from "./errors.js";
import { filter, type FilterSpec } from "./filter-spec.js";
import { escapeHtml, escapeValue } from "./markup.js";
import { pySplitLines } from "./methods.js";
import { pyStr } from "./python-format.js";
import { percentFormat } from "./string-format.js";
import { wrapText } from "./textwrap.js";
import { urlize } from "./urlize.js";
import {
  isMapping,
  isTruthy,
  makeFloat,
  mappingEntries,
  Markup,
  toIterable,
  toNumber,
  typeName,
} from "./values.js";

function wordwrap(
  text: string,
  width: unknown,
  breakLongWords: unknown,
  wrapString: unknown,
  breakOnHyphens: unknown,
) {
  const options = {
    width: width === undefined ? 79 : toNumber(width),
    breakLongWords: breakLongWords === undefined || isTruthy(breakLongWords),
    breakOnHyphens: breakOnHyphens === undefined || isTruthy(breakOnHyphens),
  };
  const separator = wrapString === undefined || wrapString === null ? "\n" : pyStr(wrapString);
  return pySplitLines(text)
    .map((line) => wrapText(line, options).join(separator))
    .join(separator);
}

const SIZE_PREFIXES = ["k", "M", "G", "T", "P", "E", "Z", "Y"];

function filesizeformat(value: unknown, binary: unknown): string {
  const bytes = typeof value === "string" ? Number(value.trim()) : toNumber(value);
  if (Number.isNaN(bytes) && typeof value === "string" && value.trim().toLowerCase() !== "nan")
    throw new TemplateRuntimeError(`could not convert string to float: '${value}'`);
  const base = isTruthy(binary) ? 1024 : 1000;
  if (bytes === 1) return "1 Byte";
  if (bytes < base) return `${Math.trunc(bytes)} Bytes`;
  let index = 0;
  while (index < SIZE_PREFIXES.length - 1 && bytes >= base ** (index + 2)) index++;
  const prefix = isTruthy(binary) ? `${SIZE_PREFIXES[index].toUpperCase()}iB` : `${SIZE_PREFIXES[index]}B`;
  const scaled = (base * bytes) / base ** (index + 2);
  return `${percentFormat("%.1f", makeFloat(scaled))} ${prefix}`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\xa0",
};

/** html.unescape for numeric references and the common named ones (the others stay as written). */
function unescapeHtml(text: string): string {
  return text.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES[name] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** Markup.striptags: comments, then tags, removed; whitespace collapsed; entities unescaped. */
function striptags(value: unknown): string {
  let text = pyStr(value);
  for (const [open, close] of [
    ["<!--", "-->"],
    ["<", ">"],
  ]) {
    for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open)) {
      const end = text.indexOf(close, start);
      if (end < 0) break;
      text = text.slice(0, start) + text.slice(end + close.length);
    }
  }
  return unescapeHtml(text.split(/\s+/u).filter(Boolean).join(" "));
}

function xmlattr(value: unknown, autospace: unknown): string {
  if (!isMapping(value)) throw new TemplateRuntimeError(`xmlattr needs a mapping, not ${typeName(value)}`);
  const attributes: string[] = [];
  for (const [key, item] of mappingEntries(value)) {
    if (item === null || item === undefined) continue;
    const name = pyStr(key);
    if (/[\s/>=]/.test(name))
      throw new TemplateRuntimeError(`Invalid character in attribute name: '${name}'`);
    attributes.push(`${escapeHtml(name)}="${escapeValue(item).text}"`);
  }
  const text = attributes.join(" ");
  return (autospace === undefined || isTruthy(autospace)) && text ? " " + text : text;
}

const URL_UNRESERVED = /[A-Za-z0-9_.\-~]/;

/** jinja2's url_quote: UTF-8 bytes percent-encoded except unreserved characters (and `/` outside query strings). */
function urlQuote(value: unknown, forQueryString: boolean): string {
  let quoted = "";
  for (const ch of pyStr(value)) {
    if (URL_UNRESERVED.test(ch) || (ch === "/" && !forQueryString)) quoted += ch;
    else
      for (const byte of new TextEncoder().encode(ch))
        quoted += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return forQueryString ? quoted.replaceAll("%20", "+") : quoted;
}

/** `urlencode`: a string (or any non-iterable) quoted for a URL path; a mapping or list of pairs as a query string. */
function urlencode(value: unknown): string {
  if (typeof value === "string" || !(Array.isArray(value) || isMapping(value))) return urlQuote(value, false);
  const pairs = isMapping(value) ? mappingEntries(value) : value.map((pair) => toIterable(pair));
  return pairs.map(([key, item]) => `${urlQuote(key, true)}=${urlQuote(item, true)}`).join("&");
}

export const TEXT_FILTERS: Record<string, FilterSpec> = {
  forceescape: filter([], (value) => new Markup(escapeHtml(pyStr(value)))),
  urlencode: filter([], (value) => urlencode(value)),
  wordwrap: filter(
    ["width", "break_long_words", "wrapstring", "break_on_hyphens"],
    (value, [width, breakLongWords, wrapString, breakOnHyphens]) =>
      wordwrap(pyStr(value), width, breakLongWords, wrapString, breakOnHyphens),
  ),
  filesizeformat: filter(["binary"], (value, [binary]) => filesizeformat(value, binary)),
  striptags: filter([], (value) => striptags(value)),
  urlize: filter(
    ["trim_url_limit", "nofollow", "target", "rel", "extra_schemes"],
    (value, [trimUrlLimit, nofollow, target, rel, extraSchemes]) =>
      urlize(value, { trimUrlLimit, nofollow, target, rel, extraSchemes }),
  ),
  xmlattr: filter(["autospace"], (value, [autospace]) => xmlattr(value, autospace)),
};
