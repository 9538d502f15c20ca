// Task catalogue: modalities, pipeline types, task pages, libraries.
export {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  SUBTASK_TYPES,
  type Modality,
  type PipelineType,
} from "../generated/pipelines.gen.js";
export { TASKS_DATA } from "../generated/task-details.gen.js";
export {
  LIBRARY_ALIASES,
  LIBRARY_TASK_MAPPING,
  MODEL_LIBRARIES_UI_ELEMENTS,
  MODEL_LIBRARY_KEYS,
  type ModelLibraryKey,
} from "../generated/libraries.gen.js";
export { libraryKey } from "./library-key.js";
export type {
  ExampleRepo,
  LibraryUiElement,
  PipelineData,
  SubTask,
  TaskData,
  WidgetExampleDemo,
} from "./types.js";
