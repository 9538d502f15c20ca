/** Functions every template can call: jinja2's globals plus transformers' `raise_exception` and `strftime_now`. */
import { cycler, joiner } from "./cycler.js";
import { TemplateRaisedError, TemplateRuntimeError } from "./errors.js";
import { pyStr } from "./python-format.js";
import { bindArguments, BuiltinFunction, type RenderState } from "./runtime.js";
import { strftime } from "./strftime.js";
import { isInteger, isMapping, mappingEntries, Namespace, toIterable, typeName } from "./values.js";

/** jinja2's sandbox refuses ranges longer than this (MAX_RANGE). */
const MAX_RANGE = 100_000;

function rangeItems(positional: unknown[]): number[] {
  if (!positional.length || positional.length > 3)
    throw new TemplateRuntimeError(`range expected 1 to 3 arguments, got ${positional.length}`);
  for (const value of positional) {
    if (!isInteger(value) && typeof value !== "boolean") {
      throw new TemplateRuntimeError(`'${typeName(value)}' object cannot be interpreted as an integer`);
    }
  }
  const numbers = positional.map(Number);
  const [start, stop, step] =
    numbers.length === 1 ? [0, numbers[0], 1] : [numbers[0], numbers[1], numbers[2] ?? 1];
  if (step === 0) throw new TemplateRuntimeError("range() arg 3 must not be zero");
  const length = Math.max(0, Math.ceil((stop - start) / step));
  if (length > MAX_RANGE) {
    throw new TemplateRuntimeError(
      `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${MAX_RANGE}).`,
    );
  }
  return Array.from({ length }, (_, i) => start + i * step);
}

/** Builds the keyword arguments and mappings given to `dict(...)` or `namespace(...)` into entries. */
function mappingArguments(
  what: string,
  positional: unknown[],
  keyword: Map<string, unknown>,
): Map<unknown, unknown> {
  if (positional.length > 1)
    throw new TemplateRuntimeError(
      `${what} expected at most 1 positional argument, got ${positional.length}`,
    );
  const entries = new Map<unknown, unknown>();
  if (positional.length) {
    const [source] = positional;
    if (isMapping(source)) for (const [key, value] of mappingEntries(source)) entries.set(key, value);
    else
      for (const pair of toIterable(source)) {
        const [key, value] = toIterable(pair);
        entries.set(key, value);
      }
  }
  for (const [key, value] of keyword) entries.set(key, value);
  return entries;
}

export function createGlobals(state: RenderState): Map<string, unknown> {
  return new Map<string, unknown>([
    [
      "range",
      new BuiltinFunction("range", (positional, keyword) => {
        if (keyword.size) throw new TemplateRuntimeError("range() takes no keyword arguments");
        return rangeItems(positional);
      }),
    ],
    [
      "namespace",
      new BuiltinFunction("namespace", (positional, keyword) => {
        const namespace = new Namespace();
        for (const [key, value] of mappingArguments("namespace", positional, keyword))
          namespace.attributes.set(pyStr(key), value);
        return namespace;
      }),
    ],
    ["cycler", cycler()],
    ["joiner", joiner()],
    [
      "dict",
      new BuiltinFunction("dict", (positional, keyword) => mappingArguments("dict", positional, keyword)),
    ],
    [
      "raise_exception",
      new BuiltinFunction("raise_exception", (positional, keyword) => {
        const [message] = bindArguments("raise_exception()", ["message"], positional, keyword);
        throw new TemplateRaisedError(pyStr(message));
      }),
    ],
    [
      "strftime_now",
      new BuiltinFunction("strftime_now", (positional, keyword) => {
        const [format] = bindArguments("strftime_now()", ["format"], positional, keyword);
        if (typeof format !== "string")
          throw new TemplateRuntimeError("strftime_now() needs a format string");
        return strftime(state.now(), format);
      }),
    ],
  ]);
}
