/** Reads YAML files keeping source positions, so any later error can name file:line:col. */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node,
  type YAMLError,
} from "yaml";
import type { Diagnostic } from "./diagnostics.js";

export interface YamlSource<T = unknown> {
  /** Path relative to the project root. */
  file: string;
  /** The file's text as read. */
  text: string;
  data: T;
  /** Line and column (1-based) of the value at a JSON pointer, or of its nearest existing parent. */
  locate(pointer: string, { key }?: { key?: boolean }): { line: number; col: number };
}

/** A catalogue file's name without folder and `.yaml`: the id its record must have. */
export const fileStem = (file: string): string => file.replace(/^.*\//, "").replace(/\.yaml$/, "");

export type LoadResult<T> = { ok: true; source: YamlSource<T> } | { ok: false; diagnostics: Diagnostic[] };

export function parseYaml<T = unknown>(file: string, text: string): LoadResult<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      diagnostics: doc.errors.map((error) => {
        const { offset, message } = describeYamlError(doc, error, (o) => lineCounter.linePos(o).line);
        const { line, col } = lineCounter.linePos(offset);
        return { file, line, col, message, rule: `yaml/${error.code}` };
      }),
    };
  }
  const position = (offset: number) => lineCounter.linePos(offset);
  let data: T;
  try {
    data = doc.toJS() as T;
  } catch (error) {
    // Resolving aliases is the one step of toJS that refuses a parsed document.
    const { offset, message } = describeAliasError(doc, error);
    return { ok: false, diagnostics: [{ file, ...position(offset), message, rule: "yaml/ALIAS" }] };
  }
  return {
    ok: true,
    source: {
      file,
      text,
      data,
      locate: (pointer, { key = false } = {}) => position(offsetOf(doc, pointer, key)),
    },
  };
}

/**
 * The message and position of a YAML error. The parser reports an unclosed quote or flow collection where the
 * file ends; the place to fix is where it opens, so such errors point there. Duplicate keys name the key.
 */
function describeYamlError(
  doc: Document,
  error: YAMLError,
  lineOf: (offset: number) => number,
): { offset: number; message: string } {
  const first = error.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  const offset = error.pos[0];
  if (error.code === "DUPLICATE_KEY") {
    const keys = duplicateKey(doc, offset);
    const message = keys
      ? `duplicate key "${keys.name}" (first at line ${lineOf(keys.firstOffset)}); a key may appear once per mapping`
      : "duplicate key: a key appears twice in this mapping";
    return { offset, message };
  }
  const unclosed = error.code === "MISSING_CHAR" || /end with an? [\]}]/.test(first);
  return {
    offset: unclosed ? (openingOffset(doc, offset) ?? offset) : offset,
    message: `invalid YAML: ${first}`,
  };
}

/**
 * Why the aliases (`*name`) of a document could not be resolved, and where: an alias with no anchor (`&name`)
 * before it, or aliases nested so that the data would expand enormously (a "billion laughs" file, refused by the
 * YAML reader past 100 alias uses), shown at the file's first alias.
 */
function describeAliasError(doc: Document, error: unknown): { offset: number; message: string } {
  const aliases: Alias[] = [];
  const anchors = new Set<string>();
  let unresolved: Alias | undefined;
  visit(doc, {
    Node(_, node) {
      if (isAlias(node)) {
        aliases.push(node);
        if (!anchors.has(node.source)) unresolved ??= node;
      } else if (node.anchor) anchors.add(node.anchor);
    },
  });
  if (unresolved)
    return {
      offset: unresolved.range?.[0] ?? 0,
      message: `invalid YAML: alias *${unresolved.source} has no anchor &${unresolved.source} before it`,
    };
  const detail = error instanceof Error ? error.message : String(error);
  return {
    offset: aliases[0]?.range?.[0] ?? 0,
    message: /excessive alias count/i.test(detail)
      ? "invalid YAML: the aliases of this file expand to too much data (more than 100 alias uses; nested anchors and aliases multiply); write the values out"
      : `invalid YAML: ${detail}`,
  };
}

/** The key at `offset` that repeats an earlier key of the same mapping, with the earlier one's offset. */
function duplicateKey(doc: Document, offset: number): { name: string; firstOffset: number } | undefined {
  let found: { name: string; firstOffset: number } | undefined;
  visit(doc, {
    Map(_, map) {
      const pairs = map.items.filter((p) => isScalar(p.key));
      const repeated = pairs.find((p) => (p.key as Node).range?.[0] === offset);
      if (!repeated) return undefined;
      const name = String((repeated.key as { value: unknown }).value);
      const earlier = pairs.find((p) => String((p.key as { value: unknown }).value) === name);
      found = { name, firstOffset: (earlier!.key as Node).range?.[0] ?? offset };
      return visit.BREAK;
    },
  });
  return found;
}

/** Start of the innermost node that runs up to `offset` (an unclosed scalar or flow collection). */
function openingOffset(doc: Document, offset: number): number | undefined {
  let start: number | undefined;
  visit(doc, {
    Node(_, node) {
      const range = node.range;
      if (range && range[0] < offset && offset <= range[1] && (start === undefined || range[0] >= start))
        start = range[0];
    },
  });
  return start;
}

/** Offset of the node at `pointer`, walking as far as the document goes. With `key`, the key of the last step. */
function offsetOf(doc: Document, pointer: string, key: boolean): number {
  const steps =
    pointer === ""
      ? []
      : pointer
          .slice(1)
          .split("/")
          .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: Node | null | undefined = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const [index, step] of steps.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === step);
      if (!pair) break;
      const keyNode = pair.key as Node;
      const last = index === steps.length - 1;
      node = pair.value as Node | null;
      // `key:` with nothing after it has an empty value node at the end of the line; the key is the place to show.
      const empty = !node?.range || node.range[0] === node.range[1];
      offset = (last && key) || empty ? (keyNode.range?.[0] ?? offset) : node!.range![0];
    } else if (isSeq(node)) {
      const item = node.items[Number(step)] as Node | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}
