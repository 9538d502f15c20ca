/**
 * The catalogue as the viewer sees it: the project's generated runtime module (tasks, libraries, providers)
 * plus the repository files found by glob (templates, samples). No catalogue data is copied here.
 */
import {
  LIBRARY_TASK_MAPPING,
  MODALITIES,
  MODALITY_LABELS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  PIPELINE_DATA,
  PROVIDERS,
  TASKS_DATA,
  type LibraryUiElement,
  type PipelineData,
  type TaskData,
} from "../../../src/index.js";
import { SAMPLE_FILES, TEMPLATE_SOURCES, type YamlFile } from "./files.js";
import { parseTemplatePath, type TemplateInfo } from "./templates.js";
import { buildTree, type TreeNode } from "./tree.js";

export type PipelineEntry = PipelineData & { source?: string };

export const pipelines = PIPELINE_DATA as unknown as Record<string, PipelineEntry>;
export const taskDetails = TASKS_DATA as unknown as Record<string, TaskData | undefined>;
export const libraries = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<
  string,
  LibraryUiElement & { snippets?: (model: unknown) => string[] }
>;
export const libraryTasks = LIBRARY_TASK_MAPPING as unknown as Record<string, readonly string[] | undefined>;
export const modalityLabels = MODALITY_LABELS as Record<string, string>;

export const templates: TemplateInfo[] = Object.keys(TEMPLATE_SOURCES).sort().map(parseTemplatePath);

export function templateById(id: string): (TemplateInfo & { source: string }) | undefined {
  const t = templates.find((x) => x.id === id);
  return t && { ...t, source: TEMPLATE_SOURCES[t.path] };
}

function field(data: unknown, key: string): unknown {
  return data && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined;
}

/** The model record of a sample file: its `model` field when it has one, else the whole file. */
export function sampleModel(file: YamlFile): Record<string, unknown> | undefined {
  const m = field(file.data, "model");
  if (m && typeof m === "object") return m as Record<string, unknown>;
  return file.data && typeof file.data === "object" ? (file.data as Record<string, unknown>) : undefined;
}

export function samplePipeline(file: YamlFile): string | undefined {
  const m = sampleModel(file);
  const tag = m?.pipeline_tag ?? field(file.data, "pipeline_tag") ?? field(file.data, "task");
  return typeof tag === "string" ? tag : undefined;
}

export function sampleLibrary(file: YamlFile): string | undefined {
  const lib = sampleModel(file)?.library_name;
  return typeof lib === "string" ? lib : undefined;
}

export type ProviderEntry = (typeof PROVIDERS)[keyof typeof PROVIDERS];

/** Every inference provider of the runtime, by id, with the tasks it serves. */
export const providers: { id: string; spec: ProviderEntry; tasks: string[] }[] = Object.entries(
  PROVIDERS,
).map(([id, spec]) => ({
  id,
  spec,
  tasks: Object.keys(spec.tasks),
}));
export const samples = SAMPLE_FILES;

export const TREE: TreeNode[] = buildTree({
  modalities: MODALITIES.map((id) => ({ id, label: modalityLabels[id] ?? id })),
  tasks: Object.entries(pipelines).map(([id, p]) => ({ id, name: p.name, modality: p.modality })),
  libraries: Object.entries(libraries).map(([key, l]) => ({ key, prettyLabel: l.prettyLabel })),
  templates,
  providers: providers.map((p) => ({ id: p.id, title: p.spec.name })),
  samples: SAMPLE_FILES.map((f) => ({ name: f.name, detail: samplePipeline(f) })),
});
