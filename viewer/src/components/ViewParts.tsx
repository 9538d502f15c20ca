/** The parts the record views are built of: the frame with title and update link, the entry list, a sample's fold. */
import { useState, type ReactNode } from "react";
import type { Sample } from "../data/catalogue.js";
import { Heading, anchorId } from "./Heading.js";
import { UpdateLink } from "./UpdateLink.js";

interface ViewFrameProps {
  /** The kind of record (`data-view`, and the first part of the title's anchor). */
  kind: string;
  id: string;
  title: string;
  /** The repository file the record comes from, for the update link. */
  source: string;
  children: ReactNode;
}

export function ViewFrame({ kind, id, title, source, children }: ViewFrameProps) {
  return (
    <article className="view" data-view={kind}>
      <header className="view-header">
        <Heading level={1} id={anchorId(kind, id)} title={title} />
        <UpdateLink source={source} />
      </header>
      {children}
    </article>
  );
}

interface EntrySectionProps {
  id: string;
  title?: string;
  /** The anchor's last part. */
  anchor?: string;
  /** What the record's id is called (a library's is its key). */
  idLabel?: string;
  /** More `dt`/`dd` pairs. */
  children: ReactNode;
}

/** A record's catalogue entry as a list of fields, its id first. */
export function EntrySection({
  id,
  title = "Catalogue entry",
  anchor = "entry",
  idLabel = "id",
  children,
}: EntrySectionProps) {
  return (
    <section aria-labelledby={anchorId(id, anchor)}>
      <Heading level={2} id={anchorId(id, anchor)} title={title} />
      <dl className="fields">
        <dt>{idLabel}</dt>
        <dd>
          <code>{id}</code>
        </dd>
        {children}
      </dl>
    </section>
  );
}

interface SampleFoldProps {
  /** The record whose view lists the sample (its anchor's first part). */
  owner: string;
  sample: Sample;
  open: boolean;
  caption: string;
  /** The sample's content, rendered only while it is open. */
  children: () => ReactNode;
}

/** One sample record in a view's list: a fold with an anchor, its notes, and what the view shows for it. */
export function SampleFold({ owner, sample, open, caption, children }: SampleFoldProps) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details
      open={isOpen}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-sample={sample.name}
    >
      <summary>
        <span id={anchorId(owner, "sample", sample.name)}>{sample.name}</span>{" "}
        <span className="muted">{caption}</span>
      </summary>
      {sample.notes ? <p className="muted">{sample.notes}</p> : null}
      {isOpen ? children() : null}
    </details>
  );
}

/** A table's column headings. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Problems as `file:line:col message` lines, the generator's words (none: nothing is shown). */
export function Diagnostics({ errors, testId = "template-errors" }: { errors: Problem[]; testId?: string }) {
  if (!errors.length) return null;
  return (
    <div className="error" role="alert" data-testid={testId}>
      {errors.map((e, i) => (
        <div key={i}>
          <code>
            {e.file}:{e.line}:{e.col}
          </code>{" "}
          {e.message}
        </div>
      ))}
    </div>
  );
}

/** A problem the generator found, at its place in a file. */
interface Problem {
  file: string;
  line: number;
  col: number;
  message: string;
}
