/** Reads YAML files keeping source positions, so any later error can name file:line:col. */
import { readFileSync } from "node:fs";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
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

export type LoadResult<T> = { ok: true; source: YamlSource<T> } | { ok: false; diagnostics: Diagnostic[] };

export function loadYaml<T = unknown>(root: string, file: string): LoadResult<T> {
  const text = readFileSync(`${root}/${file}`, "utf8");
  return parseYaml<T>(file, text);
}

export function parseYaml<T = unknown>(file: string, text: string): LoadResult<T> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      diagnostics: doc.errors.map((error) => {
        const { line, col } = lineCounter.linePos(error.pos[0]);
        return { file, line, col, message: describeYamlError(error.code, error.message), rule: `yaml/${error.code}` };
      }),
    };
  }
  const position = (offset: number) => lineCounter.linePos(offset);
  return {
    ok: true,
    source: {
      file,
      text,
      data: doc.toJS() as T,
      locate: (pointer, { key = false } = {}) => position(offsetOf(doc, pointer, key)),
    },
  };
}

function describeYamlError(code: string, message: string): string {
  const first = message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
  if (code === "DUPLICATE_KEY") return `duplicate key: ${first.replace(/^Map keys must be unique;?\s*/, "") || "a key appears twice in this mapping"}`;
  return `invalid YAML: ${first}`;
}

/** Offset of the node at `pointer`, walking as far as the document goes. With `key`, the key of the last step. */
function offsetOf(doc: Document, pointer: string, key: boolean): number {
  const steps = pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: Node | null | undefined = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const [index, step] of steps.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === step);
      if (!pair) break;
      const keyNode = pair.key as Node;
      const last = index === steps.length - 1;
      node = pair.value as Node | null;
      offset = last && key ? (keyNode.range?.[0] ?? offset) : (node?.range?.[0] ?? keyNode.range?.[0] ?? offset);
    } else if (isSeq(node)) {
      const item = node.items[Number(step)] as Node | undefined;
      if (!item) break;
      node = item;
      offset = item.range?.[0] ?? offset;
    } else break;
  }
  return offset;
}
