/**
 * Copies of plain objects, key order kept. Object.fromEntries keeps a "__proto__" key as an own property, so a
 * caller's field of that name stays data instead of setting the copy's prototype.
 */

type Plain = Record<string, unknown>;

/** A new plain object with `fn` applied to every own enumerable value. */
export const mapValues = (value: object, fn: (v: unknown, key: string) => unknown): Plain =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, fn(v, key)]));

/** A new plain object with the own enumerable entries for which `keep` holds. */
export const filterValues = (value: object, keep: (v: unknown, key: string) => boolean): Plain =>
  Object.fromEntries(Object.entries(value).filter(([key, v]) => keep(v, key)));

/** Whether `test` holds for some own enumerable value. */
export const someValue = (value: object, test: (v: unknown) => boolean): boolean =>
  Object.values(value).some(test);
