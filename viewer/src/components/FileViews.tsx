/** Provider and sample-record views: the file as the catalogue holds it, with links to what it refers to. */
import { stringify } from "yaml";
import {
  libraries,
  pipelines,
  providerTitle,
  providers,
  sampleLibrary,
  sampleModel,
  samplePipeline,
  samples,
} from "../data/catalogue.js";
import { CodeBlock } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { NotFound } from "./TaskView.js";
import { UpdateLink } from "./UpdateLink.js";

function providerTasks(data: unknown): string[] {
  const tasks = data && typeof data === "object" ? (data as Record<string, unknown>).tasks : undefined;
  if (Array.isArray(tasks)) return tasks.map(String);
  return tasks && typeof tasks === "object" ? Object.keys(tasks) : [];
}

export function ProviderView({ id }: { id: string }) {
  const file = providers.find((f) => f.name === id);
  if (!file) return <NotFound what="provider" id={id} />;
  const tasks = providerTasks(file.data);
  return (
    <article className="view" data-view="provider">
      <header className="view-header">
        <Heading level={1} id={anchorId("provider", id)} title={providerTitle(file) ?? id} />
        <UpdateLink source={file.source} />
      </header>
      {file.error ? (
        <p className="error" role="alert">
          {file.source} does not parse: {file.error}
        </p>
      ) : null}
      <section aria-labelledby={anchorId(id, "tasks")}>
        <Heading level={2} id={anchorId(id, "tasks")} title={`Tasks served (${tasks.length})`} />
        {tasks.length ? (
          <ul className="chips">
            {tasks.map((t) => (
              <li key={t}>
                {pipelines[t] ? <Link view={{ kind: "task", id: t }}>{pipelines[t].name}</Link> : t}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No tasks listed.</p>
        )}
      </section>
      <section aria-labelledby={anchorId(id, "file")}>
        <Heading level={2} id={anchorId(id, "file")} title="Catalogue file" />
        <CodeBlock code={stringify(file.data ?? null)} language="yaml" label={file.source} />
      </section>
    </article>
  );
}

export function SampleView({ id }: { id: string }) {
  const file = samples.find((f) => f.name === id);
  if (!file) return <NotFound what="sample record" id={id} />;
  const task = samplePipeline(file);
  const lib = sampleLibrary(file);
  const model = sampleModel(file);
  return (
    <article className="view" data-view="sample">
      <header className="view-header">
        <Heading
          level={1}
          id={anchorId("sample", id)}
          title={typeof model?.id === "string" ? model.id : id}
        />
        <UpdateLink source={file.source} />
      </header>
      {file.error ? (
        <p className="error" role="alert">
          {file.source} does not parse: {file.error}
        </p>
      ) : null}
      <p>
        Task:{" "}
        {task ? (
          pipelines[task] ? (
            <Link view={{ kind: "task", id: task }}>{pipelines[task].name}</Link>
          ) : (
            <code>{task}</code>
          )
        ) : (
          <span className="muted">none</span>
        )}
        {" · "}Library:{" "}
        {lib ? (
          libraries[lib] ? (
            <Link view={{ kind: "library", id: lib }}>{libraries[lib].prettyLabel}</Link>
          ) : (
            <code>{lib}</code>
          )
        ) : (
          <span className="muted">none</span>
        )}
      </p>
      <section aria-labelledby={anchorId(id, "record")}>
        <Heading level={2} id={anchorId(id, "record")} title="Record" />
        <CodeBlock code={stringify(file.data ?? null)} language="yaml" label={file.source} />
      </section>
    </article>
  );
}
