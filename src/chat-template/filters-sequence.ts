/** jinja2's `groupby`, `slice` and `pprint` filters. */
import { TemplateRuntimeError } from "./errors.js";
import { filter, type FilterSpec } from "./filter-spec.js";
import { attributeGetter, sortedBy, sortKey } from "./ordering.js";
import { prettyFormat } from "./pprint.js";
import { isTruthy, makeNamedTuple, pyEquals, toIterable, toNumber } from "./values.js";

/**
 * `groupby(attribute, default=None, case_sensitive=False)`: items sorted by the attribute, then runs of equal
 * values grouped into (grouper, list) tuples; without case sensitivity the grouper is the first item's value.
 */
function groupby(value: unknown, attribute: unknown, fallback: unknown, caseSensitive: unknown): unknown[] {
  const get = attributeGetter(attribute, fallback ?? undefined);
  const key = sortKey(caseSensitive);
  const keyOf = (item: unknown) => key(get(item));
  const groups: { key: unknown; items: unknown[] }[] = [];
  for (const item of sortedBy([...toIterable(value)], keyOf, false)) {
    const itemKey = keyOf(item);
    const last = groups[groups.length - 1];
    if (last && pyEquals(last.key, itemKey)) last.items.push(item);
    else groups.push({ key: itemKey, items: [item] });
  }
  return groups.map(({ items }) => makeNamedTuple([get(items[0]), items], ["grouper", "list"]));
}

/** `slice(n, fill_with=None)`: n columns, the first ones one item longer, short ones padded with fill_with. */
function sliceInto(value: unknown, count: unknown, fillWith: unknown): unknown[][] {
  const items = [...toIterable(value)];
  const slices = toNumber(count);
  if (slices <= 0) throw new TemplateRuntimeError("slice count must be positive");
  const perSlice = Math.floor(items.length / slices);
  const withExtra = items.length % slices;
  const result: unknown[][] = [];
  let offset = 0;
  for (let i = 0; i < slices; i++) {
    const start = offset + i * perSlice;
    if (i < withExtra) offset++;
    const column = items.slice(start, offset + (i + 1) * perSlice);
    if (fillWith !== undefined && fillWith !== null && i >= withExtra) column.push(fillWith);
    result.push(column);
  }
  return result;
}

export const SEQUENCE_FILTERS: Record<string, FilterSpec> = {
  groupby: filter(["attribute", "default", "case_sensitive"], (value, [attribute, fallback, caseSensitive]) =>
    groupby(value, attribute, fallback, isTruthy(caseSensitive)),
  ),
  slice: filter(["slices", "fill_with"], (value, [count, fillWith]) => sliceInto(value, count, fillWith)),
  pprint: filter([], (value) => prettyFormat(value)),
};
