/** Shapes of the catalogue files, as their schemas in schemas/ define them (validated before use). */

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
  template: string;
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

export interface LibraryFile {
  id: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  filter?: boolean;
  countDownloads?: string;
  tasks?: string[];
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
