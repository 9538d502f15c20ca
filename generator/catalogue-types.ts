/** Shapes of the catalogue files, as their schemas in schemas/ define them (validated before use). */

export interface TaskFile {
  id: string;
  name: string;
  modality: string;
  subtasks?: { type: string; name: string }[];
  hideInModels?: boolean;
  hideInDatasets?: boolean;
  detail?: TaskDetailFile;
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
