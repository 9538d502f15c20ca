/**
 * Python's pprint.pformat (width 80, dicts sorted by key), which jinja2's `pprint` filter prints: the repr when it
 * fits, else containers one item per line and long strings split at spaces into adjacent literals.
 */
import { pySplitLines } from "./methods.js";
import { pyRepr } from "./python-format.js";
import { isMapping, isTuple, mappingEntries, pyCompare } from "./values.js";

const WIDTH = 80;

function sortedEntries(value: Map<unknown, unknown> | Record<string, unknown>): [unknown, unknown][] {
  const entries = mappingEntries(value);
  try {
    return [...entries].sort(([a], [b]) => pyCompare(a, b));
  } catch {
    return entries; // keys of mixed types: pprint falls back to an order of its own; keep insertion order
  }
}

/** repr() with every dict's keys sorted, as pprint's safe repr writes it. */
function sortedRepr(value: unknown): string {
  if (isMapping(value))
    return `{${sortedEntries(value)
      .map(([key, item]) => `${sortedRepr(key)}: ${sortedRepr(item)}`)
      .join(", ")}}`;
  if (Array.isArray(value)) {
    const items = value.map(sortedRepr);
    if (!isTuple(value)) return `[${items.join(", ")}]`;
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
  }
  return pyRepr(value);
}

class PrettyPrinter {
  out = "";

  format(value: unknown, indent: number, allowance: number, level: number): void {
    const repr = sortedRepr(value);
    if (repr.length <= WIDTH - indent - allowance) {
      this.out += repr;
    } else if (isMapping(value) && sortedEntries(value).length) {
      this.out += "{";
      this.dictItems(sortedEntries(value), indent + 1, allowance + 1, level + 1);
      this.out += "}";
    } else if (Array.isArray(value) && value.length) {
      const close = isTuple(value) ? (value.length === 1 ? ",)" : ")") : "]";
      this.out += isTuple(value) ? "(" : "[";
      this.items(value, indent, allowance + close.length, level + 1);
      this.out += close;
    } else if (typeof value === "string" && value) {
      this.string(value, indent, allowance, level + 1, repr);
    } else {
      this.out += repr;
    }
  }

  private dictItems(entries: [unknown, unknown][], indent: number, allowance: number, level: number): void {
    entries.forEach(([key, item], i) => {
      const last = i === entries.length - 1;
      const keyRepr = sortedRepr(key);
      this.out += keyRepr + ": ";
      this.format(item, indent + keyRepr.length + 2, last ? allowance : 1, level);
      if (!last) this.out += ",\n" + " ".repeat(indent);
    });
  }

  private items(items: unknown[], indent: number, allowance: number, level: number): void {
    const inner = indent + 1;
    items.forEach((item, i) => {
      if (i > 0) this.out += ",\n" + " ".repeat(inner);
      this.format(item, inner, i === items.length - 1 ? allowance : 1, level);
    });
  }

  /** A long string as adjacent literals, one per line, split after runs of spaces (pprint's _pprint_str). */
  private string(text: string, indent: number, allowance: number, level: number, whole: string): void {
    const atTop = level === 1;
    const width = WIDTH - indent - (atTop ? 1 : 0);
    const lastAllowance = allowance + (atTop ? 1 : 0);
    const chunks: string[] = [];
    const lines = pySplitLines(text, true);
    lines.forEach((line, i) => {
      const isLastLine = i === lines.length - 1;
      const repr = pyRepr(line);
      if (repr.length <= width - (isLastLine ? lastAllowance : 0)) return void chunks.push(repr);
      const parts = line.match(/\S*\s*/g)!.slice(0, -1);
      let current = "";
      parts.forEach((part, j) => {
        const limit = width - (isLastLine && j === parts.length - 1 ? lastAllowance : 0);
        if (pyRepr(current + part).length > limit) {
          if (current) chunks.push(pyRepr(current));
          current = part;
        } else current += part;
      });
      if (current) chunks.push(pyRepr(current));
    });
    if (chunks.length === 1) return void (this.out += whole);
    const body = chunks.join("\n" + " ".repeat(indent + (atTop ? 1 : 0)));
    this.out += atTop ? `(${body})` : body;
  }
}

export function prettyFormat(value: unknown): string {
  const printer = new PrettyPrinter();
  printer.format(value, 0, 0, 0);
  return printer.out;
}
