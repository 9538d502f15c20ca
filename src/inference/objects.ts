/**
 * Copying plain objects without the entries arrays of Object.fromEntries(Object.entries(...)): request
 * building runs on every call. Keys keep their order; a "__proto__" key stays an own property (as
 * Object.fromEntries keeps it) instead of setting the copy's prototype.
 */

type Plain = Record<string, unknown>;

function setOwn(out: Plain, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** A new plain object with `fn` applied to every own enumerable value. */
export function mapValues(value: object, fn: (v: unknown, key: string) => unknown): Plain {
  const out: Plain = {};
  for (const key in value) if (Object.hasOwn(value, key)) setOwn(out, key, fn((value as Plain)[key], key));
  return out;
}

/** A new plain object with the own enumerable entries for which `keep` holds. */
export function filterValues(value: object, keep: (v: unknown, key: string) => boolean): Plain {
  const out: Plain = {};
  for (const key in value) {
    const v = (value as Plain)[key];
    if (Object.hasOwn(value, key) && keep(v, key)) setOwn(out, key, v);
  }
  return out;
}

/** Whether `test` holds for some own enumerable value (Object.values(value).some(test) without the array). */
export function someValue(value: object, test: (v: unknown) => boolean): boolean {
  for (const key in value) if (Object.hasOwn(value, key) && test((value as Plain)[key])) return true;
  return false;
}
