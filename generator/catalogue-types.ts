/** Shapes of the catalogue files, as their schemas in schemas/ define them (validated before use). */
import type { LibraryUiElement } from "../src/tasks/types.js";

export interface TaskFile {
  id: string;
  name: string;
  modality: string;
  subtasks?: { type: string; name: string }[];
  hideInModels?: boolean;
  hideInDatasets?: boolean;
  snippet?: TaskSnippetFile;
  detail?: TaskDetailFile;
}

/** Inference snippets of a task (schemas/task.schema.json#/$defs/snippet). */
export interface TaskSnippetFile {
  /** Absent: snippets for the task's conversational models only (`messages`). */
  template?: string;
  clientMethods?: { huggingface_hub?: string; "huggingface.js"?: string };
  example?: { inputs: unknown; parameters?: Record<string, unknown> };
  messages?: { role: string; content: unknown }[];
}

export interface TaskDetailFile {
  label: string;
  canonicalId?: string;
  isPlaceholder?: boolean;
  summary: string;
  libraries: string[];
  widgetModels: string[];
  youtubeId?: string;
  datasets: Resource[];
  models: Resource[];
  spaces: Resource[];
  metrics: Resource[];
  demo: { inputs: Record<string, unknown>[]; outputs: Record<string, unknown>[] };
}

export interface Resource {
  id: string;
  description: string;
}

/**
 * A library file is the runtime's registry entry (src/tasks/types.ts) as written in YAML: with an id, the tasks it
 * serves and snippet declarations (the runtime's `snippets` is the function generated from them), without the
 * generated `source`.
 */
export interface LibraryFile extends Omit<LibraryUiElement, "snippets" | "source"> {
  id: string;
  tasks?: string[];
  /** Loading snippets in order: single entries and oneOf groups (see docs/library-snippets.md). */
  snippets?: (SnippetEntry | { oneOf: SnippetEntry[] })[];
  derive?: Record<string, DeriveRule>;
}

export interface ModalitiesFile {
  modalities: { id: string; label: string }[];
}

export interface PipelineOrderFile {
  order: string[];
}

export interface QuantizationFile {
  fileTypes: Record<string, number>;
  tensorTypes: Record<string, number>;
  order: string[];
}

/** A path in a library template's data: `model.<record field>...` or a derived value's name. */
export type DataPath = string;

export interface SnippetCondition {
  tags?: string[];
  notTags?: string[];
  pipelineTag?: string[];
  notPipelineTag?: string[];
  id?: string[];
  notId?: string[];
  idContains?: string;
  set?: DataPath[];
  unset?: DataPath[];
  listHas?: { list: DataPath; item: string };
  libraryTask?: true;
}

export interface SnippetEntry {
  template: string;
  language?: "python" | "sh" | "js" | "csharp" | "text";
  when?: SnippetCondition;
  each?: DataPath;
}

export type TableValue = string | number | number[];

export type DeriveRule =
  | { from: DataPath; table: Record<string, TableValue>; default?: TableValue }
  | { identifier: DataPath }
  | { function: string };

export interface SampleFile {
  name: string;
  title: string;
  notes?: string;
  id: string;
  [field: string]: unknown;
}
