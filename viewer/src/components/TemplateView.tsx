/**
 * A template: its source (read-only, or editable in edit mode) and the snippets rendered from it for a sample
 * record, a provider and the snippet options. Every keystroke recompiles with the project's compiler and
 * re-renders through the project's runtime (data/render.ts); errors show inline and in the page.
 */
import type { Sample } from "../data/catalogue.js";
import { useMemo, useState } from "react";
import {
  describeLocalApps,
  libraries,
  localAppTemplateData,
  sampleFiles,
  sampleLibrary,
  sampleModel,
  samples,
  templateById,
} from "../data/catalogue.js";
import {
  compile,
  inferenceSnippets,
  inferenceTemplateName,
  librarySnippets,
  templateKey,
  type Compiled,
  type InferenceSnippetOptions,
} from "../data/render.js";
import { guessSnippetLanguage, monacoLanguage, type TemplateInfo } from "../data/templates.js";
import { useAccessToken } from "../state/access-token.js";
import { useDraft } from "../state/draft.js";
import { useRouter } from "../state/router.js";
import type { SnippetOptions } from "../state/url.js";
import { CodeBlock } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { Link } from "./Link.js";
import { providerChoices, sampleTasks, SnippetControls } from "./SnippetControls.js";
import { NotFound } from "./TaskView.js";
import { TemplateEditor } from "./SourceEditor.js";
import { Diagnostics, ViewFrame } from "./ViewParts.js";

interface Output {
  label: string;
  language: string;
  content: string;
  /** Whether this output comes from the template being viewed (same language and client). */
  own: boolean;
}

type Preview = { mode: string; outputs: Output[]; error?: string };

/** Snippet options as the runtime takes them: only those set, the access token (not in the URL) included. */
function runtimeOptions(options: SnippetOptions, accessToken: string | undefined): InferenceSnippetOptions {
  const entries = Object.entries({ ...options, accessToken }).filter(([, v]) => v !== undefined);
  return Object.fromEntries(entries) as InferenceSnippetOptions;
}

/**
 * `override` (edit mode) stands in for the generated function during the runtime call; `render` is the compiled
 * current text, used on its own when the runtime has no slot for this template (a file newer than the last
 * `npm run generate`, a partial, or a template of a library whose catalogue entry has no snippets).
 */
function renderPreview(
  t: TemplateInfo,
  render: ((data: unknown) => string) | undefined,
  override: ((data: unknown) => string) | undefined,
  sample: Sample | undefined,
  provider: string,
  options: SnippetOptions,
  accessToken: string | undefined,
): Preview {
  if (!sample)
    return {
      mode: "none",
      outputs: [],
      error: "No sample record to render with: add one under catalogue/samples/.",
    };
  const model = sampleModel(sample);
  try {
    const key = templateKey(t);
    const edited = key && override ? { key, render: override } : undefined;
    if (t.kind === "inference" && key) {
      const list = inferenceSnippets(model, provider, runtimeOptions(options, accessToken), edited);
      return {
        mode: "getInferenceSnippets",
        outputs: list
          .map((s) => ({
            label: `${s.language} · ${s.client}`,
            language: monacoLanguage(s.language),
            content: s.content,
            own: s.language === t.language && s.client === t.client,
          }))
          .sort((a, b) => Number(b.own) - Number(a.own)),
      };
    }
    if (t.kind === "library" && typeof libraries[t.library]?.snippets === "function" && key) {
      const list = librarySnippets(t.library, model, edited);
      return {
        mode: "snippets",
        outputs: list.map((snippet, i) => ({
          label: `${t.library} · ${snippet.template} · ${i + 1}`,
          language: monacoLanguage(snippet.language),
          content: snippet.content,
          own: snippet.template === t.name,
        })),
      };
    }
    if (!render) return { mode: "none", outputs: [] };
    if (t.kind === "local-app") {
      // A local-app template is given the local apps' data (id, quant of the sample's first file, ...), not the record.
      const file = sampleFiles(sample)[0];
      const content = render(localAppTemplateData(model, file));
      const label = `${t.id} · ${sample.name}${file ? ` · ${file}` : ""}`;
      return { mode: "raw", outputs: [{ label, language: "shell", content, own: true }] };
    }
    const content = render(model);
    const language =
      t.kind === "inference" || t.kind === "partial"
        ? monacoLanguage(t.language)
        : guessSnippetLanguage(content);
    return { mode: "raw", outputs: [{ label: `${t.id} · ${sample.name}`, language, content, own: true }] };
  } catch (e) {
    return {
      mode: "error",
      outputs: [],
      error: `Rendering failed: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

/**
 * The sample a template view opens with: for a library template, a record of that library whose snippets use
 * this template (else any record of the library); otherwise the first record with a pipeline tag.
 */
function defaultSample(t: TemplateInfo): Sample | undefined {
  if (t.kind === "library") {
    const own = samples.filter((s) => sampleLibrary(s) === t.library);
    return (
      own.find((s) => {
        try {
          return librarySnippets(t.library, sampleModel(s)).some((x) => x.template === t.name);
        } catch {
          return false;
        }
      }) ??
      own[0] ??
      samples[0]
    );
  }
  if (t.kind === "inference") {
    const uses = (s: Sample, opts?: InferenceSnippetOptions) => {
      try {
        return inferenceTemplateName(sampleModel(s), opts) === t.name;
      } catch {
        return false;
      }
    };
    const found = samples.find((s) => uses(s)) ?? samples.find((s) => uses(s, { streaming: true }));
    if (found) return found;
  }
  if (t.kind === "local-app") {
    const shows = (s: Sample) =>
      describeLocalApps(sampleModel(s) as never).some((a) => t.app === "shared" || a.key === t.app);
    const found = samples.find((s) => shows(s) && sampleFiles(s).length) ?? samples.find(shows);
    if (found) return found;
  }
  return samples.find((s) => sampleTasks(s).length) ?? samples[0];
}

/** The rendered snippets of the preview, and why they may not be the build's (raw, stale, an error). */
function PreviewOutputs({
  kind,
  preview,
  stale,
}: {
  kind: TemplateInfo["kind"];
  preview: ReturnType<typeof renderPreview>;
  stale: boolean;
}) {
  return (
    <>
      {preview.mode === "raw" ? (
        <p className="muted" data-testid="preview-mode">
          {kind === "inference"
            ? "The generated runtime has no function for this template yet (npm run generate adds it): this is the template rendered on its own with the sample record as data."
            : kind === "library"
              ? "This library's catalogue entry has no snippets: this is the template rendered on its own with the sample record as data."
              : "Rendered on its own with the sample record as data."}
        </p>
      ) : null}
      {stale ? (
        <p className="error" role="status">
          The template does not compile; the preview below is from the last version that did.
        </p>
      ) : null}
      {preview.error ? (
        <p className="error" role="alert" data-testid="preview-error">
          {preview.error}
        </p>
      ) : null}
      <div className={`preview${stale ? " stale" : ""}`} data-testid="preview">
        {!preview.error && !preview.outputs.length ? (
          <p className="empty">No snippet for this record and provider.</p>
        ) : null}
        {preview.outputs.map((o, i) => (
          <CodeBlock
            key={`${o.label}-${i}`}
            code={o.content}
            language={o.language}
            label={o.own ? o.label : `${o.label} (other template)`}
            testId="snippet"
          />
        ))}
      </div>
    </>
  );
}

function TemplateWorkbench({ t }: { t: TemplateInfo & { source: string } }) {
  const { selection, update } = useRouter();
  const edit = !!selection.edit;
  const { draft, setDraft, editorRevision, resetToFile } = useDraft(t.path, t.source);

  const text = edit ? draft : t.source;
  const compiled: Compiled = useMemo(() => compile(t.path, text), [t.path, text]);
  // While the draft does not compile, the preview keeps the last version that did, marked as out of date.
  // Kept in state and updated during render (React's pattern for a value derived from earlier renders).
  const [lastGood, setLastGood] = useState(() => (compiled.ok ? { render: compiled.render } : undefined));
  if (compiled.ok && lastGood?.render !== compiled.render) setLastGood({ render: compiled.render });
  const render = compiled.ok ? compiled.render : lastGood?.render;

  const [accessToken, setAccessToken] = useAccessToken();
  const sample = samples.find((s) => s.name === selection.sample) ?? defaultSample(t);
  const choices = providerChoices(sample);
  const provider = selection.provider && choices.includes(selection.provider) ? selection.provider : "auto";
  // Outside edit mode the runtime's own generated function renders (no override).
  const preview = useMemo(
    () =>
      renderPreview(t, render, edit ? render : undefined, sample, provider, selection.options, accessToken),
    [t, edit, render, sample, provider, selection.options, accessToken],
  );
  const stale = edit && !compiled.ok;

  return (
    <>
      <section aria-labelledby={anchorId(t.id, "source")}>
        <Heading level={2} id={anchorId(t.id, "source")} title="Source">
          <span className="heading-actions">
            <button
              type="button"
              aria-pressed={edit}
              onClick={() => update({ edit: edit ? undefined : true })}
            >
              {edit ? "Done editing" : "Edit"}
            </button>
            {edit && draft !== t.source ? (
              <button type="button" onClick={resetToFile}>
                Reset to file
              </button>
            ) : null}
          </span>
        </Heading>
        {edit ? (
          <>
            <p className="muted">
              Edits stay in this browser tab; copy them into <code>{t.path}</code> to keep them. The preview
              uses the build's compiler and runtime.
            </p>
            <TemplateEditor
              key={editorRevision}
              file={t.path}
              value={draft}
              errors={compiled.ok ? [] : compiled.errors}
              onChange={setDraft}
            />
          </>
        ) : (
          <CodeBlock code={t.source} language="handlebars" label={t.path} testId="template-source" />
        )}
        <Diagnostics errors={compiled.ok ? [] : compiled.errors} />
      </section>
      <section aria-labelledby={anchorId(t.id, "preview")}>
        <Heading level={2} id={anchorId(t.id, "preview")} title="Preview" />
        <SnippetControls
          sample={sample}
          provider={provider}
          showProvider={t.kind === "inference"}
          accessToken={accessToken}
          onAccessToken={setAccessToken}
        />
        <PreviewOutputs kind={t.kind} preview={preview} stale={stale} />
        {sample ? (
          <p className="muted">
            Sample record: <Link view={{ kind: "sample", id: sample.name }}>{sample.source}</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}

export function TemplateView({ id }: { id: string }) {
  const t = templateById(id);
  if (!t) return <NotFound what="template" id={id} />;
  return (
    <ViewFrame kind="template" id={id} title={t.path} source={t.path}>
      <TemplateWorkbench key={t.path} t={t} />
    </ViewFrame>
  );
}
