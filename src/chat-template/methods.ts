/**
 * Methods templates may call on strings, lists and dicts (`s.strip()`, `d.items()`). Mutating list and dict
 * methods exist but raise a security error when called, as in jinja2's ImmutableSandboxedEnvironment.
 */
import { TemplateRuntimeError, TemplateSecurityError } from "./errors.js";
import { pyStr } from "./python-format.js";
import { bindArguments, BuiltinFunction } from "./runtime.js";
import {
  Callable,
  codePoints,
  isMapping,
  isTuple,
  makeTuple,
  mappingEntries,
  mappingGet,
  mappingHas,
  mappingKeys,
  pyEquals,
  stringLength,
  toIterable,
  typeName,
} from "./values.js";
import { formatString } from "./string-format.js";

type Method<T> = (self: T, args: unknown[]) => unknown;
interface MethodSpec<T> {
  parameters: readonly string[];
  run: Method<T>;
}

const WHITESPACE =
  " \t\n\r\f\v\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

function stripSet(chars: unknown): string {
  if (chars === undefined || chars === null) return WHITESPACE;
  if (typeof chars !== "string")
    throw new TemplateRuntimeError(`strip arg must be None or str, not ${typeName(chars)}`);
  return chars;
}

export function pyStrip(text: string, chars: unknown, left: boolean, right: boolean): string {
  const set = stripSet(chars);
  let start = 0;
  let end = text.length;
  if (left) while (start < end && set.includes(text[start])) start++;
  if (right) while (end > start && set.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

/** Python `str.split(sep=None, maxsplit=-1)`. */
function pySplit(text: string, separator: unknown, maxSplit: unknown): string[] {
  const limit = maxSplit === undefined || maxSplit === null ? -1 : Number(maxSplit);
  if (separator === undefined || separator === null) {
    const parts: string[] = [];
    let rest = pyStrip(text, null, true, false);
    while (rest) {
      if (limit >= 0 && parts.length === limit) {
        parts.push(rest);
        break;
      }
      let end = 0;
      while (end < rest.length && !WHITESPACE.includes(rest[end])) end++;
      parts.push(rest.slice(0, end));
      rest = pyStrip(rest.slice(end), null, true, false);
    }
    return parts;
  }
  if (typeof separator !== "string")
    throw new TemplateRuntimeError(`must be str or None, not ${typeName(separator)}`);
  if (separator === "") throw new TemplateRuntimeError("empty separator");
  const pieces = text.split(separator);
  if (limit < 0 || pieces.length <= limit + 1) return pieces;
  return [...pieces.slice(0, limit), pieces.slice(limit).join(separator)];
}

const LINE_BREAKS = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/g;

/** Python `str.splitlines(keepends=False)`. */
export function pySplitLines(text: string, keepEnds = false): string[] {
  const lines: string[] = [];
  let start = 0;
  for (const match of text.matchAll(LINE_BREAKS)) {
    const end = match.index + match[0].length;
    lines.push(text.slice(start, keepEnds ? end : match.index));
    start = end;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Python `str.title()`: a letter after a non-letter is upper-cased, other letters lower-cased. */
function pyTitle(text: string): string {
  let out = "";
  let previousIsLetter = false;
  for (const ch of text) {
    const isLetter = ch.toLowerCase() !== ch.toUpperCase();
    out += isLetter ? (previousIsLetter ? ch.toLowerCase() : ch.toUpperCase()) : ch;
    previousIsLetter = isLetter;
  }
  return out;
}

export function pyCapitalize(text: string): string {
  const [first = "", ...rest] = codePoints(text);
  return first.toUpperCase() + rest.join("").toLowerCase();
}

/** Python `str.replace(old, new, count=-1)`, including the empty `old` case. */
export function pyReplace(text: string, old: string, replacement: string, count: unknown): string {
  const limit = count === undefined || count === null || Number(count) < 0 ? Infinity : Number(count);
  if (old === "") {
    const chars = codePoints(text);
    let out = "";
    for (let i = 0; i <= chars.length; i++) {
      if (i < limit) out += replacement;
      if (i < chars.length) out += chars[i];
    }
    return out;
  }
  if (limit === Infinity) return text.split(old).join(replacement);
  const pieces = text.split(old);
  return [pieces.slice(0, limit + 1).join(replacement), ...pieces.slice(limit + 1)].join(old);
}

function requireString(value: unknown, what: string): string {
  if (typeof value !== "string")
    throw new TemplateRuntimeError(`${what} must be str, not ${typeName(value)}`);
  return value;
}

function affixTest(
  text: string,
  affix: unknown,
  test: (text: string, affix: string) => boolean,
  what: string,
): boolean {
  if (isTuple(affix)) return affix.some((item) => test(text, requireString(item, `${what} tuple item`)));
  return test(text, requireString(affix, `${what} arg`));
}

/** Position in code points of a UTF-16 index, for find/rfind on text with emoji. */
function codePointIndex(text: string, index: number): number {
  return index < 0 ? index : stringLength(text.slice(0, index));
}

const STRING_METHODS: Record<string, MethodSpec<string>> = {
  strip: { parameters: ["chars"], run: (s, [chars]) => pyStrip(s, chars, true, true) },
  lstrip: { parameters: ["chars"], run: (s, [chars]) => pyStrip(s, chars, true, false) },
  rstrip: { parameters: ["chars"], run: (s, [chars]) => pyStrip(s, chars, false, true) },
  split: { parameters: ["sep", "maxsplit"], run: (s, [sep, max]) => pySplit(s, sep, max) },
  splitlines: { parameters: ["keepends"], run: (s, [keep]) => pySplitLines(s, keep === true) },
  startswith: {
    parameters: ["prefix"],
    run: (s, [prefix]) => affixTest(s, prefix, (t, a) => t.startsWith(a), "startswith"),
  },
  endswith: {
    parameters: ["suffix"],
    run: (s, [suffix]) => affixTest(s, suffix, (t, a) => t.endsWith(a), "endswith"),
  },
  upper: { parameters: [], run: (s) => s.toUpperCase() },
  lower: { parameters: [], run: (s) => s.toLowerCase() },
  title: { parameters: [], run: (s) => pyTitle(s) },
  capitalize: { parameters: [], run: (s) => pyCapitalize(s) },
  replace: {
    parameters: ["old", "new", "count"],
    run: (s, [old, replacement, count]) =>
      pyReplace(
        s,
        requireString(old, "replace() arg 1"),
        requireString(replacement, "replace() arg 2"),
        count,
      ),
  },
  join: {
    parameters: ["iterable"],
    run: (s, [items]) =>
      toIterable(items)
        .map((item) => requireString(item, "sequence item"))
        .join(s),
  },
  count: { parameters: ["sub"], run: (s, [sub]) => countOccurrences(s, requireString(sub, "count() arg")) },
  find: {
    parameters: ["sub"],
    run: (s, [sub]) => codePointIndex(s, s.indexOf(requireString(sub, "find() arg"))),
  },
  rfind: {
    parameters: ["sub"],
    run: (s, [sub]) => codePointIndex(s, s.lastIndexOf(requireString(sub, "rfind() arg"))),
  },
  isdigit: { parameters: [], run: (s) => /^\p{Nd}+$/u.test(s) },
  isalpha: { parameters: [], run: (s) => /^\p{L}+$/u.test(s) },
  isspace: { parameters: [], run: (s) => s.length > 0 && [...s].every((ch) => WHITESPACE.includes(ch)) },
  islower: { parameters: [], run: (s) => s !== s.toUpperCase() && s === s.toLowerCase() },
  isupper: { parameters: [], run: (s) => s !== s.toLowerCase() && s === s.toUpperCase() },
};

function countOccurrences(text: string, sub: string): number {
  if (sub === "") return stringLength(text) + 1;
  return text.split(sub).length - 1;
}

const LIST_METHODS: Record<string, MethodSpec<unknown[]>> = {
  count: {
    parameters: ["value"],
    run: (list, [value]) => list.filter((item) => pyEquals(item, value)).length,
  },
  index: {
    parameters: ["value"],
    run: (list, [value]) => {
      const index = list.findIndex((item) => pyEquals(item, value));
      if (index < 0) throw new TemplateRuntimeError(`${pyStr(value)} is not in list`);
      return index;
    },
  },
  copy: { parameters: [], run: (list) => [...list] },
};

const DICT_METHODS: Record<string, MethodSpec<Map<unknown, unknown> | Record<string, unknown>>> = {
  get: {
    parameters: ["key", "default"],
    run: (dict, [key, fallback]) => (mappingHas(dict, key) ? mappingGet(dict, key) : (fallback ?? null)),
  },
  items: { parameters: [], run: (dict) => mappingEntries(dict).map((entry) => makeTuple(entry)) },
  keys: { parameters: [], run: (dict) => mappingKeys(dict) },
  values: { parameters: [], run: (dict) => mappingEntries(dict).map(([, value]) => value) },
  copy: { parameters: [], run: (dict) => new Map(mappingEntries(dict)) },
};

const MUTATING_LIST_METHODS = new Set([
  "append",
  "clear",
  "extend",
  "insert",
  "pop",
  "remove",
  "reverse",
  "sort",
]);
const MUTATING_DICT_METHODS = new Set(["clear", "pop", "popitem", "setdefault", "update"]);

function bind<T>(self: T, type: string, name: string, spec: MethodSpec<T>): Callable {
  return new BuiltinFunction(`${type}.${name}`, (positional, keyword) =>
    spec.run(self, bindArguments(`${type}.${name}()`, spec.parameters, positional, keyword)),
  );
}

function unsafe(type: string, name: string): Callable {
  return new BuiltinFunction(`${type}.${name}`, () => {
    throw new TemplateSecurityError(
      `access to attribute '${name}' of '${type}' object is unsafe (the sandbox forbids mutating methods)`,
    );
  });
}

/** The method `name` of `self` as a callable, or undefined when `self` has no such method. */
export function lookupMethod(self: unknown, name: string): Callable | undefined {
  if (typeof self === "string") {
    if (name === "format")
      return new BuiltinFunction("str.format", (positional, keyword) =>
        formatString(self, positional, keyword),
      );
    if (name === "format_map")
      return new BuiltinFunction("str.format_map", (positional, keyword) => {
        // jinja2's sandbox runs format_map(m) as format(**m), after checking it got exactly one argument.
        if (positional.length !== 1 || keyword.size || !isMapping(positional[0]))
          throw new TemplateRuntimeError("format_map() takes exactly one argument, a mapping");
        const fields = new Map(mappingEntries(positional[0]).map(([key, value]) => [pyStr(key), value]));
        return formatString(self, [], fields);
      });
    const spec = STRING_METHODS[name];
    return spec && Object.hasOwn(STRING_METHODS, name) ? bind(self, "str", name, spec) : undefined;
  }
  if (Array.isArray(self)) {
    const type = isTuple(self) ? "tuple" : "list";
    if (!isTuple(self) && MUTATING_LIST_METHODS.has(name)) return unsafe(type, name);
    const spec = Object.hasOwn(LIST_METHODS, name) ? LIST_METHODS[name] : undefined;
    return spec && (type === "list" || name !== "copy") ? bind(self, type, name, spec) : undefined;
  }
  if (isMapping(self)) {
    if (MUTATING_DICT_METHODS.has(name)) return unsafe("dict", name);
    const spec = Object.hasOwn(DICT_METHODS, name) ? DICT_METHODS[name] : undefined;
    return spec ? bind(self, "dict", name, spec) : undefined;
  }
  return undefined;
}

/** Whether a dict attribute name is one of dict's methods (which win over keys in `d.name`). */
export function isDictMethodName(name: string): boolean {
  return Object.hasOwn(DICT_METHODS, name) || MUTATING_DICT_METHODS.has(name);
}
