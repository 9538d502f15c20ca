/**
 * Attribute lookups and ordering shared by the sort, dictsort, unique, min, max, map and select filters, with
 * jinja2's rules (make_attrgetter, make_multi_attrgetter, ignore_case).
 */
import { getItem } from "./access.js";
import { isTruthy, pyCompare, pyEquals, toIterable } from "./values.js";

/** `attribute="a.b"` or `attribute=0` lookups, as jinja2's make_attrgetter does. */
export function attributeGetter(attribute: unknown, fallback?: unknown): (item: unknown) => unknown {
  const parts = typeof attribute === "string" ? attribute.split(".") : [attribute];
  return (item) => {
    let value = item;
    for (const part of parts) {
      const key = typeof part === "string" && /^\d+$/.test(part) ? Number(part) : part;
      value = getItem(value, key);
      if (value === undefined && fallback !== undefined) return fallback;
    }
    return value;
  };
}

/** The item itself when no attribute is given (None or left out), else attributeGetter's lookup. */
function itemGetter(attribute: unknown): (item: unknown) => unknown {
  return attribute === undefined || attribute === null ? (item) => item : attributeGetter(attribute);
}

/** Sort key as jinja2's ignore_case: strings compare lower-cased unless case_sensitive. */
export function sortKey(caseSensitive: unknown): (value: unknown) => unknown {
  return (value) => (!isTruthy(caseSensitive) && typeof value === "string" ? value.toLowerCase() : value);
}

/**
 * The sort filter's key, as jinja2's make_multi_attrgetter: a list with one value per comma-separated attribute
 * path (`"age,name"`), or the item itself. Python compares lists element by element with == before <, so equal
 * values that have no order (None and None, two undefineds) sort; min, max and dictsort compare bare values.
 */
export function multiSortKey(attribute: unknown, caseSensitive: unknown): (item: unknown) => unknown[] {
  const paths = typeof attribute === "string" ? attribute.split(",") : [attribute];
  const getters = paths.map(itemGetter);
  const key = sortKey(caseSensitive);
  return (item) => getters.map((get) => key(get(item)));
}

export function sortedBy<T>(items: T[], key: (item: T) => unknown, reverse: unknown): T[] {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => pyCompare(a.key, b.key) * (isTruthy(reverse) ? -1 : 1));
  return keyed.map(({ item }) => item);
}

export function uniqueItems(value: unknown, caseSensitive: unknown, attribute: unknown): unknown[] {
  const getValue = itemGetter(attribute);
  const key = sortKey(caseSensitive);
  const seen: unknown[] = [];
  const result: unknown[] = [];
  for (const item of toIterable(value)) {
    const itemKey = key(getValue(item));
    if (seen.some((other) => pyEquals(other, itemKey))) continue;
    seen.push(itemKey);
    result.push(item);
  }
  return result;
}

export function extreme(value: unknown, caseSensitive: unknown, attribute: unknown, sign: number): unknown {
  const items = toIterable(value);
  if (!items.length) return undefined;
  const getValue = itemGetter(attribute);
  const key = sortKey(caseSensitive);
  return items.reduce((best, item) =>
    pyCompare(key(getValue(item)), key(getValue(best))) * sign > 0 ? item : best,
  );
}
