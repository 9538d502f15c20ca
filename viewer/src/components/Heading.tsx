/** A heading of level 1–6 whose anchor links to '#' + id, so any section can be linked. */
import type { ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingProps {
  title: ReactNode;
  /** Local anchor id; the heading carries it as its element id. */
  id: string;
  level: HeadingLevel;
  /** Extra content after the title (e.g. an update link). */
  children?: ReactNode;
}

export function Heading({ title, id, level, children }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className="heading">
      <a className="anchor" href={`#${id}`} aria-label={`Link to this section`} title="Link to this section">
        #
      </a>
      <span className="heading-title">{title}</span>
      {children}
    </Tag>
  );
}

/** A stable, URL-safe anchor id from any text. */
export function anchorId(...parts: string[]): string {
  return parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
