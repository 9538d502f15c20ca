/** Jinja filters (`x | name(args)`), with jinja2 3.1's semantics and transformers' `tojson`. */
import { TemplateRuntimeError } from "./errors.js";
import { getAttribute } from "./access.js";
import { lookupMethod, pyCapitalize, pyReplace, pySplitLines, pyStrip } from "./methods.js";
import { pyStr, toJson } from "./python-format.js";
import { bindArguments, type RenderState } from "./runtime.js";
import { percentFormat } from "./string-format.js";
import { asMarkup, escapeValue } from "./markup.js";
import { filter, type FilterSpec } from "./filter-spec.js";
import { SEQUENCE_FILTERS } from "./filters-sequence.js";
import { TEXT_FILTERS } from "./filters-text.js";
import { isKnownTest, registerTest, runTest } from "./tests.js";
import { attributeGetter, extreme, multiSortKey, sortedBy, sortKey, uniqueItems } from "./ordering.js";
import {
  codePoints,
  isFloat,
  isMapping,
  isNumber,
  isTruthy,
  lengthOf,
  makeFloat,
  makeTuple,
  mappingEntries,
  Markup,
  PyFloat,
  stringLength,
  toIterable,
  toNumber,
  typeName,
} from "./values.js";

/** `select`/`reject`/`selectattr`/`rejectattr`: args are [test name, ...test args]. */
function selectFilter(byAttribute: boolean, keep: boolean): FilterSpec {
  return {
    parameters: [],
    run(value, rest) {
      let args = rest;
      let getValue = (item: unknown) => item;
      if (byAttribute) {
        if (!args.length) throw new TemplateRuntimeError("missing parameter for attribute name");
        getValue = attributeGetter(args[0]);
        args = args.slice(1);
      }
      const [testName, ...testArgs] = args;
      let check = (item: unknown) => isTruthy(item);
      if (testName !== undefined) {
        if (typeof testName !== "string" || !isKnownTest(testName))
          throw new TemplateRuntimeError(`no test named '${pyStr(testName)}'`);
        check = (item) => runTest(testName, item, testArgs);
      }
      if (!isTruthy(value)) return []; // jinja2 yields nothing for a falsy value, without iterating it
      return toIterable(value).filter((item) => check(getValue(item)) === keep);
    },
  };
}

/** Python `round(x, precision)` on floats: ties go to the even digit, judged on the exact binary value. */
function roundHalfEven(value: number, precision: number): number {
  if (precision < 0) {
    const scale = 10 ** -precision;
    return roundHalfEven(value / scale, 0) * scale;
  }
  const magnitude = Math.abs(value);
  if (magnitude >= 1e21 || precision > 70) return value;
  const [whole, fraction = ""] = magnitude.toFixed(precision + 30).split(".");
  let rounded = Number(magnitude.toFixed(precision));
  if (/^50*$/.test(fraction.slice(precision))) {
    const kept = whole + fraction.slice(0, precision);
    if (Number(kept[kept.length - 1]) % 2 === 0) {
      rounded = Number(precision ? `${whole}.${fraction.slice(0, precision)}` : whole);
    }
  }
  return value < 0 || Object.is(value, -0) ? -rounded : rounded;
}

const BASE_PREFIXES: Record<number, RegExp> = { 16: /^0x/i, 8: /^0o/i, 2: /^0b/i };

/** jinja2's `int` filter: int(value, base), else int(float(value)), else the default. */
function toInteger(value: unknown, fallback: unknown, base: unknown): unknown {
  if (typeof value === "string") {
    const radix = base === undefined ? 10 : toNumber(base);
    const text = value.trim().replaceAll("_", "");
    const sign = text.startsWith("-") ? -1 : 1;
    const digits = text.replace(/^[+-]/, "").replace(BASE_PREFIXES[radix] ?? /^$/, "");
    if (digits && [...digits].every((ch) => !Number.isNaN(parseInt(ch, radix))))
      return sign * parseInt(digits, radix);
    const parsed = toFloat(text);
    return parsed === undefined || !Number.isFinite(parsed) ? (fallback ?? 0) : Math.trunc(parsed);
  }
  if (isNumber(value)) return Math.trunc(toNumber(value));
  return fallback ?? 0;
}

function toFloat(text: string): number | undefined {
  const trimmed = text.trim().replaceAll("_", "");
  if (/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/.test(trimmed)) return Number(trimmed);
  if (/^[+-]?(inf|infinity)$/i.test(trimmed)) return trimmed.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(trimmed)) return NaN;
  return undefined;
}

function indent(value: unknown, width: unknown, first: unknown, blank: unknown): string {
  const indentation =
    typeof width === "string" ? width : " ".repeat(width === undefined ? 4 : toNumber(width));
  if (typeof value !== "string")
    throw new TemplateRuntimeError(`indent needs a string, not ${typeName(value)}`);
  const text = value + "\n";
  let result: string;
  if (isTruthy(blank)) {
    result = pySplitLines(text).join("\n" + indentation);
  } else {
    const [head, ...lines] = pySplitLines(text);
    result = head ?? "";
    if (lines.length) result += "\n" + lines.map((line) => (line ? indentation + line : line)).join("\n");
  }
  return isTruthy(first) ? indentation + result : result;
}

function truncate(
  value: unknown,
  length: unknown,
  killWords: unknown,
  end: unknown,
  leeway: unknown,
): string {
  if (typeof value !== "string")
    throw new TemplateRuntimeError(`truncate needs a string, not ${typeName(value)}`);
  const text = value;
  const size = length === undefined ? 255 : toNumber(length);
  const ending = end === undefined ? "..." : pyStr(end);
  const slack = leeway === undefined || leeway === null ? 5 : toNumber(leeway);
  const chars = codePoints(text);
  if (chars.length <= size + slack) return text;
  const kept = chars.slice(0, Math.max(0, size - stringLength(ending))).join("");
  if (isTruthy(killWords)) return kept + ending;
  const space = kept.lastIndexOf(" ");
  return (space < 0 ? kept : kept.slice(0, space)) + ending;
}

function center(value: unknown, width: unknown): string {
  const text = pyStr(value);
  const total = width === undefined ? 80 : toNumber(width);
  const margin = total - stringLength(text);
  if (margin <= 0) return text;
  const left = (margin >> 1) + (margin & total & 1);
  return " ".repeat(left) + text + " ".repeat(margin - left);
}

function jsonIndent(indentArg: unknown): number | string | null {
  if (indentArg === undefined || indentArg === null) return null;
  if (typeof indentArg === "string") return indentArg;
  return toNumber(indentArg);
}

const FILTERS: Record<string, FilterSpec> = {
  trim: filter(["chars"], (value, [chars]) => pyStrip(pyStr(value), chars, true, true)),
  upper: filter([], (value) => pyStr(value).toUpperCase()),
  lower: filter([], (value) => pyStr(value).toLowerCase()),
  title: filter([], (value) =>
    pyStr(value)
      .split(/([-\s({[<]+)/u)
      .filter(Boolean)
      .map((word) => {
        const [first = "", ...rest] = codePoints(word);
        return first.toUpperCase() + rest.join("").toLowerCase();
      })
      .join(""),
  ),
  capitalize: filter([], (value) => pyCapitalize(pyStr(value))),
  length: filter([], (value) => lengthOf(value)),
  count: filter([], (value) => lengthOf(value)),
  first: filter([], (value) => toIterable(value)[0]),
  last: filter([], (value) => {
    const items = toIterable(value);
    return items[items.length - 1];
  }),
  join: filter(["d", "attribute"], (value, [separator, attribute], state) => {
    const items = toIterable(value);
    const values =
      attribute === undefined || attribute === null ? items : items.map(attributeGetter(attribute));
    return state.checkSize(
      values.map((item) => pyStr(item)).join(separator === undefined ? "" : pyStr(separator)),
    );
  }),
  default: filter(["default_value", "boolean"], (value, [fallback, boolean]) =>
    value === undefined || (isTruthy(boolean) && !isTruthy(value))
      ? fallback === undefined
        ? ""
        : fallback
      : value,
  ),
  tojson: filter(
    ["ensure_ascii", "indent", "separators", "sort_keys"],
    (value, [ensureAscii, indentArg, separators, sortKeys], state) => {
      let pair: [string, string] | null = null;
      if (separators !== undefined && separators !== null) {
        if (!Array.isArray(separators) || separators.length !== 2)
          throw new TemplateRuntimeError("separators must be a (item, key) pair");
        pair = [pyStr(separators[0]), pyStr(separators[1])];
      }
      const options = {
        indent: jsonIndent(indentArg),
        separators: pair,
        sortKeys: isTruthy(sortKeys),
        ensureAscii: isTruthy(ensureAscii),
      };
      return state.checkSize(toJson(value, options));
    },
  ),
  string: filter([], (value) => (value instanceof Markup ? value : pyStr(value))),
  int: filter(["default", "base"], (value, [fallback, base]) => toInteger(value, fallback, base)),
  float: filter(["default"], (value, [fallback]) => {
    const parsed = typeof value === "string" ? toFloat(value) : isNumber(value) ? toNumber(value) : undefined;
    return parsed === undefined ? (fallback ?? new PyFloat(0)) : makeFloat(parsed);
  }),
  abs: filter([], (value) => {
    if (!isNumber(value)) throw new TemplateRuntimeError(`bad operand type for abs(): '${typeName(value)}'`);
    return isFloat(value) ? makeFloat(Math.abs(toNumber(value))) : Math.abs(toNumber(value));
  }),
  round: filter(["precision", "method"], (value, [precisionArg, method]) => {
    const precision = precisionArg === undefined ? 0 : toNumber(precisionArg);
    const number = toNumber(value);
    const how = method === undefined ? "common" : method;
    if (how === "common") return isFloat(value) ? makeFloat(roundHalfEven(number, precision)) : number;
    if (how !== "ceil" && how !== "floor")
      throw new TemplateRuntimeError("method must be common, ceil or floor");
    const scale = 10 ** precision;
    return makeFloat((how === "ceil" ? Math.ceil(number * scale) : Math.floor(number * scale)) / scale);
  }),
  list: filter([], (value) => [...toIterable(value)]),
  reverse: filter([], (value) =>
    typeof value === "string" ? codePoints(value).reverse().join("") : [...toIterable(value)].reverse(),
  ),
  sort: filter(["reverse", "case_sensitive", "attribute"], (value, [reverse, caseSensitive, attribute]) =>
    sortedBy([...toIterable(value)], multiSortKey(attribute, caseSensitive), reverse),
  ),
  unique: filter(["case_sensitive", "attribute"], (value, [caseSensitive, attribute]) =>
    uniqueItems(value, caseSensitive, attribute),
  ),
  min: filter(["case_sensitive", "attribute"], (value, [caseSensitive, attribute]) =>
    extreme(value, caseSensitive, attribute, -1),
  ),
  max: filter(["case_sensitive", "attribute"], (value, [caseSensitive, attribute]) =>
    extreme(value, caseSensitive, attribute, 1),
  ),
  sum: filter(["attribute", "start"], (value, [attribute, start]) => {
    const items = toIterable(value);
    const values =
      attribute === undefined || attribute === null ? items : items.map(attributeGetter(attribute));
    return values.reduce((total, item) => addNumbers(total, item), start ?? 0);
  }),
  select: selectFilter(false, true),
  reject: selectFilter(false, false),
  selectattr: selectFilter(true, true),
  rejectattr: selectFilter(true, false),
  items: filter([], (value) => {
    if (value === undefined) return [];
    if (!isMapping(value))
      throw new TemplateRuntimeError(`can only get item pairs from a mapping, not ${typeName(value)}`);
    return mappingEntries(value).map((entry) => makeTuple(entry));
  }),
  dictsort: filter(["case_sensitive", "by", "reverse"], (value, [caseSensitive, by, reverse]) => {
    if (!isMapping(value))
      throw new TemplateRuntimeError(`can only dictsort a mapping, not ${typeName(value)}`);
    if (by !== undefined && by !== "key" && by !== "value")
      throw new TemplateRuntimeError("You can only sort by either 'key' or 'value'");
    const position = by === "value" ? 1 : 0;
    const key = sortKey(caseSensitive);
    return sortedBy(mappingEntries(value), (entry) => key(entry[position]), reverse).map((entry) =>
      makeTuple(entry),
    );
  }),
  replace: filter(["old", "new", "count"], (value, [old, replacement, count], state) =>
    state.checkSize(pyReplace(pyStr(value), pyStr(old), pyStr(replacement), count)),
  ),
  indent: filter(["width", "first", "blank"], (value, [width, first, blank], state) =>
    state.checkSize(indent(value, width, first, blank)),
  ),
  safe: filter([], (value) => (value instanceof Markup ? value : new Markup(pyStr(value)))),
  batch: filter(["linecount", "fill_with"], (value, [lineCount, fillWith]) => {
    const size = toNumber(lineCount);
    if (size <= 0) throw new TemplateRuntimeError("batch size must be positive");
    const items = toIterable(value);
    const batches: unknown[][] = [];
    for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
    const last = batches[batches.length - 1];
    if (fillWith !== undefined && last) while (last.length < size) last.push(fillWith);
    return batches;
  }),
  wordcount: filter([], (value) => (pyStr(value).match(/[\p{L}\p{N}_]+/gu) ?? []).length),
  center: filter(["width"], (value, [width], state) => {
    state.checkLength(width === undefined ? 80 : toNumber(width), "characters");
    return center(value, width);
  }),
  truncate: filter(["length", "killwords", "end", "leeway"], (value, [length, killWords, end, leeway]) =>
    truncate(value, length, killWords, end, leeway),
  ),
  format: {
    parameters: [],
    run: (value, args, state) => state.checkSize(percentFormat(pyStr(value), makeTuple(args))),
  },
  attr: filter(["name"], (value, [name]) =>
    isMapping(value) ? lookupMethod(value, pyStr(name)) : getAttribute(value, pyStr(name)),
  ),
  escape: filter([], (value) => escapeValue(value)),
};
FILTERS.d = FILTERS.default;
FILTERS.e = FILTERS.escape;
Object.assign(FILTERS, TEXT_FILTERS, SEQUENCE_FILTERS);

function addNumbers(total: unknown, item: unknown): unknown {
  if (!isNumber(total) || !isNumber(item))
    throw new TemplateRuntimeError(
      `unsupported operand type(s) for +: '${typeName(total)}' and '${typeName(item)}'`,
    );
  const sum = toNumber(total) + toNumber(item);
  return isFloat(total) || isFloat(item) ? makeFloat(sum) : sum;
}

// `x is filter` needs the list of filters, which tests.ts cannot import (this module imports it).
registerTest("filter", (value) => typeof value === "string" && isKnownFilter(value));

export function isKnownFilter(name: string): boolean {
  return name === "map" || Object.hasOwn(FILTERS, name);
}

/** Applies the filter `name` to `value` with Python-style arguments. */
export function applyFilter(
  name: string,
  value: unknown,
  positional: unknown[],
  keyword: Map<string, unknown>,
  state: RenderState,
): unknown {
  if (value instanceof Markup && !MARKUP_KEEPING_FILTERS.has(name)) {
    const result = applyFilter(name, value.text, positional, keyword, state);
    return MARKUP_RESULT_FILTERS.has(name) ? asMarkup(result) : result;
  }
  if (name === "map") return mapFilter(value, positional, keyword, state);
  const spec = FILTERS[name];
  if (VARIADIC_FILTERS.has(name)) {
    if (keyword.size) throw new TemplateRuntimeError(`filter '${name}' takes no keyword arguments`);
    return spec.run(value, positional, state);
  }
  return spec.run(value, bindArguments(`filter '${name}'`, spec.parameters, positional, keyword), state);
}

/** Filters that take a Markup as it is; the others see the plain string it holds. */
const MARKUP_KEEPING_FILTERS = new Set(["safe", "escape", "e", "string", "default", "d", "forceescape"]);
/** Filters whose string result is Markup again when given Markup (jinja2 runs them through soft_str). */
const MARKUP_RESULT_FILTERS = new Set([
  "upper",
  "lower",
  "capitalize",
  "trim",
  "center",
  "indent",
  "truncate",
  "format",
  "reverse",
  "last",
]);

/** Filters whose arguments are a test or filter name followed by that one's arguments. */
const VARIADIC_FILTERS = new Set(["select", "reject", "selectattr", "rejectattr", "format"]);

/** `map(attribute="x", default=...)` or `map("filter", *args)`. */
function mapFilter(
  value: unknown,
  positional: unknown[],
  keyword: Map<string, unknown>,
  state: RenderState,
): unknown[] {
  const items = isTruthy(value) ? toIterable(value) : [];
  if (!positional.length) {
    const attribute = keyword.get("attribute");
    if (attribute === undefined) throw new TemplateRuntimeError("map needs a filter name or attribute=");
    return items.map(attributeGetter(attribute, keyword.get("default")));
  }
  const [name, ...rest] = positional;
  if (typeof name !== "string" || !isKnownFilter(name))
    throw new TemplateRuntimeError(`no filter named '${pyStr(name)}'`);
  return items.map((item) => applyFilter(name, item, rest, keyword, state));
}
