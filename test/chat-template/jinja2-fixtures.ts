/**
 * jinja2's outputs recorded for every differential case, so the comparison runs on machines without jinja2.
 * One file per suite under test/fixtures/jinja2/, written by `npm run fixtures:jinja2` (record-jinja2.ts). A case
 * is found by a hash of what jinja2 was given (clock, template, context): a case that is new or changed has no
 * entry, and the test says to run the script again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FIXED_NOW, type ReferenceCase, type ReferenceResult } from "./jinja2.js";

export const RECORD_COMMAND = "npm run fixtures:jinja2";

export type SuiteName = "corpus" | "real-templates" | "whitespace";

export interface SuiteCase {
  /** The test's name for the case (also written beside its result, for people reading the fixture). */
  label: string;
  reference: ReferenceCase;
  /** A deliberate difference from jinja2: the engines must then differ (corpus.ts). */
  difference?: string;
}

export interface ReferenceSuite {
  name: SuiteName;
  cases: SuiteCase[];
}

export interface Recorded {
  /** "jinja2 3.1.6, Python 3.11.7". */
  recordedWith: string;
  results: Map<string, ReferenceResult>;
  /** The label each key was recorded under. */
  labels: Map<string, string>;
}

type FixtureEntry = { case: string } & ReferenceResult;

const fixtureDir = fileURLToPath(new URL("../fixtures/jinja2/", import.meta.url));

/** Relative to the repository root, for messages. */
export function fixturePath(suite: SuiteName): string {
  return `test/fixtures/jinja2/${suite}.json`;
}

export function caseKey(reference: ReferenceCase): string {
  const input = JSON.stringify([FIXED_NOW, reference.template, reference.context]);
  return createHash("sha256").update(input).digest("hex").slice(0, 16);
}

export function loadRecorded(suite: SuiteName): Recorded | undefined {
  const file = fixtureDir + `${suite}.json`;
  if (!existsSync(file)) return undefined;
  const { recordedWith, results } = JSON.parse(readFileSync(file, "utf8")) as {
    recordedWith: string;
    results: Record<string, FixtureEntry>;
  };
  const recorded: Recorded = { recordedWith, results: new Map(), labels: new Map() };
  for (const [key, { case: label, ...result }] of Object.entries(results)) {
    recorded.results.set(key, result as ReferenceResult);
    recorded.labels.set(key, label);
  }
  return recorded;
}

/** One entry per line, in case order, so a re-recording shows as a readable diff. */
export function writeRecorded(
  suite: ReferenceSuite,
  results: ReferenceResult[],
  recordedWith: string,
): string {
  const lines = new Map<string, string>(); // cases with the same input share one entry
  suite.cases.forEach((c, i) => {
    const key = caseKey(c.reference);
    const entry: FixtureEntry = { case: c.label, ...results[i] };
    if (!lines.has(key)) lines.set(key, `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
  });
  const text = [
    "{",
    `  "recordedWith": ${JSON.stringify(recordedWith)},`,
    `  "regenerate": ${JSON.stringify(RECORD_COMMAND)},`,
    '  "results": {',
    [...lines.values()].join(",\n"),
    "  }",
    "}",
    "",
  ].join("\n");
  mkdirSync(fixtureDir, { recursive: true });
  writeFileSync(fixtureDir + `${suite.name}.json`, text);
  return fixturePath(suite.name);
}

export function missingMessage(suite: SuiteName, recorded: Recorded | undefined): string {
  const where = recorded
    ? `${fixturePath(suite)} has no entry for it`
    : `${fixturePath(suite)} does not exist`;
  return (
    `no recorded jinja2 output for this case (${where}: the case is new or changed since the fixtures were ` +
    `recorded). Run \`${RECORD_COMMAND}\` on a machine with Python's jinja2 and commit the result.`
  );
}
