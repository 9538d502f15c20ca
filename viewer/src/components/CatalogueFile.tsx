/**
 * A catalogue file, editable in the viewer: Edit opens its YAML in Monaco, with completion and hover from its JSON
 * Schema; every change is checked as `npm run validate` checks it and each problem is marked at its line and
 * column. The view shows the records of the edited file (onEdit); Reset to file restores the file, and Copy as
 * patch gives the change as a diff to apply. Edits stay in the browser tab, like a template's.
 */
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import type { Diagnostic, FileCheck } from "../data/catalogue-edit.js";
import { useDraft } from "../state/draft.js";
import { useRouter } from "../state/router.js";
import { CodeBlock, copyText } from "./CodeBlock.js";
import { Heading, anchorId } from "./Heading.js";
import { SourceEditor } from "./SourceEditor.js";
import { Diagnostics } from "./ViewParts.js";

type EditModule = typeof import("../data/catalogue-edit.js");
type YamlModule = typeof import("../yaml-language.js");

/** An edited file as the view shows it: the check of its current text, and the module that can build from it. */
export interface CatalogueEdit {
  module: EditModule;
  check: FileCheck;
}

/**
 * What a view builds from the edited file (snippets, a record), or what it built from the last version without
 * problems while the file has some (`stale`); nothing while not editing.
 */
export function useEdited<T>(
  edit: CatalogueEdit | undefined,
  build: (module: EditModule, valid: NonNullable<FileCheck["valid"]>) => T,
): { value?: T; stale: boolean } {
  const built = useMemo(
    () => (edit?.check.valid ? { value: build(edit.module, edit.check.valid) } : undefined),
    // `build` is the view's recipe, the same on every render; the edit is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [edit],
  );
  const [lastGood, setLastGood] = useState(built);
  if (built && built !== lastGood) setLastGood(built);
  if (!edit) return { stale: false };
  return { value: (built ?? lastGood)?.value, stale: !built };
}

/** Says where the records below come from while a file is edited. */
export function EditedNote({ edit, stale }: { edit: CatalogueEdit | undefined; stale: boolean }) {
  if (!edit) return null;
  return (
    <p className={stale ? "error" : "muted"} role="status" data-testid="edited-note">
      {stale
        ? "The edited file has problems: what follows is from its last version without any."
        : "From the edited file."}
    </p>
  );
}

interface CatalogueFileProps {
  /** Repository path, e.g. "catalogue/libraries/diffusers.yaml". */
  file: string;
  id: string;
  /** Called with the current edit (each change), and with undefined when editing stops. */
  onEdit(edit: CatalogueEdit | undefined): void;
}

/** The editing code (ajv, the generator's checks, the YAML service), loaded when editing starts. */
function useEditModules(active: boolean): [EditModule, YamlModule] | undefined {
  const [modules, setModules] = useState<[EditModule, YamlModule]>();
  useEffect(() => {
    if (!active || modules) return;
    let current = true;
    void Promise.all([import("../data/catalogue-edit.js"), import("../yaml-language.js")]).then((loaded) => {
      if (current) setModules(loaded);
    });
    return () => {
      current = false;
    };
  }, [active, modules]);
  return modules;
}

export function CatalogueFile({ file, id, onEdit }: CatalogueFileProps) {
  const { selection, update } = useRouter();
  const edit = !!selection.edit;
  const modules = useEditModules(edit);
  useEffect(() => {
    if (!edit) onEdit(undefined);
  }, [edit, onEdit]);
  const headingId = anchorId(id, "file");
  return (
    <section aria-labelledby={headingId} data-testid="catalogue-file">
      <Heading level={2} id={headingId} title="Catalogue file">
        <span className="heading-actions">
          <button type="button" aria-pressed={edit} onClick={() => update({ edit: edit ? undefined : true })}>
            {edit ? "Done editing" : "Edit"}
          </button>
        </span>
      </Heading>
      {!edit ? (
        <p className="muted">
          <code>{file}</code>: Edit opens it here, checked on every change as <code>npm run validate</code>{" "}
          checks it.
        </p>
      ) : modules ? (
        <FileEditor file={file} edit={modules[0]} yaml={modules[1]} onEdit={onEdit} />
      ) : (
        <p className="muted" role="status">
          Loading the editor and the catalogue's checks…
        </p>
      )}
    </section>
  );
}

interface FileEditorProps {
  file: string;
  edit: EditModule;
  yaml: YamlModule;
  onEdit(edit: CatalogueEdit | undefined): void;
}

function FileEditor({ file, edit, yaml, onEdit }: FileEditorProps) {
  const source = edit.CATALOGUE_TEXTS.get(file) ?? "";
  const { draft, setDraft, editorRevision, resetToFile } = useDraft(file, source);
  // Typing stays fast: the check (the whole catalogue's) follows the text as soon as the browser is free.
  const checked = useDeferredValue(draft);
  const check = useMemo(() => edit.checkCatalogueFile(file, checked), [edit, file, checked]);
  useEffect(() => onEdit({ module: edit, check }), [edit, check, onEdit]);
  const changed = draft !== source;
  const patch = changed ? edit.filePatch(file, source, draft) : "";
  return (
    <>
      <p className="muted">
        Edits stay in this browser tab; copy them into <code>{file}</code> (Copy as patch, then{" "}
        <code>git apply</code>) to keep them, and run <code>hubkit diff</code> to see what they change.
      </p>
      <div className="heading-actions">
        {changed ? (
          <>
            <button type="button" onClick={resetToFile}>
              Reset to file
            </button>
            <button type="button" onClick={() => void copyText(patch)}>
              Copy as patch
            </button>
          </>
        ) : null}
      </div>
      <SourceEditor
        key={editorRevision}
        file={file}
        value={draft}
        errors={check.diagnostics}
        onChange={setDraft}
        language="yaml"
        path={yaml.catalogueModelPath(file)}
        testId="catalogue-editor"
        onMount={(monaco) => yaml.configureCatalogueYaml(monaco, edit.SCHEMA_DOCUMENTS)}
        options={{ tabSize: 2, ariaLabel: `Catalogue file ${file}`, quickSuggestions: true }}
      />
      <Problems diagnostics={check.diagnostics} stale={checked !== draft} />
      {changed ? (
        <details>
          <summary>Patch</summary>
          <CodeBlock code={patch} language="plaintext" label={`${file}.patch`} testId="catalogue-patch" />
        </details>
      ) : null}
    </>
  );
}

function Problems({ diagnostics, stale }: { diagnostics: Diagnostic[]; stale: boolean }) {
  if (!diagnostics.length)
    return (
      <p className="muted" role="status" data-testid="catalogue-status">
        {stale ? "Checking…" : "No problems: npm run validate passes with this text."}
      </p>
    );
  return <Diagnostics errors={diagnostics} testId="catalogue-errors" />;
}
