/** A task: its pipeline entry and its task page detail. */
import { useState } from "react";
import type { ExampleRepo, PipelineData, TaskData, WidgetExampleDemo } from "../../../src/index.js";
import { libraries, modalityLabels, pipelines, providers, taskDetails } from "../data/catalogue.js";
import { CatalogueFile, EditedNote, useEdited, type CatalogueEdit } from "./CatalogueFile.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { EntrySection, ViewFrame } from "./ViewParts.js";

function RepoList({ items, kind, task }: { items: ExampleRepo[]; kind: string; task: string }) {
  const id = anchorId(task, kind);
  return (
    <section aria-labelledby={id}>
      <Heading level={3} id={id} title={`${kind[0].toUpperCase()}${kind.slice(1)} (${items.length})`} />
      {items.length ? (
        <dl className="repo-list">
          {items.map((r) => (
            <div key={r.id}>
              <dt>
                <code>{r.id}</code>
              </dt>
              <dd>{r.description || <span className="muted">No description yet.</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="empty">None listed.</p>
      )}
    </section>
  );
}

function Demo({ item }: { item: WidgetExampleDemo }) {
  const label = item.label ? <div className="demo-label">{item.label}</div> : null;
  switch (item.type) {
    case "text":
    case "text-with-tokens":
      return (
        <div className="demo">
          {label}
          {item.content ? <p>{item.content}</p> : <p className="empty">No example text.</p>}
        </div>
      );
    case "img":
    case "audio":
      return (
        <div className="demo">
          {label}
          <p>
            {item.type === "img" ? "Image" : "Audio"}:{" "}
            {item.filename ? <code>{item.filename}</code> : <span className="muted">no file</span>}
          </p>
        </div>
      );
    case "chart":
      return (
        <div className="demo">
          {label ?? <div className="demo-label">Scores</div>}
          {item.data?.length ? null : <p className="empty">No example scores.</p>}
          <table className="chart">
            <tbody>
              {(item.data ?? []).map((d) => (
                <tr key={d.label}>
                  <th scope="row">{d.label}</th>
                  <td>
                    <span className="bar" style={{ width: `${Math.round(d.score * 100)}%` }} />
                    {d.score.toFixed(3)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "tabular":
      return (
        <div className="demo">
          {label}
          {item.table?.length ? null : <p className="empty">No example table.</p>}
          <table className="tabular">
            <tbody>
              {(item.table ?? []).map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (i === 0 ? <th key={j}>{cell}</th> : <td key={j}>{cell}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    default:
      return null;
  }
}

export function TaskView({ id }: { id: string }) {
  const [edit, setEdit] = useState<CatalogueEdit>();
  const edited = useEdited(edit, (module, valid) => module.taskRecords(valid, id));
  const pipeline = edited.value ? edited.value.pipeline : pipelines[id];
  if (!pipelines[id]) return <NotFound what="task" id={id} />;
  const detail = edited.value ? edited.value.detail : taskDetails[id];
  const source = taskDetails[id]?.source ?? pipelines[id].source ?? `catalogue/tasks/${id}.yaml`;
  return (
    <ViewFrame kind="task" id={id} title={pipeline?.name ?? id} source={source}>
      <CatalogueFile file={source} id={id} onEdit={setEdit} />
      <EditedNote edit={edit} stale={edited.stale} />
      {pipeline ? <CatalogueEntry id={id} pipeline={pipeline} /> : null}
      {detail ? (
        <>
          <TaskPage id={id} detail={detail} />
          <RepoList items={detail.datasets} kind="datasets" task={id} />
          <RepoList items={detail.models} kind="models" task={id} />
          <RepoList items={detail.spaces} kind="spaces" task={id} />
          <RepoList items={detail.metrics} kind="metrics" task={id} />
        </>
      ) : (
        <p className="empty">This task has no task page in the catalogue.</p>
      )}
    </ViewFrame>
  );
}

/** The task's pipeline entry: id, modality, visibility, subtasks, and the providers that serve it. */
function CatalogueEntry({ id, pipeline }: { id: string; pipeline: PipelineData }) {
  const servedBy = providers.filter((p) => p.tasks.includes(id));
  return (
    <EntrySection id={id}>
      <dt>modality</dt>
      <dd>
        {modalityLabels[pipeline.modality] ?? pipeline.modality} <code>{pipeline.modality}</code>
      </dd>
      {pipeline.hideInModels !== undefined ? (
        <>
          <dt>hidden in models</dt>
          <dd>{String(pipeline.hideInModels)}</dd>
        </>
      ) : null}
      {pipeline.hideInDatasets !== undefined ? (
        <>
          <dt>hidden in datasets</dt>
          <dd>{String(pipeline.hideInDatasets)}</dd>
        </>
      ) : null}
      <dt>subtasks</dt>
      <dd>
        {pipeline.subtasks?.length ? (
          <ul className="chips">
            {pipeline.subtasks.map((s) => (
              <li key={s.type} title={s.type}>
                {s.name}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">none</span>
        )}
      </dd>
      <dt>providers</dt>
      <dd>
        {servedBy.length ? (
          <ul className="chips">
            {servedBy.map((p) => (
              <li key={p.id}>
                <Link view={{ kind: "provider", id: p.id }}>{p.spec.name}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">none serves this task</span>
        )}
      </dd>
    </EntrySection>
  );
}

/** The task page's summary, demo, and libraries and widget models. */
function TaskPage({ id, detail }: { id: string; detail: TaskData }) {
  return (
    <>
      <section aria-labelledby={anchorId(id, "summary")}>
        <Heading level={2} id={anchorId(id, "summary")} title="Summary" />
        {detail.summary ? <p>{detail.summary}</p> : <p className="empty">No summary yet.</p>}
        {detail.canonicalId ? (
          <p>
            Shares its page with{" "}
            <Link view={{ kind: "task", id: detail.canonicalId }}>{detail.canonicalId}</Link>.
          </p>
        ) : null}
        {detail.isPlaceholder ? <p className="muted">This task page is a placeholder.</p> : null}
      </section>
      <section aria-labelledby={anchorId(id, "demo")}>
        <Heading level={2} id={anchorId(id, "demo")} title="Demo" />
        <div className="demo-grid">
          <div>
            <Heading level={3} id={anchorId(id, "demo-inputs")} title="Inputs" />
            {detail.demo.inputs.length ? (
              detail.demo.inputs.map((d, i) => <Demo key={i} item={d} />)
            ) : (
              <p className="empty">None.</p>
            )}
          </div>
          <div>
            <Heading level={3} id={anchorId(id, "demo-outputs")} title="Outputs" />
            {detail.demo.outputs.length ? (
              detail.demo.outputs.map((d, i) => <Demo key={i} item={d} />)
            ) : (
              <p className="empty">None.</p>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby={anchorId(id, "libraries")}>
        <Heading level={2} id={anchorId(id, "libraries")} title="Libraries and widget models" />
        <ul className="chips">
          {detail.libraries.map((key) => (
            <li key={key}>
              {libraries[key] ? (
                <Link view={{ kind: "library", id: key }}>{libraries[key].prettyLabel}</Link>
              ) : (
                key
              )}
            </li>
          ))}
        </ul>
        {detail.widgetModels.length ? (
          <p>
            Widget models:{" "}
            {detail.widgetModels.map((m, i) => (
              <span key={m}>
                {i ? ", " : ""}
                <code>{m}</code>
              </span>
            ))}
          </p>
        ) : null}
        {detail.youtubeId ? (
          <p>
            Video: <code>{detail.youtubeId}</code>
          </p>
        ) : null}
      </section>
    </>
  );
}

export function NotFound({ what, id }: { what: string; id: string }) {
  return (
    <div className="error" role="alert">
      <h1>
        No {what} “{id}”
      </h1>
      <p>
        The link points to a {what} the catalogue does not have (any more). Pick one in the tree, or{" "}
        <Link view={{ kind: "home" }}>go to the start page</Link>.
      </p>
    </div>
  );
}
