/**
 * jinja2's Markup arithmetic: `Markup + str`, `str + Markup`, `Markup * n` and `Markup % args` stay Markup, and
 * the plain strings involved are HTML-escaped first. A function-calling template's output depends on it.
 */
import { lookupMethod } from "./methods.js";
import { pyStr } from "./python-format.js";
import { BuiltinFunction } from "./runtime.js";
import { Callable, isTuple, makeTuple, Markup } from "./values.js";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&#34;",
  "'": "&#39;",
};

/** markupsafe's escape of a plain string. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/** `escape(value)`: Markup stays as it is, anything else is printed and escaped. */
export function escapeValue(value: unknown): Markup {
  return value instanceof Markup ? value : new Markup(escapeHtml(pyStr(value)));
}

/** Escapes what `%` formats into a Markup, as Markup.__mod__ does. */
export function escapeFormatArguments(args: unknown): unknown {
  const escapeItem = (item: unknown) => (typeof item === "string" ? escapeValue(item) : item);
  if (isTuple(args)) return makeTuple(args.map(escapeItem));
  return escapeItem(args);
}

/** `left + right` when one side is Markup and the other a string (or Markup); undefined when Markup is not involved. */
export function addMarkup(left: unknown, right: unknown): Markup | undefined {
  const leftIsText = typeof left === "string" || left instanceof Markup;
  const rightIsText = typeof right === "string" || right instanceof Markup;
  if (!leftIsText || !rightIsText || !(left instanceof Markup || right instanceof Markup)) return undefined;
  return new Markup(escapeValue(left).text + escapeValue(right).text);
}

/** Markup's own results: strings become Markup again, lists of strings (split) lists of Markup. */
export function asMarkup(value: unknown): unknown {
  if (typeof value === "string") return new Markup(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.map(asMarkup);
  return value;
}

function escapeArgument(value: unknown): unknown {
  if (typeof value === "string") return escapeHtml(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "string" ? escapeHtml(item) : plainText(item)));
  return plainText(value);
}

function plainText(value: unknown): unknown {
  return value instanceof Markup ? value.text : value;
}

/**
 * A string method called on Markup, as markupsafe wraps them: string arguments (and `join`'s items) are escaped,
 * and string results are Markup.
 */
export function markupMethod(markup: Markup, name: string): Callable | undefined {
  const method = lookupMethod(markup.text, name);
  if (!method) return undefined;
  return new BuiltinFunction(`Markup.${name}`, (positional, keyword) => {
    const escapedKeywords = new Map([...keyword].map(([key, value]) => [key, escapeArgument(value)]));
    return asMarkup(method.call(positional.map(escapeArgument), escapedKeywords));
  });
}
