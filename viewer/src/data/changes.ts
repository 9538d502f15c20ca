/**
 * A `hubkit diff --format json` report as the Changes view reads it: checked when loaded (a file that is not a
 * report says what is wrong with it), counted by group and kind, filtered by language, client, provider and
 * library. Pure.
 */
import type { Change, Report } from "../../../generator/review/report.js";

export type { Change, Report };

const KINDS = new Set(["added", "removed", "changed"]);
const GROUPS = ["inference", "library", "local-app"] as const;

/** The report in `text`, or an error naming the first thing that is not as `hubkit diff --format json` writes it. */
export function parseReport(text: string): { report: Report } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
  const report = value as Partial<Report> | null;
  if (report === null || typeof report !== "object" || Array.isArray(report))
    return { error: "expected an object with base, head, summary and changes (hubkit diff --format json)" };
  for (const field of ["base", "head"] as const)
    if (typeof report[field] !== "string") return { error: `${field}: expected a string` };
  if (!Array.isArray(report.changes)) return { error: "changes: expected a list" };
  for (const [i, change] of report.changes.entries()) {
    const problem = changeProblem(change);
    if (problem) return { error: `changes[${i}]: ${problem}` };
  }
  return { report: report as Report };
}

function changeProblem(change: Partial<Change> | null): string | undefined {
  if (change === null || typeof change !== "object") return "expected an object";
  if (!KINDS.has(change.kind as string)) return `kind: expected added, removed or changed`;
  if (!(GROUPS as readonly string[]).includes(change.group as string))
    return `group: expected ${GROUPS.join(", ")}`;
  if (typeof change.sample !== "string") return "sample: expected a string";
  if (!Array.isArray(change.sources)) return "sources: expected a list of paths";
  return undefined;
}

/** Counts of added, removed and changed snippets in each group. */
export function countsByGroup(
  changes: Change[],
): Record<(typeof GROUPS)[number], Record<Change["kind"], number>> {
  const counts = Object.fromEntries(
    GROUPS.map((g) => [g, { added: 0, removed: 0, changed: 0 }]),
  ) as ReturnType<typeof countsByGroup>;
  for (const change of changes) counts[change.group][change.kind] += 1;
  return counts;
}

export const FILTER_FIELDS = ["language", "client", "provider", "library"] as const;
export type ChangeFilters = Partial<Record<(typeof FILTER_FIELDS)[number], string>>;

/** The values each filter can take in this report, sorted. */
export function filterChoices(changes: Change[]): Record<(typeof FILTER_FIELDS)[number], string[]> {
  const values = (field: (typeof FILTER_FIELDS)[number]) =>
    [...new Set(changes.map((c) => c[field]).filter((v): v is string => typeof v === "string"))].sort();
  return Object.fromEntries(FILTER_FIELDS.map((field) => [field, values(field)])) as ReturnType<
    typeof filterChoices
  >;
}

export function filterChanges(changes: Change[], filters: ChangeFilters): Change[] {
  return changes.filter((c) =>
    FILTER_FIELDS.every((field) => !filters[field] || c[field] === filters[field]),
  );
}

/**
 * A stable anchor for each change of a report: its kind and sample, then what names the snippet; a name two
 * changes share (two snippets of one library on one sample) gets -2, -3, ... in report order.
 */
export function changeAnchors(changes: Change[]): Map<Change, string> {
  const seen = new Map<string, number>();
  return new Map(
    changes.map((c) => {
      const parts = [c.kind, c.sample, c.language, c.client, c.provider, c.library, c.app, c.view];
      const base = `change-${parts.filter(Boolean).join("-")}`.replace(/[^A-Za-z0-9_-]+/g, "-");
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return [c, n === 1 ? base : `${base}-${n}`];
    }),
  );
}

/** A short title for a change: what kind of snippet, where. */
export function changeTitle(change: Change): string {
  const what =
    change.group === "inference"
      ? [change.language, change.client, change.provider, change.view].filter(Boolean).join(" · ")
      : change.group === "library"
        ? `${change.library} library snippet`
        : `${change.app} local app`;
  return `${change.kind}: ${what} on ${change.sample}`;
}
