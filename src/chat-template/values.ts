/**
 * Runtime values. Python values map to JS as: None -> null, undefined -> undefined, bool -> boolean,
 * int -> integral number, float -> non-integral number or PyFloat (for integral floats such as 2.0),
 * str -> string, list -> array, tuple -> array tagged with TUPLE, dict -> Map (template-made) or plain object.
 */
import { TemplateRuntimeError } from "./errors.js";

/** A float whose value is integral (2.0): kept apart from ints because Python prints it as "2.0". */
export class PyFloat {
  constructor(readonly value: number) {}
}

/**
 * A string marked safe (`|safe`, `|escape`), as jinja2's Markup: plain text combined with it by `+`, `*` or `%`
 * is HTML-escaped first. Everything else treats it as the string it holds.
 */
export class Markup {
  constructor(readonly text: string) {}
}

/** The string behind a Markup, else the value itself: for operations where Markup acts as a plain str. */
export function plain(value: unknown): unknown {
  return value instanceof Markup ? value.text : value;
}

/** `namespace(...)`: the one mutable object templates may assign attributes on. */
export class Namespace {
  readonly attributes = new Map<string, unknown>();
}

/** An object with attributes of its own making (`cycler()`, `self`): attribute access asks it. */
export abstract class TemplateObject {
  abstract attribute(name: string): unknown;
  /** How it prints; Python's default repr has a memory address, which no template can rely on. */
  repr(): string {
    return "<object>";
  }
}

/** Anything a template can call: macros, `range`, bound string methods, ... */
export abstract class Callable {
  abstract readonly callableName: string;
  abstract call(positional: unknown[], keyword: Map<string, unknown>): unknown;
}

const TUPLE = Symbol("tuple");
type Tuple = unknown[] & { [TUPLE]?: true };

export function makeTuple(items: unknown[]): unknown[] {
  (items as Tuple)[TUPLE] = true;
  return items;
}

const FIELD_NAMES = Symbol("field names");

/** A named tuple (jinja2's groupby groups): prints as a tuple, and `.name` reads a field. */
export function makeNamedTuple(items: unknown[], names: string[]): unknown[] {
  (items as unknown[] & { [FIELD_NAMES]?: string[] })[FIELD_NAMES] = names;
  return makeTuple(items);
}

/** The index of a named tuple's field, or -1. */
export function tupleFieldIndex(value: unknown[], name: string): number {
  return (value as unknown[] & { [FIELD_NAMES]?: string[] })[FIELD_NAMES]?.indexOf(name) ?? -1;
}

export function isTuple(value: unknown): value is unknown[] {
  return Array.isArray(value) && (value as Tuple)[TUPLE] === true;
}

/** A float result: integral values are wrapped so they keep printing as floats. */
export function makeFloat(value: number): number | PyFloat {
  return Number.isInteger(value) ? new PyFloat(value) : value;
}

export function isFloat(value: unknown): boolean {
  return value instanceof PyFloat || (typeof value === "number" && !Number.isInteger(value));
}

export function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}

/** int, float or bool, as Python's numbers.Number. */
export function isNumber(value: unknown): boolean {
  return typeof value === "number" || typeof value === "boolean" || value instanceof PyFloat;
}

/** The JS number behind an int, float or bool. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new TemplateRuntimeError(`expected a number, got ${typeName(value)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function isMapping(value: unknown): value is Map<unknown, unknown> | Record<string, unknown> {
  return value instanceof Map || isPlainObject(value);
}

/** Normalises a dict key as Python hashes it: 2.0 and 2 are the same key. */
function mapKey(key: unknown): unknown {
  return key instanceof PyFloat ? key.value : key;
}

export function mappingHas(mapping: Map<unknown, unknown> | Record<string, unknown>, key: unknown): boolean {
  if (mapping instanceof Map) return mapping.has(mapKey(key));
  return typeof key === "string" && Object.hasOwn(mapping, key);
}

export function mappingGet(mapping: Map<unknown, unknown> | Record<string, unknown>, key: unknown): unknown {
  if (mapping instanceof Map) return mapping.get(mapKey(key));
  return typeof key === "string" && Object.hasOwn(mapping, key) ? mapping[key] : undefined;
}

export function mappingKeys(mapping: Map<unknown, unknown> | Record<string, unknown>): unknown[] {
  return mapping instanceof Map ? [...mapping.keys()] : Object.keys(mapping);
}

export function mappingEntries(
  mapping: Map<unknown, unknown> | Record<string, unknown>,
): [unknown, unknown][] {
  return mapping instanceof Map ? [...mapping.entries()] : Object.entries(mapping);
}

function mappingSize(mapping: Map<unknown, unknown> | Record<string, unknown>): number {
  return mapping instanceof Map ? mapping.size : Object.keys(mapping).length;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** A string's characters as Python sees them: code points, so an emoji counts once. */
export function codePoints(text: string): string[] {
  return SURROGATE.test(text) ? Array.from(text) : text.split("");
}

export function stringLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Python's name for a value's type, for error messages. */
export function typeName(value: unknown): string {
  if (value === undefined) return "Undefined";
  if (value === null) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (isInteger(value)) return "int";
  if (isFloat(value)) return "float";
  if (typeof value === "string") return "str";
  if (value instanceof Markup) return "Markup";
  if (isTuple(value)) return "tuple";
  if (Array.isArray(value)) return "list";
  if (isMapping(value)) return "dict";
  if (value instanceof Namespace) return "Namespace";
  if (value instanceof Callable || typeof value === "function") return "function";
  return "object";
}

/** Python truthiness. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (value === true || typeof value === "string") return true;
  if (typeof value === "number") return !Number.isNaN(value);
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Markup) return value.text !== "";
  if (value instanceof Map) return value.size > 0;
  if (isPlainObject(value)) {
    for (const key in value) if (Object.hasOwn(value, key)) return true;
    return false;
  }
  return true;
}

/** The items a `for` loop (or `list()`) sees: list items, string characters, dict keys; undefined gives none. */
export function toIterable(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return codePoints(value);
  if (value === undefined) return [];
  if (value instanceof Markup) return codePoints(value.text);
  if (isMapping(value)) return mappingKeys(value);
  throw new TemplateRuntimeError(`'${typeName(value)}' object is not iterable`);
}

/** Python `len()`. */
export function lengthOf(value: unknown): number {
  if (typeof value === "string") return stringLength(value);
  if (Array.isArray(value)) return value.length;
  if (isMapping(value)) return mappingSize(value);
  if (value === undefined) return 0;
  if (value instanceof Markup) return stringLength(value.text);
  throw new TemplateRuntimeError(`object of type '${typeName(value)}' has no len()`);
}

/** Python `==`: numbers across int/float/bool, deep for lists, tuples and dicts. */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isNumber(a) && isNumber(b)) return toNumber(a) === toNumber(b);
  if (a instanceof Markup || b instanceof Markup) return plain(a) === plain(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (isTuple(a) !== isTuple(b) || a.length !== b.length) return false;
    return a.every((item, i) => pyEquals(item, b[i]));
  }
  if (isMapping(a) && isMapping(b)) {
    if (mappingSize(a) !== mappingSize(b)) return false;
    return mappingEntries(a).every(
      ([key, value]) => mappingHas(b, key) && pyEquals(value, mappingGet(b, key)),
    );
  }
  return false;
}

/** Python ordering (`<`): numbers with numbers, strings with strings (by code point), lists element-wise. */
export function pyCompare(a: unknown, b: unknown): number {
  if (isNumber(a) && isNumber(b)) {
    const x = toNumber(a);
    const y = toNumber(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b);
  if (a instanceof Markup || b instanceof Markup) return pyCompare(plain(a), plain(b));
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!pyEquals(a[i], b[i])) return pyCompare(a[i], b[i]);
    }
    return a.length - b.length;
  }
  throw new TemplateRuntimeError(
    `'<' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`,
  );
}

function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Python `in`. */
export function pyContains(container: unknown, item: unknown): boolean {
  if (container instanceof Markup || item instanceof Markup) return pyContains(plain(container), plain(item));
  if (typeof container === "string") {
    if (typeof item !== "string")
      throw new TemplateRuntimeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    return container.includes(item);
  }
  if (Array.isArray(container)) return container.some((element) => pyEquals(element, item));
  if (isMapping(container)) return mappingHas(container, item);
  if (container === undefined) return false;
  throw new TemplateRuntimeError(`argument of type '${typeName(container)}' is not iterable`);
}
