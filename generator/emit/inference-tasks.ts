import type { Catalogue } from "../catalogue-types.js";
import { defined, header, literal, type EmittedFile } from "./common.js";

/** Per task with inference snippets: template name, hub client methods, example call, default chat messages. */
export function emitInferenceTasks({ tasks }: Catalogue): EmittedFile {
  const entries = Object.fromEntries(
    tasks
      .filter(({ data }) => data.snippet)
      .map(({ data: { id, snippet } }) => [
        id,
        defined({
          template: snippet!.template,
          methods: snippet!.clientMethods ?? {},
          example: snippet!.example,
          messages: snippet!.messages,
        }),
      ]),
  );
  const content = `${header("catalogue/tasks/*.yaml (snippet)")}
import type { InferenceSnippetTask } from "../snippets/types.js";

export const INFERENCE_SNIPPET_TASKS: Record<string, InferenceSnippetTask> = ${literal(entries)};
`;
  return { name: "inference-tasks.gen.ts", content };
}
