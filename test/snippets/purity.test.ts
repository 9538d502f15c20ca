/** getInferenceSnippets has no hidden state: the whole matrix in two different orders gives identical results. */
import { describe, expect, it } from "vitest";
import { getInferenceSnippet, getInferenceSnippets } from "../../src/snippets/index.js";
import { fullMatrix, type SnippetCase } from "./matrix.js";
import { MATRIX_LOG, withErrorLog } from "./matrix-log.js";

function run(cases: SnippetCase[]): Map<string, string> {
  return new Map(
    cases.map((c) => [c.name, JSON.stringify(getInferenceSnippets(c.model, c.provider, c.mapping, c.opts))]),
  );
}

/** A fixed pseudo-random permutation (mulberry32), so a failure reproduces. */
function shuffle<T>(list: T[], seed = 42): T[] {
  const out = [...list];
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe("purity", () => {
  const matrix = fullMatrix();
  it(`the matrix (${matrix.length} cases) in order, reversed and shuffled gives the same snippets`, () => {
    const { result: runs, logged } = withErrorLog(() =>
      [matrix, [...matrix].reverse(), shuffle(matrix)].map(run),
    );
    expect(logged).toEqual(MATRIX_LOG);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it("each snippet of a call is the snippet of its client asked for alone (what a call shares changes nothing)", () => {
    let compared = 0;
    const { result: calls, logged } = withErrorLog(() =>
      matrix.map((c) => ({ c, snippets: getInferenceSnippets(c.model, c.provider, c.mapping, c.opts) })),
    );
    expect(logged).toEqual(MATRIX_LOG);
    for (const { c, snippets } of calls) {
      for (const s of snippets) {
        expect(
          getInferenceSnippet(s.language, s.client, c.model, c.provider, c.mapping, c.opts).content,
          `${c.name} ${s.language}/${s.client}`,
        ).toBe(s.content);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it("a call does not change its arguments", () => {
    for (const c of matrix.slice(0, 200)) {
      const before = JSON.stringify(c);
      getInferenceSnippets(c.model, c.provider, c.mapping, c.opts);
      expect(JSON.stringify(c)).toBe(before);
    }
  });
});
