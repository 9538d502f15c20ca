export { closest } from "../src/did-you-mean.js";

/** A problem found in a catalogue or template file, printed as `path:line:col  error  message  [rule]`. */
export interface Diagnostic {
  /** Path relative to the project root, with forward slashes. */
  file: string;
  line: number;
  col: number;
  message: string;
  /** The schema location or check that produced it, e.g. task.schema.json#/properties/modality. */
  rule?: string;
  tip?: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.line}:${d.col}  error  ${d.message}${d.rule ? `  [${d.rule}]` : ""}`;
  return d.tip ? `${head}\n  tip: ${d.tip}` : head;
}

/** Sorted by file, then position, so output is stable whatever order the checks ran in. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) =>
    a.file === b.file
      ? a.line - b.line || a.col - b.col || a.message.localeCompare(b.message)
      : a.file < b.file
        ? -1
        : 1,
  );
}

/** Thrown by the generator when any diagnostic was found; carries all of them. */
export class CatalogueError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(
      `${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"} in the catalogue:\n` +
        sortDiagnostics(diagnostics).map(formatDiagnostic).join("\n"),
    );
    this.name = "CatalogueError";
  }
}
