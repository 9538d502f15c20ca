/** A local app: its catalogue entry, its templates, and what it shows on each sample record and chosen file. */
import { useState } from "react";
import {
  describeLocalApps,
  localApps,
  sampleFiles,
  sampleModel,
  samples,
  templates,
  type Sample,
} from "../data/catalogue.js";
import { monacoLanguage } from "../data/templates.js";
import type { LocalAppKey, LocalAppView as AppOnPage } from "../../../src/index.js";
import { describeLocalApp } from "../../../src/local-apps/index.js";
import { localAppData } from "../../../src/local-apps/data.js";
import { CatalogueFile, EditedNote, useEdited, type CatalogueEdit } from "./CatalogueFile.js";
import { CodeBlock } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { NotFound } from "./TaskView.js";
import { TemplateList } from "./TemplateList.js";
import { EntrySection, SampleFold, ViewFrame } from "./ViewParts.js";

/** What the app shows for one page (a sample with a chosen file, or none): its link, string or tabs. */
function AppOutput({ view, label }: { view: AppOnPage; label: string }) {
  if (view.link)
    return (
      <p data-testid="local-app-link">
        <a href={view.link.href}>{view.link.href}</a>
      </p>
    );
  if (view.text !== undefined)
    return (
      <CodeBlock code={view.text} language="shell" label={`${label} · command`} testId="local-app-block" />
    );
  return (
    <>
      {(view.tabs ?? []).map((tab, i) => (
        <div key={i} className="local-app-tab">
          <p>
            <strong>{tab.title}</strong>
          </p>
          {tab.setup !== undefined ? (
            <CodeBlock
              code={tab.setup}
              language="shell"
              label={`${tab.title} · setup`}
              testId="local-app-block"
            />
          ) : null}
          {tab.content.map((block, j) => (
            <CodeBlock
              key={j}
              code={block.text}
              language={monacoLanguage(block.language)}
              label={`${tab.title} · ${block.language} · ${j + 1}`}
              testId="local-app-block"
            />
          ))}
        </div>
      ))}
    </>
  );
}

/** What the app shows on a record with a chosen file (undefined when it is not offered there). */
type AppOn = (model: Record<string, unknown>, file: string | undefined) => AppOnPage | undefined;

interface SamplePagesProps {
  appKey: string;
  sample: Sample;
  open: boolean;
  appOn: AppOn;
}

/** One sample record: the app without a chosen file and with each file the sample lists. */
function SamplePages({ appKey, sample, open, appOn }: SamplePagesProps) {
  const files: (string | undefined)[] = [undefined, ...sampleFiles(sample)];
  return (
    <SampleFold owner={appKey} sample={sample} open={open} caption={sample.title ?? ""}>
      {() => (
        <>
          <p>
            Sample record: <Link view={{ kind: "sample", id: sample.name }}>{sample.source}</Link>
          </p>
          {files.map((file) => {
            const view = appOn(sampleModel(sample), file);
            const label = file ?? "no file chosen";
            return (
              <section key={label} data-file={label}>
                <h4>{file ? <code>{file}</code> : "No file chosen"}</h4>
                {view ? <AppOutput view={view} label={label} /> : null}
              </section>
            );
          })}
        </>
      )}
    </SampleFold>
  );
}

/** The app on a record as the build shows it, or as its spec built from the edited file does. */
function useAppOn(id: string, edit: CatalogueEdit | undefined) {
  const edited = useEdited(edit, (module, valid) => module.localAppSpec(valid, id));
  const spec = edited.value;
  const appOn: AppOn = spec
    ? (model, file) =>
        spec.display(model as never)
          ? describeLocalApp(id as LocalAppKey, spec, localAppData(model as never, file))
          : undefined
    : (model, file) => describeLocalApps(model as never, file).find((a) => a.key === id);
  return { appOn, spec, stale: edited.stale };
}

export function LocalAppView({ id }: { id: string }) {
  const [edit, setEdit] = useState<CatalogueEdit>();
  const { appOn, spec, stale } = useAppOn(id, edit);
  const entry = localApps.find((a) => a.key === id);
  if (!entry) return <NotFound what="local app" id={id} />;
  const { source, kind } = entry;
  const app = spec ?? entry.app;
  const own = templates.filter((t) => t.kind === "local-app" && t.app === id);
  const shown = samples.filter((s) => appOn(sampleModel(s), undefined));
  return (
    <ViewFrame kind="local-app" id={id} title={app.prettyLabel} source={source}>
      <CatalogueFile file={source} id={id} onEdit={setEdit} />
      <EditedNote edit={edit} stale={stale} />
      <EntrySection id={id} idLabel="key">
        <dt>docs</dt>
        <dd>
          <a href={app.docsUrl} target="_blank" rel="noopener">
            {app.docsUrl}
          </a>
        </dd>
        <dt>main task</dt>
        <dd>
          <Link view={{ kind: "task", id: app.mainTask }}>{app.mainTask}</Link>
        </dd>
        <dt>macOS only</dt>
        <dd>{app.macOSOnly ? "yes" : "no"}</dd>
        <dt>kind</dt>
        <dd>{kind === "deeplink" ? "a link that opens the app" : "commands to copy"}</dd>
      </EntrySection>
      <TemplateList id={id} list={own} empty="No templates of its own (a link, or shared templates only)." />
      <section aria-labelledby={anchorId(id, "samples")}>
        <Heading level={2} id={anchorId(id, "samples")} title="On the sample records" />
        {shown.length ? (
          shown.map((s, i) => (
            <SamplePages key={s.name} appKey={id} sample={s} open={i === 0} appOn={appOn} />
          ))
        ) : (
          <p className="empty">No sample record shows this app; add one to catalogue/samples/.</p>
        )}
      </section>
    </ViewFrame>
  );
}
