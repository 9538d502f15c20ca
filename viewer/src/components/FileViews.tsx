/** Provider and sample-record views: the file as the catalogue holds it, with links to what it refers to. */
import { stringify } from "yaml";
import type { Shape } from "../../../src/inference/spec.js";
import {
  libraries,
  pipelines,
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

export function ProviderView({ id }: { id: string }) {
  const provider = providers.find((p) => p.id === id);
  if (!provider) return <NotFound what="provider" id={id} />;
  const { spec, source } = provider;
  const flags = (["routerOnly", "closedSource", "clientSideOnly"] as const).filter((f) => spec[f]);
  return (
    <article className="view" data-view="provider">
      <header className="view-header">
        <Heading level={1} id={anchorId("provider", id)} title={spec.name} />
        <UpdateLink source={source} />
      </header>
      <section aria-labelledby={anchorId(id, "entry")}>
        <Heading level={2} id={anchorId(id, "entry")} title="Catalogue entry" />
        <dl className="fields">
          <dt>id</dt>
          <dd>
            <code>{id}</code>
          </dd>
          <dt>direct base URL</dt>
          <dd>
            <code>{spec.directBaseUrl}</code>
          </dd>
          <dt>auth</dt>
          <dd>
            <code>{spec.auth}</code>
          </dd>
          <dt>flags</dt>
          <dd>
            {flags.length ? flags.map((f) => <code key={f}>{f} </code>) : <span className="muted">none</span>}
          </dd>
          {spec.headers ? (
            <>
              <dt>headers</dt>
              <dd>
                {Object.entries(spec.headers).map(([k, v]) => (
                  <code key={k}>
                    {k}: {String(v)}{" "}
                  </code>
                ))}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <TasksServed id={id} />
      <section aria-labelledby={anchorId(id, "spec")}>
        <Heading level={2} id={anchorId(id, "spec")} title="As the runtime holds it" />
        <CodeBlock code={stringify(spec)} language="yaml" label={`PROVIDERS["${id}"]`} maxLines={30} />
      </section>
    </article>
  );
}

/**
 * The schemas an `output.expect` names, from its compiled shape: `Name`, `Name[]` (an array of it), `A | B` (either).
 * A schema that is a plain type (FileAnswer: a Blob) shows as that type.
 */
function expectLabel(shape: Shape): string {
  if (typeof shape === "string") return shape;
  if (Array.isArray(shape))
    return shape.length === 1 ? `${expectLabel(shape[0])}[]` : shape.map(expectLabel).join(" | ");
  return "{...}";
}

/** The provider's tasks: the request, the flows and the answer shape of each. */
function TasksServed({ id }: { id: string }) {
  const { spec, tasks } = providers.find((p) => p.id === id)!;
  return (
    <section aria-labelledby={anchorId(id, "tasks")}>
      <Heading level={2} id={anchorId(id, "tasks")} title={`Tasks served (${tasks.length})`} />
      {tasks.length ? (
        <table className="tasks-table">
          <thead>
            <tr>
              <th scope="col">task</th>
              <th scope="col">request</th>
              <th scope="col">flow</th>
              <th scope="col">output</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((t) => {
              const task = spec.tasks[t];
              return (
                <tr key={t}>
                  <td>{pipelines[t] ? <Link view={{ kind: "task", id: t }}>{t}</Link> : <code>{t}</code>}</td>
                  <td>
                    <code>
                      {task.method ?? "POST"} {task.path}
                    </code>
                  </td>
                  <td>
                    {task.flow?.length ? (
                      <code>{task.flow.join(" → ")}</code>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    {task.output?.expect ? (
                      <code>{expectLabel(task.output.expect)}</code>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="empty">No tasks listed.</p>
      )}
    </section>
  );
}

export function SampleView({ id }: { id: string }) {
  const sample = samples.find((f) => f.name === id);
  if (!sample) return <NotFound what="sample record" id={id} />;
  const task = samplePipeline(sample);
  const lib = sampleLibrary(sample);
  const model = sampleModel(sample);
  return (
    <article className="view" data-view="sample">
      <header className="view-header">
        <Heading
          level={1}
          id={anchorId("sample", id)}
          title={typeof model?.id === "string" ? model.id : id}
        />
        <UpdateLink source={sample.source} />
      </header>
      {sample.title || sample.notes ? (
        <p>
          {sample.title}
          {sample.notes ? <span className="muted"> — {sample.notes}</span> : null}
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
        <CodeBlock code={stringify(sample.model)} language="yaml" label={`${sample.source} (model record)`} />
      </section>
    </article>
  );
}
