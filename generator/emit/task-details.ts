import type { Catalogue } from "../catalogue-types.js";
import { defined, header, literal, UNDEFINED, type EmittedFile } from "./common.js";

/** Task pages: summary, demo, datasets/models/spaces/metrics. Kept apart: most users never load it. */
export function emitTaskDetails({ tasks }: Catalogue): EmittedFile {
  const details = Object.fromEntries(
    tasks.map(({ file, data: t }) => {
      if (!t.detail) return [t.id, UNDEFINED];
      const d = t.detail;
      return [
        t.id,
        defined({
          id: t.id,
          label: d.label,
          canonicalId: d.canonicalId,
          isPlaceholder: d.isPlaceholder,
          summary: d.summary,
          libraries: d.libraries,
          widgetModels: d.widgetModels,
          youtubeId: d.youtubeId,
          datasets: d.datasets,
          models: d.models,
          spaces: d.spaces,
          metrics: d.metrics,
          demo: d.demo,
          source: file,
        }),
      ];
    }),
  );
  const content = `${header("catalogue/tasks/*.yaml")}
import type { PipelineType } from "./pipelines.gen.js";
import type { TaskData } from "../tasks/types.js";

/** Task page data per task type; undefined for task types without a page. */
export const TASKS_DATA: Record<PipelineType, TaskData | undefined> = ${literal(details)};
`;
  return { name: "task-details.gen.ts", content };
}
