/**
 * The catalogue as the viewer sees it: the project's generated runtime module (tasks, libraries, providers)
 * and sample records (MODEL_SAMPLES), plus the template sources found by glob. No catalogue data is copied here.
 */
import {
  LIBRARY_ALIASES,
  LIBRARY_TASK_MAPPING,
  MODALITIES,
  MODALITY_LABELS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  PIPELINE_DATA,
  PROVIDERS,
  getLibrarySnippets,
  describeLocalApps,
  LOCAL_APPS,
  libraryKey,
  TASKS_DATA,
  type LibraryUiElement,
  type PipelineData,
  type TaskData,
} from "../../../src/index.js";
import {
  LOCAL_APP_RULES,
  LOCAL_APP_SPECS,
  MODEL_SAMPLES,
  PROVIDER_SOURCES,
} from "../../../src/generated/index.js";
import { localAppData } from "../../../src/local-apps/data.js";
import { FIXTURE_SAMPLE_FILES, TEMPLATE_SOURCES } from "./files.js";
import { parseTemplatePath, type TemplateInfo } from "./templates.js";
import { buildTree, type TreeNode } from "./tree.js";

export type PipelineEntry = PipelineData & { source?: string };

export const pipelines = PIPELINE_DATA as unknown as Record<string, PipelineEntry>;
export const taskDetails = TASKS_DATA as unknown as Record<string, TaskData | undefined>;
export { getLibrarySnippets };

export const libraries = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<
  string,
  LibraryUiElement & { snippets?: (model: unknown) => string[] }
>;
/** Former keys of each library (a renamed library's old keys), by current key. */
export const libraryAliases: Record<string, string[]> = {};
for (const [alias, key] of Object.entries(LIBRARY_ALIASES)) (libraryAliases[key] ??= []).push(alias);
export const libraryTasks = LIBRARY_TASK_MAPPING as unknown as Record<string, readonly string[] | undefined>;
export const modalityLabels = MODALITY_LABELS as Record<string, string>;

export const templates: TemplateInfo[] = Object.keys(TEMPLATE_SOURCES).sort().map(parseTemplatePath);

export function templateById(id: string): (TemplateInfo & { source: string }) | undefined {
  const t = templates.find((x) => x.id === id);
  return t && { ...t, source: TEMPLATE_SOURCES[t.path] };
}

/** A sample model record (catalogue/samples/<name>.yaml) as the runtime holds it (MODEL_SAMPLES). */
export interface Sample {
  name: string;
  title?: string;
  /** Which branches or fallbacks the sample exercises. */
  notes?: string;
  /** Files of the repo a page may choose (GGUF files), for the local apps. */
  files?: string[];
  source: string;
  model: Record<string, unknown>;
}

export type ProviderEntry = (typeof PROVIDERS)[keyof typeof PROVIDERS];

/** The runtime's sample records, plus the browser tests' fixture in `--mode e2e` builds. */
export const samples: Sample[] = [
  ...(MODEL_SAMPLES as unknown as Sample[]),
  ...FIXTURE_SAMPLE_FILES.map((f) => ({
    name: f.name,
    source: f.source,
    model: (f.data ?? {}) as Record<string, unknown>,
  })),
];

export function sampleModel(sample: Sample): Record<string, unknown> {
  return sample.model;
}

export function samplePipeline(sample: Sample): string | undefined {
  const tag = sample.model.pipeline_tag;
  return typeof tag === "string" ? tag : undefined;
}

/** The library of a sample's record, by its registry key (a former key names the renamed library). */
export function sampleLibrary(sample: Sample): string | undefined {
  const lib = sample.model.library_name;
  return typeof lib === "string" ? (libraryKey(lib) ?? lib) : undefined;
}

/** The local apps in registry order: the runtime's LOCAL_APPS with the catalogue file each comes from. */
export const localApps = Object.entries(LOCAL_APP_SPECS).map(([key, spec]) => ({
  key,
  app: LOCAL_APPS[key as keyof typeof LOCAL_APPS],
  source: spec.source,
  kind: "deeplink" in spec ? ("deeplink" as const) : ("snippet" as const),
}));
export { describeLocalApps };

/** What a local-app template is given for a record and a chosen file: the apps' data and every rule's value. */
export function localAppTemplateData(model: Record<string, unknown>, file?: string): Record<string, unknown> {
  const rules = Object.entries(LOCAL_APP_RULES).map(([name, holds]) => [name, holds(model as never)]);
  return { ...localAppData(model as never, file), ...Object.fromEntries(rules) };
}

/** The files of the repo a sample lists for a page to choose (GGUF files), if any. */
export function sampleFiles(sample: Sample): string[] {
  return sample.files ?? [];
}

export const providers: { id: string; spec: ProviderEntry; source: string; tasks: string[] }[] =
  Object.entries(PROVIDERS).map(([id, spec]) => ({
    id,
    spec,
    source: PROVIDER_SOURCES[id as keyof typeof PROVIDER_SOURCES],
    tasks: Object.keys(spec.tasks),
  }));

export const TREE: TreeNode[] = buildTree({
  modalities: MODALITIES.map((id) => ({ id, label: modalityLabels[id] ?? id })),
  tasks: Object.entries(pipelines).map(([id, p]) => ({ id, name: p.name, modality: p.modality })),
  libraries: Object.entries(libraries).map(([key, l]) => ({ key, prettyLabel: l.prettyLabel })),
  templates,
  providers: providers.map((p) => ({ id: p.id, title: p.spec.name })),
  samples: samples.map((s) => ({
    name: s.name,
    detail: sampleLibrary(s) ?? samplePipeline(s),
    keywords: s.title,
  })),
  localApps: localApps.map((a) => ({ key: a.key, prettyLabel: a.app.prettyLabel })),
});
