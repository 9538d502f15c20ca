/** A library: its registry entry, its templates and its snippets for each sample record. */
import type { Sample } from "../data/catalogue.js";
import { useState } from "react";
import {
  getLibrarySnippets,
  libraries,
  libraryAliases,
  libraryTasks,
  pipelines,
  sampleLibrary,
  sampleModel,
  samples,
  templates,
} from "../data/catalogue.js";
import { monacoLanguage } from "../data/templates.js";
import type { LibrarySnippet } from "../../../src/index.js";
import { CatalogueFile, EditedNote, useEdited, type CatalogueEdit } from "./CatalogueFile.js";
import { CodeBlock } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { NotFound } from "./TaskView.js";
import { TemplateList } from "./TemplateList.js";
import { EntrySection, SampleFold, ViewFrame } from "./ViewParts.js";

/** A library's snippets of a record: the build's, or those of the library file being edited. */
type SnippetsOf = (model: Record<string, unknown>) => LibrarySnippet[];

interface SampleSnippetsProps {
  library: string;
  sample: Sample;
  open: boolean;
  snippetsOf: SnippetsOf;
}

function SampleSnippets({ library, sample, open, snippetsOf }: SampleSnippetsProps) {
  return (
    <SampleFold
      owner={library}
      sample={sample}
      open={open}
      caption={sample.title ?? sampleLibrary(sample) ?? ""}
    >
      {() => <SnippetList sample={sample} snippetsOf={snippetsOf} />}
    </SampleFold>
  );
}

function SnippetList({ sample, snippetsOf }: { sample: Sample; snippetsOf: SnippetsOf }) {
  let result: LibrarySnippet[];
  try {
    result = snippetsOf(sampleModel(sample));
  } catch (e) {
    return (
      <p className="error" role="alert">
        The snippets failed for this record: {e instanceof Error ? e.message : String(e)}
      </p>
    );
  }
  if (!result.length) return <p className="empty">No snippet for this record.</p>;
  return result.map((snippet, i) => (
    <CodeBlock
      key={i}
      code={snippet.content}
      language={monacoLanguage(snippet.language)}
      label={`${snippet.template} · ${snippet.language === "text" ? "message" : snippet.language}`}
      testId="library-snippet"
    />
  ));
}

/** The library's registry entry: key, former keys, label, links, download rule, hub filter, tasks. */
function RegistryEntry({ id }: { id: string }) {
  const lib = libraries[id];
  const tasks = libraryTasks[id] ?? [];
  return (
    <EntrySection id={id} title="Registry entry" anchor="registry" idLabel="key">
      {libraryAliases[id] ? (
        <>
          <dt>former keys</dt>
          <dd>
            {libraryAliases[id].map((alias) => (
              <code key={alias}>{alias} </code>
            ))}
            <span className="muted">records that still name them get this library</span>
          </dd>
        </>
      ) : null}
      <dt>pretty label</dt>
      <dd>{lib.prettyLabel}</dd>
      <dt>repository</dt>
      <dd>
        <a href={lib.repoUrl} target="_blank" rel="noopener">
          {lib.repoName}
        </a>{" "}
        <span className="muted">{lib.repoUrl}</span>
      </dd>
      <dt>docs</dt>
      <dd>
        {lib.docsUrl ? (
          <a href={lib.docsUrl} target="_blank" rel="noopener">
            {lib.docsUrl}
          </a>
        ) : (
          <span className="muted">none</span>
        )}
      </dd>
      <dt>download count rule</dt>
      <dd>
        {lib.countDownloads ? (
          <code>{lib.countDownloads}</code>
        ) : (
          <span className="muted">not set: the hub's default rule applies</span>
        )}
      </dd>
      <dt>hub filter</dt>
      <dd>{lib.filter === undefined ? <span className="muted">not set</span> : String(lib.filter)}</dd>
      <dt>tasks</dt>
      <dd>
        {tasks.length ? (
          <ul className="chips">
            {tasks.map((t) => (
              <li key={t}>
                <Link view={{ kind: "task", id: t }}>{pipelines[t]?.name ?? t}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">none mapped</span>
        )}
      </dd>
    </EntrySection>
  );
}

export function LibraryView({ id }: { id: string }) {
  const [edit, setEdit] = useState<CatalogueEdit>();
  const edited = useEdited(edit, (module, valid) => {
    const builder = module.libraryBuilder(valid, id);
    return (model: Record<string, unknown>) => builder?.describe(model) ?? [];
  });
  const lib = libraries[id];
  if (!lib) return <NotFound what="library" id={id} />;
  const libTemplates = templates.filter((t) => t.kind === "library" && t.library === id);
  const matching = samples.filter((f) => sampleLibrary(f) === id);
  const ordered = [...matching, ...samples.filter((f) => sampleLibrary(f) !== id)];
  const snippetsOf: SnippetsOf = edited.value ?? ((model) => getLibrarySnippets(id, model as never));
  const hasSnippets = edited.value ? true : typeof lib.snippets === "function";
  return (
    <ViewFrame kind="library" id={id} title={lib.prettyLabel} source={lib.source}>
      <RegistryEntry id={id} />
      <CatalogueFile file={lib.source} id={id} onEdit={setEdit} />
      <TemplateList id={id} list={libTemplates} empty="No snippet templates for this library." />
      <section aria-labelledby={anchorId(id, "snippets")}>
        <Heading level={2} id={anchorId(id, "snippets")} title="Snippets per sample record" />
        <EditedNote edit={edit} stale={edited.stale} />
        {!hasSnippets ? (
          <p className="empty">This library's catalogue entry has no snippets.</p>
        ) : !samples.length ? (
          <p className="empty">No sample records (catalogue/samples/).</p>
        ) : (
          ordered.map((f) => (
            <SampleSnippets
              key={f.name}
              library={id}
              sample={f}
              snippetsOf={snippetsOf}
              open={matching.length ? matching.includes(f) : f === ordered[0]}
            />
          ))
        )}
      </section>
    </ViewFrame>
  );
}
