import type { InferenceSnippetTask } from "../../src/snippets/types.js";
import type { Catalogue, TaskFile } from "../catalogue-types.js";
import { defaultMethodName } from "../../src/tasks/method-name.js";
import { defined, header, literal, type EmittedFile } from "./common.js";

/** Per task with inference snippets: template name, hub client methods, example call, default chat messages. */
export function emitInferenceTasks({ tasks }: Catalogue): EmittedFile {
  const entries = Object.fromEntries(
    tasks
      .filter(({ data }) => data.snippet)
      .map(({ data }) => [
        data.id,
        defined({
          template: data.snippet!.template,
          methods: hubClientMethods(data),
          example: data.snippet!.example,
          messages: data.snippet!.messages,
        }),
      ]),
  );
  const content = `${header("catalogue/tasks/*.yaml (snippet, client)")}
import type { InferenceSnippetTask } from "../snippets/types.js";

export const INFERENCE_SNIPPET_TASKS: Record<string, InferenceSnippetTask> = ${literal(entries)};
`;
  return { name: "inference-tasks.gen.ts", content };
}

/**
 * The method each listed hub client calls: the task's client method (huggingface.js has the same API), in
 * snake_case for huggingface_hub (textToImage -> text_to_image). The checks made sure a listing task has one.
 */
function hubClientMethods({ client, snippet }: TaskFile): InferenceSnippetTask["methods"] {
  const methods: InferenceSnippetTask["methods"] = {};
  if (!client) return methods;
  for (const hubClient of snippet?.hubClients ?? []) {
    methods[hubClient] =
      hubClient === "huggingface_hub"
        ? client.method.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
        : client.method;
  }
  return methods;
}

/**
 * The client block of every task that has one, in pipeline order: the method, its input and output kinds. Also
 * the part of it that InferenceClient reads, as a table of its own, so that a bundle of the client leaves out
 * what only the CLI and the snippets need.
 */
export function emitTaskClients({ tasks }: Catalogue): EmittedFile {
  const clients = tasks.filter(({ data }) => data.client).map(({ data }) => [data.id, data.client!] as const);
  const entries = Object.fromEntries(clients.map(([id, client]) => [id, defined(client)]));
  const calls = Object.fromEntries(
    clients.map(([id, { method, input, outputType, legacyData }]) => [
      id,
      defined({
        method: method === defaultMethodName(id) ? undefined : method,
        input,
        outputType,
        legacyData,
      }),
    ]),
  );
  const content = `${header("catalogue/tasks/*.yaml (client)")}
import type { TaskCall, TaskClient } from "../tasks/types.js";

export const TASK_CLIENTS: Record<string, TaskClient> = ${literal(entries)};

export const TASK_CALLS: Record<string, TaskCall> = ${literal(calls)};
`;
  return { name: "task-clients.gen.ts", content };
}
