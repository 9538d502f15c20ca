/**
 * The differential comparison shared by the corpus, real-template and whitespace suites: hubkit's outcome for each
 * case against jinja2's recorded output (always), and against a live jinja2 as well where one is installed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  findLiveJinja2,
  JINJA2_TIMEOUT_MS,
  MIN_JINJA2,
  noLiveJinja2Reason,
  renderWithJinja2,
  type ReferenceResult,
} from "./jinja2.js";
import {
  caseKey,
  fixturePath,
  loadRecorded,
  missingMessage,
  RECORD_COMMAND,
  type ReferenceSuite,
} from "./jinja2-fixtures.js";

/** What hubkit did with a case. */
export type Outcome = { output: string } | { error: Error };

const search = findLiveJinja2();
const live = search.live;
/** Set by .ci/run: there, a missing live jinja2 is a broken install step, not a machine without one. */
const liveRequired = Boolean(process.env.HUBKIT_REQUIRE_LIVE_JINJA2);

export function expectSameAsJinja2(ours: Outcome, theirs: ReferenceResult, difference?: string): void {
  if (difference) {
    const summary = (o: Outcome | ReferenceResult) => ("error" in o ? "error" : o.output);
    expect(summary(ours), `documented difference: ${difference}`).not.toBe(summary(theirs));
  } else if ("error" in theirs) {
    expect(
      "error" in ours ? "error" : `output ${JSON.stringify(ours.output)}`,
      `jinja2 failed: ${theirs.error}`,
    ).toBe("error");
  } else {
    expect("error" in ours ? `error: ${ours.error.message}` : ours.output).toBe(theirs.output);
  }
}

/**
 * Registers the comparisons of a suite. `ours(i)` is hubkit's outcome for case i (called once per comparison;
 * callers compute outcomes once and index them).
 */
export function describeAgainstJinja2(suite: ReferenceSuite, ours: (i: number) => Outcome): void {
  const recorded = loadRecorded(suite.name);
  const keys = suite.cases.map((c) => caseKey(c.reference));
  const labelled = suite.cases.map((c, i) => [c.label, i] as const);

  describe(`${suite.name} against jinja2's recorded outputs (${fixturePath(suite.name)})`, () => {
    it("holds no entry for a case the suite no longer has", () => {
      const current = new Set(keys);
      const leftover = [...(recorded?.labels ?? [])].filter(([key]) => !current.has(key)).map(([, l]) => l);
      expect(leftover, `stale entries: run \`${RECORD_COMMAND}\``).toEqual([]);
    });

    it.each(labelled)("%s", (_, i) => {
      const theirs = recorded?.results.get(keys[i]);
      if (!theirs) throw new Error(missingMessage(suite.name, recorded));
      expectSameAsJinja2(ours(i), theirs, suite.cases[i].difference);
    });
  });

  if (!live) {
    const reason = noLiveJinja2Reason(search);
    if (liveRequired)
      it(`${suite.name}: a live jinja2 ${MIN_JINJA2} or newer is installed (HUBKIT_REQUIRE_LIVE_JINJA2 is set)`, () => {
        throw new Error(`no live jinja2 to compare with: ${reason}`);
      });
    else
      describe.skip(`${suite.name} against a live jinja2 (${reason})`, () => {
        it("is not run", () => {});
      });
    return;
  }

  describe(`${suite.name} against jinja2 ${live.version} run live (${live.python})`, () => {
    let results: ReferenceResult[] = [];
    beforeAll(() => {
      results = renderWithJinja2(
        live.python,
        suite.cases.map((c) => c.reference),
      );
    }, JINJA2_TIMEOUT_MS);

    it("prints what the recorded outputs say it prints", () => {
      const stale = suite.cases
        .filter((_, i) => JSON.stringify(recorded?.results.get(keys[i])) !== JSON.stringify(results[i]))
        .map((c) => c.label);
      expect(
        stale,
        `recorded with ${recorded?.recordedWith ?? "nothing"}; these cases differ from the jinja2 installed here: ` +
          `run \`${RECORD_COMMAND}\``,
      ).toEqual([]);
    });

    it.each(labelled)("%s", (_, i) => {
      expectSameAsJinja2(ours(i), results[i], suite.cases[i].difference);
    });
  });
}
