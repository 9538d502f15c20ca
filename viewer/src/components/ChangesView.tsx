/**
 * The reviewer's view of a change: a `hubkit diff --format json` report, loaded from a file (it stays in this
 * browser tab), shown as counts by group, filters, and every changed snippet side by side in Monaco's diff editor
 * with a link to each file that caused it. Works offline: nothing is fetched.
 */
import { Suspense, useEffect, useMemo, useState } from "react";
import { CHANGES_REPORT_PATH } from "../../changes-plugin.js";
import {
  changeAnchors,
  changeTitle,
  countsByGroup,
  filterChanges,
  filterChoices,
  FILTER_FIELDS,
  parseReport,
  type Change,
  type ChangeFilters,
  type Report,
} from "../data/changes.js";
import { Heading } from "./Heading.js";
import { DiffEditor } from "./LazyEditor.js";
import { useMonacoTheme } from "./theme.js";
import { UpdateLink } from "./UpdateLink.js";
import { TableHead } from "./ViewParts.js";

const STORAGE_KEY = "hubkit-viewer:changes-report";
const MONACO_LANGUAGE: Record<string, string> = { python: "python", js: "javascript", sh: "shell" };

function storedReport(): Report | undefined {
  const text = sessionStorage.getItem(STORAGE_KEY);
  const parsed = text ? parseReport(text) : undefined;
  return parsed && "report" in parsed ? parsed.report : undefined;
}

/**
 * The report `npm start -- --base <git-ref>` serves, if the viewer runs under it (a static build serves none: the
 * request fails and the view waits for a file).
 */
async function servedReport(): Promise<Report | undefined> {
  try {
    const res = await fetch(`.${CHANGES_REPORT_PATH}`);
    const parsed = res.ok ? parseReport(await res.text()) : undefined;
    return parsed && "report" in parsed ? parsed.report : undefined;
  } catch {
    return undefined;
  }
}

export function ChangesView() {
  const [report, setReport] = useState<Report | undefined>(storedReport);
  const [error, setError] = useState<string>();
  // A served report is the one the viewer was started for: it replaces one loaded earlier in this tab.
  useEffect(() => {
    let current = true;
    void servedReport().then((served) => current && served && setReport(served));
    return () => {
      current = false;
    };
  }, []);
  const load = async (file: File) => {
    const text = await file.text();
    const parsed = parseReport(text);
    if ("error" in parsed) return setError(`${file.name}: ${parsed.error}`);
    setError(undefined);
    sessionStorage.setItem(STORAGE_KEY, text);
    setReport(parsed.report);
  };
  return (
    <article className="view" data-view="changes">
      <header className="view-header">
        <Heading level={1} id="changes" title="Changes" />
      </header>
      <p>
        Start the viewer with <code>npm start -- --base main</code> (any git revision), or load the report of{" "}
        <code>hubkit diff --format json --out report.json</code>: every snippet a change alters on the sample
        records' model pages, against a base revision.
      </p>
      <label className="file-input">
        Report file{" "}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => e.target.files?.[0] && void load(e.target.files[0])}
        />
      </label>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? <ReportView report={report} /> : <p className="empty">No report loaded.</p>}
    </article>
  );
}

function ReportView({ report }: { report: Report }) {
  const [filters, setFilters] = useState<ChangeFilters>({});
  const choices = useMemo(() => filterChoices(report.changes), [report]);
  const shown = useMemo(() => filterChanges(report.changes, filters), [report, filters]);
  const anchors = useMemo(() => changeAnchors(report.changes), [report]);
  return (
    <>
      <p className="muted">
        Base <code>{report.base.slice(0, 12)}</code> → <code>{report.head}</code>
      </p>
      <Summary changes={report.changes} />
      <form className="controls" aria-label="Filter the changes" onSubmit={(e) => e.preventDefault()}>
        {FILTER_FIELDS.map((field) => (
          <label key={field}>
            {field}
            <select
              value={filters[field] ?? ""}
              onChange={(e) => setFilters({ ...filters, [field]: e.target.value || undefined })}
              disabled={!choices[field].length}
            >
              <option value="">all</option>
              {choices[field].map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        ))}
      </form>
      <p role="status">
        {shown.length} of {report.changes.length} changed snippets
      </p>
      {shown.map((change) => (
        <ChangeDiff key={anchors.get(change)} id={anchors.get(change)!} change={change} />
      ))}
    </>
  );
}

function Summary({ changes }: { changes: Change[] }) {
  const counts = countsByGroup(changes);
  return (
    <table className="summary" data-testid="changes-summary">
      <TableHead columns={["group", "added", "removed", "changed"]} />
      <tbody>
        {Object.entries(counts).map(([group, n]) => (
          <tr key={group}>
            <th scope="row">{group}</th>
            <td className="num">{n.added}</td>
            <td className="num">{n.removed}</td>
            <td className="num">{n.changed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChangeDiff({ id, change }: { id: string; change: Change }) {
  const theme = useMonacoTheme();
  const before = change.before ?? "";
  const after = change.after ?? "";
  const lines = Math.max(before.split("\n").length, after.split("\n").length);
  return (
    <section aria-labelledby={id} data-testid="change">
      <Heading level={2} id={id} title={changeTitle(change)} />
      <p>
        {change.sources.map((source) => (
          <UpdateLink key={source} source={source} />
        ))}
      </p>
      <div className="code-editor" style={{ height: Math.min(40, lines + 1) * 19 + 16 }}>
        <Suspense fallback={<FallbackDiff before={before} after={after} />}>
          <DiffEditor
            original={before}
            modified={after}
            language={MONACO_LANGUAGE[change.language ?? ""] ?? "plaintext"}
            theme={theme}
            loading={<FallbackDiff before={before} after={after} />}
            // The component would dispose the two models before the widget lets go of them when a filter
            // unmounts it (Monaco: "TextModel got disposed before DiffEditorWidget model got reset").
            keepCurrentOriginalModel
            keepCurrentModifiedModel
            options={{
              readOnly: true,
              renderSideBySide: true,
              useInlineViewWhenSpaceIsLimited: false,
              minimap: { enabled: false },
              automaticLayout: true,
            }}
          />
        </Suspense>
      </div>
    </section>
  );
}

/** Before and after as plain text, while Monaco loads (and for find-in-page). */
function FallbackDiff({ before, after }: { before: string; after: string }) {
  return (
    <div className="diff-fallback">
      <pre aria-label="before">{before}</pre>
      <pre aria-label="after">{after}</pre>
    </div>
  );
}
