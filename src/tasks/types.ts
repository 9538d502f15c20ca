/**
 * Shapes of the catalogue data as the runtime exposes it (the generated module is checked against these). The
 * generated modules import this one, so it cannot name their Modality and PipelineType: those are type
 * parameters (string by default; the generator has checked every value), e.g. TaskData<PipelineType>.
 */
import type { ModelData } from "./model-data.js";

export interface SubTask {
  type: string;
  name: string;
}

/** How the InferenceClient calls a task: catalogue/tasks/<id>.yaml `client` (schemas/task.schema.json#/$defs/client). */
export interface TaskClient {
  /** The InferenceClient method, e.g. textToImage. */
  method: string;
  /** The method that streams the answer, e.g. textGenerationStream. */
  streamMethod?: string;
  /** text: a string or a JSON value; file: a file's bytes; file-or-prompt: a file, or none when the parameters hold the prompt. */
  input: "text" | "file" | "file-or-prompt";
  /** json: a JSON value; file: a Blob. */
  output: "json" | "file";
  /** The method honours the outputType option. */
  outputType?: boolean;
  /** The method also takes its file as `data`, the older argument form. */
  legacyData?: boolean;
}

/**
 * What InferenceClient reads of a task's client block (chat's input is its messages). `method` is left out when
 * it is the task's default method name (src/tasks/method-name.ts), which keeps the table small in client bundles.
 */
export type TaskCall = Pick<TaskClient, "outputType" | "legacyData"> & {
  method?: string;
  input: TaskClient["input"] | "messages";
};

export interface PipelineData<Modality extends string = string> {
  name: string;
  modality: Modality;
  subtasks?: readonly SubTask[];
  hideInModels?: boolean;
  hideInDatasets?: boolean;
}

export interface ExampleRepo {
  id: string;
  description: string;
}

export type WidgetExampleDemo =
  | { type: "text"; label?: string; content?: string }
  | {
      type: "text-with-tokens";
      label?: string;
      content?: string;
      tokens?: { type: string; start: number; end: number }[];
    }
  | { type: "img"; label?: string; filename?: string }
  | { type: "audio"; label?: string; filename?: string }
  | { type: "chart"; label?: string; data?: { label: string; score: number }[] }
  | { type: "tabular"; label?: string; table?: string[][] };

export interface TaskData<PipelineType extends string = string> {
  id: PipelineType;
  label: string;
  /** Another task whose page this task shares (e.g. summarization -> text-generation). */
  canonicalId?: PipelineType;
  isPlaceholder?: boolean;
  summary: string;
  libraries: string[];
  widgetModels: string[];
  youtubeId?: string;
  datasets: ExampleRepo[];
  models: ExampleRepo[];
  spaces: ExampleRepo[];
  metrics: ExampleRepo[];
  demo: { inputs: WidgetExampleDemo[]; outputs: WidgetExampleDemo[] };
  /** The catalogue file this entry comes from. */
  source: string;
}

export interface LibraryUiElement {
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  /** Whether the library is offered as a filter on the hub. */
  filter?: boolean;
  /** Query counting a model's downloads by the files it has, e.g. path:"adapter_config.json". */
  countDownloads?: string;
  /** Loading snippets for a model of this library, in display order (templates/libraries/<key>/). */
  snippets?: (model: ModelData) => string[];
  /** The catalogue file this entry comes from. */
  source: string;
}
