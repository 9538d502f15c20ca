/**
 * A catalogue file edited in the viewer, checked as `npm run validate` checks it: the generator's own load and
 * validate steps run on every catalogue file's text, the edited one in its place, so each problem has the same
 * file, line, column and message. A library's snippets are then rebuilt from the edited file with the
 * generator's emitter, for the preview. Loaded with the editor, in a chunk of its own (ajv, the generator's
 * checks, every catalogue file's text).
 */
import { createPatch } from "diff";
import { transform } from "sucrase";
import CATALOGUE_FILES from "virtual:hubkit/catalogue";
import SCHEMA_FILES from "virtual:hubkit/schemas";
import TEMPLATE_FILES from "virtual:hubkit/templates";
import { assembleCatalogue, loadFile, type LoadOne } from "../../../generator/catalogue-files.js";
import type { Catalogue } from "../../../generator/catalogue-types.js";
import type { Diagnostic } from "../../../generator/diagnostics.js";
import type { EmittedFile } from "../../../generator/emit/common.js";
import { libraryCoder, librarySpecialisation } from "../../../generator/emit/library-snippets.js";
import { emitLocalApps } from "../../../generator/emit/local-apps.js";
import { emitPipelines } from "../../../generator/emit/pipelines.js";
import { emitProviders } from "../../../generator/emit/providers.js";
import { emitTaskDetails } from "../../../generator/emit/task-details.js";
import { FLOW_HOOKS, type FlowFile } from "../../../generator/flow-hooks.js";
import { LoadCache } from "../../../generator/load-cache.js";
import { Schemas } from "../../../generator/schemas.js";
import { compileTemplateFiles, type Templates } from "../../../generator/template-files.js";
import { instantiate } from "../../../generator/templating/compile.js";
import { validateCatalogue } from "../../../generator/validate.js";
import type { ProviderSpec } from "../../../src/inference/spec.js";
import * as localAppSupport from "../../../src/local-apps/support.js";
import type { LocalAppSpec } from "../../../src/local-apps/types.js";
import * as derive from "../../../src/snippets/libraries/derive.js";
import * as support from "../../../src/snippets/libraries/support.js";
import type { LibrarySnippet } from "../../../src/snippets/libraries/types.js";
import type { PipelineData, TaskData } from "../../../src/tasks/types.js";
import packageJson from "../../../package.json" with { type: "json" };

export type { Diagnostic };

/** Every catalogue file as the repository holds it, by repository path. */
export const CATALOGUE_TEXTS: ReadonlyMap<string, string> = new Map(Object.entries(CATALOGUE_FILES));

const TEMPLATE_TEXTS: ReadonlyMap<string, string> = new Map(Object.entries(TEMPLATE_FILES));

/** Every JSON Schema of schemas/, by file name (the name its `$ref`s use). */
export const SCHEMA_DOCUMENTS: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(SCHEMA_FILES).map(([path, text]) => [path.replace(/^.*\//, ""), JSON.parse(text)]),
);

/** The flow files and their hooks, from the modules themselves (the generator reads them with a parser). */
const FLOWS: FlowFile[] = Object.entries(
  import.meta.glob<Record<string, unknown>>(["../../../src/inference/flows/*.ts", "!**/*.test.ts"], {
    eager: true,
  }),
)
  .map(([key, module]) => ({
    name: key.replace(/^.*\//, "").replace(/\.ts$/, ""),
    hooks: Object.keys(module).filter((name) => FLOW_HOOKS.has(name)),
  }))
  .sort((a, b) => (a.name < b.name ? -1 : 1));

let schemas: Schemas | undefined;
/** Each file's parse and schema check by its text: only the edited file is checked again on a keystroke. */
const cache = new LoadCache();
const loadOnce: LoadOne = (file, text, schema) =>
  cache.file(schemas!, file, text, schema, () => loadFile(schemas!, file, text, schema));

/** The compiled templates for one set of library derive rules (they specialise the library templates). */
let compiled: { key: string; templates: Templates; diagnostics: Diagnostic[] } | undefined;
function templatesFor(catalogue: Catalogue) {
  const key = JSON.stringify(catalogue.libraries.map(({ data }) => data.derive ?? null));
  if (compiled?.key !== key)
    compiled = { key, ...compileTemplateFiles(TEMPLATE_TEXTS, librarySpecialisation(catalogue)) };
  return compiled;
}

export interface FileCheck {
  /** Every problem the generator finds with this text in the file's place; empty when it would generate. */
  diagnostics: Diagnostic[];
  /** The catalogue and templates with the edited file, when they are valid. */
  valid?: { catalogue: Catalogue; templates: Templates };
}

/** The catalogue with `text` as `file`, checked by the generator's load and validate steps. */
export function checkCatalogueFile(file: string, text: string): FileCheck {
  schemas ??= new Schemas(SCHEMA_DOCUMENTS);
  const texts = new Map(CATALOGUE_TEXTS).set(file, text);
  const loaded = assembleCatalogue(
    { root: ".", version: packageJson.version, flows: FLOWS, texts },
    schemas,
    loadOnce,
  );
  if (!loaded.ok) return { diagnostics: loaded.diagnostics };
  const { templates, diagnostics: templateProblems } = templatesFor(loaded.catalogue);
  const diagnostics = validateCatalogue(loaded.catalogue, templates, templateProblems);
  return diagnostics.length
    ? { diagnostics }
    : { diagnostics, valid: { catalogue: loaded.catalogue, templates } };
}

export interface LibraryBuilder {
  describe(model: unknown): LibrarySnippet[];
}

/**
 * A library's snippet functions built from a valid catalogue: the generator emits the library's code (as in
 * library-snippets.gen.ts), sucrase strips its types, and it runs over the library's compiled templates.
 */
export function libraryBuilder(
  { catalogue, templates }: NonNullable<FileCheck["valid"]>,
  id: string,
): LibraryBuilder | undefined {
  const library = catalogue.libraries.find((l) => l.data.id === id);
  if (!library?.data.snippets) return undefined;
  const code = transform(`${libraryCoder(catalogue, templates)(library, "L")}\nreturn L;`, {
    transforms: ["typescript"],
  }).code;
  const table = Object.fromEntries(
    templates.libraries.filter((t) => t.key.startsWith(`${id}/`)).map((t) => [t.key, instantiate(t.code)]),
  );
  const names = Object.keys(support);
  const build = new Function("F", ...names, code) as (...args: unknown[]) => (T: unknown) => LibraryBuilder;
  return build(derive, ...names.map((name) => support[name as keyof typeof support]))(table);
}

/**
 * The exports of a module the generator emits, evaluated: sucrase strips its types and turns its imports into
 * lookups in `modules` (by the specifier the emitted file uses).
 */
function evaluateEmitted(
  { content }: EmittedFile,
  modules: Record<string, unknown> = {},
): Record<string, unknown> {
  const { code } = transform(content, { transforms: ["typescript", "imports"] });
  const exports: Record<string, unknown> = {};
  const require = (specifier: string) => {
    if (!(specifier in modules)) throw new Error(`the viewer does not provide ${specifier}`);
    return modules[specifier];
  };
  new Function("require", "exports", code)(require, exports);
  return exports;
}

type Valid = NonNullable<FileCheck["valid"]>;

/** A task's pipeline entry and task page as the runtime would hold them with the edited file. */
export function taskRecords(
  { catalogue }: Valid,
  id: string,
): { pipeline?: PipelineData; detail?: TaskData } {
  const { PIPELINE_DATA } = evaluateEmitted(emitPipelines(catalogue)) as {
    PIPELINE_DATA: Record<string, PipelineData>;
  };
  const { TASKS_DATA } = evaluateEmitted(emitTaskDetails(catalogue)) as {
    TASKS_DATA: Record<string, TaskData | undefined>;
  };
  return { pipeline: PIPELINE_DATA[id], detail: TASKS_DATA[id] };
}

/** A provider as the runtime would hold it with the edited file. */
export function providerSpec({ catalogue }: Valid, id: string): ProviderSpec | undefined {
  const { PROVIDERS } = evaluateEmitted(emitProviders(catalogue)) as {
    PROVIDERS: Record<string, ProviderSpec>;
  };
  return PROVIDERS[id];
}

/** A local app's spec built from the edited files, over the local-app templates compiled with them. */
export function localAppSpec({ catalogue, templates }: Valid, id: string): LocalAppSpec | undefined {
  const LOCAL_APP_TEMPLATES = Object.fromEntries(
    templates.localApps.map((t) => [t.key, instantiate(t.code)]),
  );
  const { LOCAL_APP_SPECS } = evaluateEmitted(emitLocalApps(catalogue, templates), {
    "./local-app-templates.gen.js": { LOCAL_APP_TEMPLATES },
    "../local-apps/support.js": localAppSupport,
  }) as { LOCAL_APP_SPECS: Record<string, LocalAppSpec> };
  return LOCAL_APP_SPECS[id];
}

/** The edit as a unified diff of the file, for `git apply` (paths a/ and b/ as git writes them). */
export function filePatch(file: string, before: string, after: string): string {
  return createPatch(file, before, after, undefined, undefined, { context: 3 })
    .replace(/^Index: .*\n=+\n/, `diff --git a/${file} b/${file}\n`)
    .replace(/^--- .*$/m, `--- a/${file}`)
    .replace(/^\+\+\+ .*$/m, `+++ b/${file}`);
}
