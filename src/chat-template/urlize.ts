/**
 * jinja2's `urlize` filter (utils.urlize with the default policies: rel="noopener", no target): URLs and e-mail
 * addresses in the HTML-escaped text become links; punctuation around them stays outside.
 */
import { TemplateRuntimeError } from "./errors.js";
import { escapeHtml } from "./markup.js";
import { pyStr } from "./python-format.js";
import { isTruthy, toNumber } from "./values.js";

/** Python's `\\w` in a Unicode pattern, as the contents of a character class. */
const WORD = "\\p{L}\\p{N}_";
const HTTP_URL = new RegExp(
  "^(" +
    `(https?://|www\\.)(([${WORD}%-]+\\.)+)?([a-z]{2,63}|xn--[${WORD}%]{2,59})` +
    `|([${WORD}%-]{2,63}\\.)+(com|net|int|edu|gov|org|info|mil)` +
    "|(https?://)((\\d{1,3}(\\.\\d{1,3}){3})|(\\[([\\da-f]{0,4}:){2}([\\da-f]{0,4}:?){1,6}\\]))" +
    ")(?::\\d{1,5})?(?:[/?#]\\S*)?$",
  "iu",
);
const EMAIL = new RegExp(`^\\S+@[${WORD}][${WORD}.-]*\\.[${WORD}]+$`, "u");
const URI_SCHEME = /^[a-zA-Z][\w+.-]*:$/;

export interface UrlizeOptions {
  trimUrlLimit: unknown;
  nofollow: unknown;
  target: unknown;
  rel: unknown;
  extraSchemes: unknown;
}

/** Moves closing brackets from the tail back into the URL while the URL has unmatched opening ones. */
function balance(middle: string, tail: string): [string, string] {
  for (const [open, close] of [
    ["(", ")"],
    ["<", ">"],
    ["&lt;", "&gt;"],
  ]) {
    const opened = middle.split(open).length - 1;
    if (opened <= middle.split(close).length - 1) continue;
    const times = Math.min(opened, tail.split(close).length - 1);
    for (let i = 0; i < times; i++) {
      const end = tail.indexOf(close) + close.length;
      middle += tail.slice(0, end);
      tail = tail.slice(end);
    }
  }
  return [middle, tail];
}

function linkAttributes(options: UrlizeOptions): string {
  const relParts = new Set(
    pyStr(options.rel ?? "")
      .split(/\s+/)
      .filter(Boolean),
  );
  if (isTruthy(options.nofollow)) relParts.add("nofollow");
  relParts.add("noopener");
  const rel = [...relParts].sort().join(" ");
  const target = options.target === undefined || options.target === null ? "" : pyStr(options.target);
  return ` rel="${escapeHtml(rel)}"` + (target ? ` target="${escapeHtml(target)}"` : "");
}

function linkWord(
  middle: string,
  attributes: string,
  trim: (url: string) => string,
  schemes: string[],
): string {
  if (HTTP_URL.test(middle)) {
    const href = middle.startsWith("https://") || middle.startsWith("http://") ? middle : `https://${middle}`;
    return `<a href="${href}"${attributes}>${trim(middle)}</a>`;
  }
  if (middle.startsWith("mailto:") && EMAIL.test(middle.slice(7)))
    return `<a href="${middle}">${middle.slice(7)}</a>`;
  if (middle.includes("@") && !middle.startsWith("www.") && !middle.includes(":") && EMAIL.test(middle))
    return `<a href="mailto:${middle}">${middle}</a>`;
  for (const scheme of schemes)
    if (middle !== scheme && middle.startsWith(scheme))
      return `<a href="${middle}"${attributes}>${middle}</a>`;
  return middle;
}

export function urlize(value: unknown, options: UrlizeOptions): string {
  const limit =
    options.trimUrlLimit === undefined || options.trimUrlLimit === null
      ? undefined
      : toNumber(options.trimUrlLimit);
  const trim = (url: string) =>
    limit !== undefined && url.length > limit ? `${url.slice(0, limit)}...` : url;
  const schemes =
    options.extraSchemes === undefined || options.extraSchemes === null
      ? []
      : (options.extraSchemes as unknown[]).map(pyStr);
  for (const scheme of schemes)
    if (!URI_SCHEME.test(scheme))
      throw new TemplateRuntimeError(`${scheme!} is not a valid URI scheme prefix.`);
  const attributes = linkAttributes(options);
  const words = escapeHtml(pyStr(value)).split(/(\s+)/u);
  return words
    .map((word) => {
      let middle = word;
      let head = "";
      let tail = "";
      const lead = /^(?:[(<]|&lt;)+/.exec(middle);
      if (lead) {
        head = lead[0];
        middle = middle.slice(head.length);
      }
      const trail = /(?:[)>.,\n]|&gt;)+$/.exec(middle);
      if (trail) {
        tail = trail[0];
        middle = middle.slice(0, trail.index);
      }
      [middle, tail] = balance(middle, tail);
      return head + linkWord(middle, attributes, trim, schemes) + tail;
    })
    .join("");
}
