/** The client's view of the task table (src/tasks/task-io.ts): method names for errors, per-task call options. */
import { TASK_IO } from "../tasks/task-io.js";

const tasksWhere = (has: (task: string) => unknown): ReadonlySet<string> =>
  new Set(Object.keys(TASK_IO).filter(has));

/** Which InferenceClient method serves each task: used to point callers at the right method in errors. */
export const METHOD_OF_TASK: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(TASK_IO).map(([task, { method }]) => [task, method]),
);

/** Tasks whose method honours the outputType option (and may return a URL, a data: URL or the JSON answer). */
export const OUTPUT_TYPE_TASKS = tasksWhere((task) => TASK_IO[task].outputType);

/** Tasks that also take their binary input as `data` (the older argument form), e.g. audioClassification({data}). */
export const LEGACY_DATA_TASKS = tasksWhere((task) => TASK_IO[task].legacyData);

/** The arguments with a legacy `data` input moved to `inputs` (when the task takes it and no inputs are given). */
export function withLegacyData<A extends Record<string, unknown>>(task: string, args: A): A {
  if (!LEGACY_DATA_TASKS.has(task) || args.inputs !== undefined || args.data === undefined) return args;
  const { data, ...rest } = args;
  return { ...rest, inputs: data } as unknown as A;
}

export const describeTask = (task: string): string =>
  METHOD_OF_TASK[task] ? `${task} (${METHOD_OF_TASK[task]})` : task;
