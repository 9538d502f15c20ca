/** Provider and sample-record views: the file as the catalogue holds it, with links to what it refers to. */
import { useState } from "react";
import { stringify } from "yaml";
import type { ProviderSpec, Shape } from "../../../src/inference/spec.js";
import {
  libraries,
  pipelines,
  providers,
  sampleLibrary,
  sampleModel,
  samplePipeline,
  samples,
} from "../data/catalogue.js";
import { CatalogueFile, EditedNote, useEdited, type CatalogueEdit } from "./CatalogueFile.js";
import { CodeBlock } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { NotFound } from "./TaskView.js";
import { EntrySection, TableHead, ViewFrame } from "./ViewParts.js";

export function ProviderView({ id }: { id: string }) {
  const [edit, setEdit] = useState<CatalogueEdit>();
  const edited = useEdited(edit, (module, valid) => module.providerSpec(valid, id));
  const provider = providers.find((p) => p.id === id);
  if (!provider) return <NotFound what="provider" id={id} />;
  const { source } = provider;
  const spec = edited.value ?? provider.spec;
  const flags = (["routerOnly", "closedSource", "clientSideOnly"] as const).filter((f) => spec[f]);
  return (
    <ViewFrame kind="provider" id={id} title={spec.name} source={source}>
      <CatalogueFile file={source} id={id} onEdit={setEdit} />
      <EditedNote edit={edit} stale={edited.stale} />
      <EntrySection id={id}>
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
      </EntrySection>
      <TasksServed id={id} spec={spec} />
      <section aria-labelledby={anchorId(id, "spec")}>
        <Heading level={2} id={anchorId(id, "spec")} title="As the runtime holds it" />
        <CodeBlock code={stringify(spec)} language="yaml" label={`PROVIDERS["${id}"]`} maxLines={30} />
      </section>
    </ViewFrame>
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
function TasksServed({ id, spec }: { id: string; spec: ProviderSpec }) {
  const tasks = Object.keys(spec.tasks);
  return (
    <section aria-labelledby={anchorId(id, "tasks")}>
      <Heading level={2} id={anchorId(id, "tasks")} title={`Tasks served (${tasks.length})`} />
      {tasks.length ? (
        <table className="tasks-table">
          <TableHead columns={["task", "request", "flow", "output"]} />
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
    <ViewFrame
      kind="sample"
      id={id}
      title={typeof model?.id === "string" ? model.id : id}
      source={sample.source}
    >
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
    </ViewFrame>
  );
}
