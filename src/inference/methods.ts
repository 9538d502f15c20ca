/**
 * The client's view of the task table (src/tasks/task-io.ts): method names for errors, per-task call options. It
 * reads TASK_CALLS, the part of the table the client needs, so that its bundle leaves the rest out.
 */
import { TASK_CALLS } from "../generated/task-clients.gen.js";
import { CHAT, CHAT_CLIENT } from "../tasks/chat.js";
import { defaultMethodName } from "../tasks/method-name.js";
import type { TaskCall } from "../tasks/types.js";

/** The client block of every task it calls, chat included. */
export const CALLS: Readonly<Record<string, TaskCall>> = { [CHAT]: CHAT_CLIENT, ...TASK_CALLS };

const tasksWhere = (has: (call: TaskCall) => unknown): ReadonlySet<string> =>
  new Set(Object.keys(CALLS).filter((task) => has(CALLS[task])));

/** Which InferenceClient method serves each task: used to point callers at the right method in errors. */
export const METHOD_OF_TASK: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CALLS).map(([task, { method }]) => [task, method ?? defaultMethodName(task)]),
);

/** Tasks whose method honours the outputType option (and may return a URL, a data: URL or the JSON answer). */
export const OUTPUT_TYPE_TASKS = tasksWhere((call) => call.outputType);

/** Tasks that also take their binary input as `data` (the older argument form), e.g. audioClassification({data}). */
const LEGACY_DATA_TASKS = tasksWhere((call) => call.legacyData);

/** The arguments with a legacy `data` input moved to `inputs` (when the task takes it and no inputs are given). */
export function withLegacyData<A extends Record<string, unknown>>(task: string, args: A): A {
  if (!LEGACY_DATA_TASKS.has(task) || args.inputs !== undefined || args.data === undefined) return args;
  const { data, ...rest } = args;
  return { ...rest, inputs: data } as unknown as A;
}

export const describeTask = (task: string): string =>
  METHOD_OF_TASK[task] ? `${task} (${METHOD_OF_TASK[task]})` : task;
