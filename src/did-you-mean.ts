/** Suggestions for a mistyped name: the generator's diagnostics and the runtime's errors both use them. */

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

/** ` (did you mean "x"?)` for the closest known name (or the one known name that extends `word`), else "". */
export function didYouMean(word: string, known: readonly string[]): string {
  const extending = known.filter((name) => name.startsWith(word));
  const guess = closest(word, known) ?? (extending.length === 1 ? extending[0] : undefined);
  return guess ? ` (did you mean "${guess}"?)` : "";
}
