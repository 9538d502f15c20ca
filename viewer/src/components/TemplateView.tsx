/** A template: its source, and (once the project's template compiler is on main) its rendered preview. */
import { templateById } from "../data/catalogue";
import { CodeBlock } from "./CodeBlock";
import { Heading, anchorId } from "./Heading";
import { NotFound } from "./TaskView";
import { UpdateLink } from "./UpdateLink";

export function TemplateView({ id }: { id: string }) {
  const t = templateById(id);
  if (!t) return <NotFound what="template" id={id} />;
  return (
    <article className="view" data-view="template">
      <header className="view-header">
        <Heading level={1} id={anchorId("template", id)} title={t.path} />
        <UpdateLink source={t.path} />
      </header>
      <section aria-labelledby={anchorId(id, "source")}>
        <Heading level={2} id={anchorId(id, "source")} title="Source" />
        <CodeBlock code={t.source} language="handlebars" label={t.path} testId="template-source" />
      </section>
    </article>
  );
}
