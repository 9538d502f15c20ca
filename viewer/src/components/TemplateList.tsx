/** The "Templates" section of a library or local-app view: links to each template of its own. */
import type { TemplateInfo } from "../data/templates.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";

export function TemplateList({ id, list, empty }: { id: string; list: TemplateInfo[]; empty: string }) {
  return (
    <section aria-labelledby={anchorId(id, "templates")}>
      <Heading level={2} id={anchorId(id, "templates")} title="Templates" />
      {list.length ? (
        <ul>
          {list.map((t) => (
            <li key={t.id}>
              <Link view={{ kind: "template", id: t.id }}>{t.path}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{empty}</p>
      )}
    </section>
  );
}
