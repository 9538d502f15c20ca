/**
 * The review report as text (a terminal), markdown (a pull-request comment: a summary table, then one collapsed
 * section per changed file with the unified diff of every snippet it changed) or JSON (the viewer's input).
 */
import { createTwoFilesPatch } from "diff";
import type { Change, Report } from "./report.js";

export type ReportFormat = "text" | "markdown" | "json";
export const REPORT_FORMATS: readonly ReportFormat[] = ["text", "markdown", "json"];

export function formatReport(report: Report, format: ReportFormat): string {
  if (format === "json") return `${JSON.stringify(report, null, 2)}\n`;
  return format === "markdown" ? markdown(report) : text(report);
}

/** Where a snippet shows: "sample · inference python/requests (together, direct)". */
export function label(c: Change): string {
  if (c.group === "library") return `${c.sample} · library ${c.library}`;
  if (c.group === "local-app") return `${c.sample} · local app ${c.app}`;
  return `${c.sample} · inference ${c.language}/${c.client} (${c.provider}, ${c.view})`;
}

/** The unified diff of one snippet, before -> after. */
export function unifiedDiff(c: Change): string {
  const patch = createTwoFilesPatch("before", "after", withNewline(c.before), withNewline(c.after), "", "", {
    context: 3,
  });
  // The two header lines name the sides; the hunks say the rest.
  return patch.split("\n").slice(3).join("\n").trimEnd();
}

const withNewline = (s: string | undefined) => (s === undefined ? "" : s.endsWith("\n") ? s : `${s}\n`);

function summaryLine({ summary, base, head }: Report): string {
  const { added, removed, changed } = summary;
  return `${changed} changed, ${added} added, ${removed} removed snippets (${head} against ${base.slice(0, 10)})`;
}

/** Changes grouped by the file that caused them (a change caused by two files is listed under each). */
function bySource(changes: Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const c of changes)
    for (const source of c.sources.length ? c.sources : ["(no changed file explains it)"]) {
      if (!groups.has(source)) groups.set(source, []);
      groups.get(source)!.push(c);
    }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

function text(report: Report): string {
  const lines = [summaryLine(report)];
  for (const [source, changes] of bySource(report.changes)) {
    lines.push("", `== ${source}: ${changes.length} snippet${changes.length === 1 ? "" : "s"}`);
    for (const c of changes) lines.push("", `-- ${c.kind}: ${label(c)}`, unifiedDiff(c));
  }
  return `${lines.join("\n")}\n`;
}

function markdown(report: Report): string {
  const groups = ["inference", "library", "local-app"] as const;
  const row = (kind: Change["kind"]) =>
    `| ${kind} | ${groups.map((g) => report.changes.filter((c) => c.kind === kind && c.group === g).length).join(" | ")} |`;
  const lines = [
    `### Snippets changed by this branch`,
    "",
    summaryLine(report),
    "",
    `| | ${groups.join(" | ")} |`,
    `| --- | ${groups.map(() => "---:").join(" | ")} |`,
    row("changed"),
    row("added"),
    row("removed"),
  ];
  for (const [source, changes] of bySource(report.changes)) {
    lines.push("", `<details><summary><code>${source}</code>: ${changes.length} snippets</summary>`, "");
    for (const c of changes) {
      const diff = unifiedDiff(c);
      // A fence longer than any run of backticks in the snippet, so a snippet's own fences stay inside.
      const fence = "`".repeat(Math.max(3, ...[...diff.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      lines.push(`**${c.kind}**: ${label(c)}`, "", `${fence}diff`, diff, fence, "");
    }
    lines.push("</details>");
  }
  return `${lines.join("\n")}\n`;
}
