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

/** The closest of `known` to `word` by edit distance, when it is close enough to be a likely typo. */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of known) {
    const d = editDistance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
