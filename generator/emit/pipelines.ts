import type { Catalogue } from "../catalogue-types.js";
import { defined, header, literal, type EmittedFile } from "./common.js";

/** Small, always-needed task data: modalities, pipeline types and their display data. */
export function emitPipelines({ tasks, modalities }: Catalogue): EmittedFile {
  const pipelineData = Object.fromEntries(
    tasks.map(({ data: t }) => [
      t.id,
      defined({
        name: t.name,
        modality: t.modality,
        subtasks: t.subtasks,
        hideInModels: t.hideInModels,
        hideInDatasets: t.hideInDatasets,
      }),
    ]),
  );
  const subtaskTypes = [...new Set(tasks.flatMap(({ data: t }) => (t.subtasks ?? []).map((s) => s.type)))];
  const labels = Object.fromEntries(modalities.data.modalities.map((m) => [m.id, m.label]));
  const content = `${header("catalogue/tasks/*.yaml, catalogue/modalities.yaml, catalogue/pipeline-order.yaml")}
import type { PipelineData } from "../tasks/types.js";

export const MODALITIES = ${literal(modalities.data.modalities.map((m) => m.id))} as const;

export type Modality = (typeof MODALITIES)[number];

export const MODALITY_LABELS = ${literal(labels)} as const satisfies Record<Modality, string>;

/** Every task type with its display data, in display order. */
export const PIPELINE_DATA = ${literal(pipelineData)} as const satisfies Record<string, PipelineData>;

export type PipelineType = keyof typeof PIPELINE_DATA;

export const PIPELINE_TYPES = ${literal(tasks.map((t) => t.data.id))} as const satisfies readonly PipelineType[];

export const SUBTASK_TYPES = ${literal(subtaskTypes)} as const;
`;
  return { name: "pipelines.gen.ts", content };
}
