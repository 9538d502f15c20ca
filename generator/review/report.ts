/**
 * The review report: what a change does to every snippet a model page shows, as added, removed and changed
 * snippets, each with the changed files that can have caused it. Pure: the two renders and the list of changed
 * files in, the report out.
 */
import type { PageSnippet } from "./page.js";

export interface Change {
  kind: "added" | "removed" | "changed";
  group: PageSnippet["group"];
  /** Repo-relative paths of the changed files that can have caused it. */
  sources: string[];
  sample: string;
  language?: string;
  client?: string;
  provider?: string;
  library?: string;
  app?: string;
  /** For inference snippets: the options of the page view (routed, direct, streaming). */
  view?: string;
  before?: string;
  after?: string;
}

export interface Report {
  base: string;
  head: string;
  summary: { added: number; removed: number; changed: number };
  changes: Change[];
}

export function compareRenders(
  before: PageSnippet[],
  after: PageSnippet[],
  changedFiles: string[],
): Pick<Report, "summary" | "changes"> {
  const old = new Map(before.map((s) => [s.key, s]));
  const now = new Map(after.map((s) => [s.key, s]));
  const changes: Change[] = [];
  for (const [key, s] of now) {
    const was = old.get(key);
    if (!was) changes.push(change("added", s, changedFiles, undefined, s.text));
    else if (was.text !== s.text) changes.push(change("changed", s, changedFiles, was.text, s.text));
  }
  for (const [key, s] of old) if (!now.has(key)) changes.push(change("removed", s, changedFiles, s.text));
  const count = (kind: Change["kind"]) => changes.filter((c) => c.kind === kind).length;
  return {
    summary: { added: count("added"), removed: count("removed"), changed: count("changed") },
    changes,
  };
}

function change(
  kind: Change["kind"],
  s: PageSnippet,
  changedFiles: string[],
  before?: string,
  after?: string,
): Change {
  const view = s.group === "inference" ? s.key.split(" ")[3] : undefined;
  const { group, sample, language, client, provider, library, app } = s;
  const fields = { group, sample, language, client, provider, library, app, view, before, after };
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { kind, sources: causes(s, changedFiles), ...defined } as Change;
}

/**
 * Which of the changed files can change this snippet: the files of its template, provider, task, library, local
 * app or sample; when none of those changed, the files no such rule covers (code, schemas, other catalogue data).
 */
export function causes(s: PageSnippet, changedFiles: string[]): string[] {
  const specific = changedFiles.filter((file) => affects(file, s));
  if (specific.length) return specific;
  return changedFiles.filter((file) => !RULED.test(file));
}

/** Files whose effect is limited to some snippets: `affects` says which. */
const RULED =
  /^(templates\/(inference|partials|libraries|local-apps)|catalogue\/(samples|providers|tasks|libraries|local-apps))\//;

function affects(file: string, s: PageSnippet): boolean {
  const [top, kind, a, b] = file.replace(/\.(yaml|hbs)$/, "").split("/");
  if (top === "catalogue" && kind === "samples") return a === s.sample;
  if (s.group === "inference") {
    if (top === "templates" && kind === "inference") return a === s.language && b === s.client;
    if (top === "templates" && kind === "partials") return a === s.language;
    if (top === "catalogue" && kind === "providers") return a === s.provider;
    if (top === "catalogue" && kind === "tasks") return a === s.task || a === "conversational";
  }
  if (s.group === "library")
    return (top === "templates" || top === "catalogue") && kind === "libraries" && a === s.library;
  if (s.group === "local-app")
    return (top === "templates" || top === "catalogue") && kind === "local-apps" && a === s.app;
  return false;
}
