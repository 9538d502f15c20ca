/**
 * Attribute access (`a.b`), item access (`a[b]`) and slicing, with jinja2's fallbacks between the two and the
 * sandbox rules: only own data is visible, and private names (`_x`, `__proto__`, `constructor`) are refused.
 */
import { TemplateRuntimeError, TemplateSecurityError } from "./errors.js";
import { asMarkup, markupMethod } from "./markup.js";
import { isDictMethodName, lookupMethod } from "./methods.js";
import { LoopContext } from "./runtime.js";
import {
  codePoints,
  isMapping,
  isTuple,
  makeTuple,
  mappingGet,
  mappingHas,
  Markup,
  Namespace,
  TemplateObject,
  toNumber,
  tupleFieldIndex,
  typeName,
} from "./values.js";

function isUnsafeName(name: string): boolean {
  return name.startsWith("_") || name === "constructor" || name === "prototype";
}

function undefinedAccess(name: unknown): TemplateRuntimeError {
  return new TemplateRuntimeError(
    `cannot read ${typeof name === "string" ? `'${name}'` : "an item"} of an undefined value`,
  );
}

/** `object.name`: methods and attributes first, then the item of that name (so `message.content` works). */
export function getAttribute(object: unknown, name: string): unknown {
  if (object === undefined) throw undefinedAccess(name);
  if (object instanceof Markup)
    return isUnsafeName(name) ? getAttribute(object.text, name) : markupMethod(object, name);
  if (isUnsafeName(name)) {
    if (isMapping(object) && mappingHas(object, name)) return mappingGet(object, name);
    throw new TemplateSecurityError(
      `access to attribute '${name}' of '${typeName(object)}' object is unsafe`,
    );
  }
  if (isMapping(object)) {
    if (isDictMethodName(name)) return lookupMethod(object, name);
    return mappingGet(object, name);
  }
  if (object instanceof Namespace) return object.attributes.get(name);
  if (object instanceof LoopContext) return object.getAttribute(name);
  if (object instanceof TemplateObject) return object.attribute(name);
  if (Array.isArray(object)) {
    const field = tupleFieldIndex(object, name);
    if (field >= 0) return object[field];
  }
  return lookupMethod(object, name);
}

/** `object[key]`: the item first, then (for string keys) the attribute of that name. */
export function getItem(object: unknown, key: unknown): unknown {
  if (object === undefined) throw undefinedAccess(key);
  if (object instanceof Markup) return asMarkup(getItem(object.text, key));
  if (Array.isArray(object) || typeof object === "string") {
    if (typeof key === "number" || typeof key === "boolean") {
      if (typeof key === "number" && !Number.isInteger(key)) return undefined;
      const items = typeof object === "string" ? codePoints(object) : object;
      const index = toNumber(key);
      return items[index < 0 ? items.length + index : index];
    }
  } else if (isMapping(object)) {
    if (mappingHas(object, key)) return mappingGet(object, key);
  }
  return typeof key === "string" ? getAttribute(object, key) : undefined;
}

function sliceIndex(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new TemplateRuntimeError(`slice ${what} must be an integer or None, not ${typeName(value)}`);
}

/** Python slicing `object[start:stop:step]` on lists, tuples and strings. */
export function getSlice(object: unknown, start: unknown, stop: unknown, step: unknown): unknown {
  if (object === undefined) throw undefinedAccess(undefined);
  if (object instanceof Markup) return asMarkup(getSlice(object.text, start, stop, step));
  const isString = typeof object === "string";
  if (!isString && !Array.isArray(object))
    throw new TemplateRuntimeError(`'${typeName(object)}' object is not subscriptable`);
  const items = isString ? codePoints(object) : (object as unknown[]);
  const length = items.length;
  const stride = sliceIndex(step, "step") ?? 1;
  if (stride === 0) throw new TemplateRuntimeError("slice step cannot be zero");
  const clamp = (index: number | undefined, fallback: number) => {
    if (index === undefined) return fallback;
    if (index < 0) return Math.max(index + length, stride < 0 ? -1 : 0);
    return Math.min(index, stride < 0 ? length - 1 : length);
  };
  const from = clamp(sliceIndex(start, "start"), stride < 0 ? length - 1 : 0);
  const to = clamp(sliceIndex(stop, "stop"), stride < 0 ? -1 : length);
  let result: unknown[];
  if (stride === 1) {
    result = items.slice(from, Math.max(from, to));
  } else {
    result = [];
    for (let i = from; stride > 0 ? i < to : i > to; i += stride) result.push(items[i]);
  }
  if (isString) return result.join("");
  return isTuple(object) ? makeTuple(result) : result;
}
