/**
 * What the client asks the hub, cached per client instance (as long as the client lives): the provider mapping of
 * each model, and the task definitions that give a task's default model. A failed lookup is not kept.
 */
import { InferenceClientInputError } from "./errors.js";
import { hubGet, type Transport } from "./http.js";
import { fetchMapping, type MappingEntry } from "./mapping.js";

/** The hub's task definitions (GET {hub}/api/tasks): {"<task>": {"models": [{"id": "org/name"}, ...]}, ...}. */
export type TaskDefinitions = Record<string, { models?: unknown } | null | undefined>;

export class HubLookups {
  private readonly mappings = new Map<string, Promise<MappingEntry[]>>();
  private tasks?: Promise<TaskDefinitions>;

  /** The provider mapping of `model`: one lookup per model. A call waiting on another call's lookup keeps its own deadline and signal. */
  mapping(model: string, hubUrl: string, t: Transport): Promise<MappingEntry[]> {
    let entries = this.mappings.get(model);
    if (!entries) {
      entries = fetchMapping(model, hubUrl, t);
      this.mappings.set(model, entries);
      entries.catch(() => this.mappings.delete(model));
    }
    return t.call.race(entries);
  }

  /** The first model the hub lists for `task`, for a call with a provider but no model: one fetch in all. */
  async defaultModel(task: string, hubUrl: string, t: Transport): Promise<string> {
    if (!this.tasks) {
      const tasks = fetchTaskDefinitions(hubUrl, t);
      this.tasks = tasks;
      tasks.catch(() => {
        if (this.tasks === tasks) this.tasks = undefined;
      });
    }
    return defaultModel(await t.call.race(this.tasks), task);
  }
}

/** GET {hub}/api/tasks, with no headers at all (no token, no bill-to). */
export async function fetchTaskDefinitions(hubUrl: string, t: Transport): Promise<TaskDefinitions> {
  const url = `${hubUrl}/api/tasks`;
  const { res, body, error } = await hubGet(t, url);
  if (!res.ok) throw error("Failed to load tasks definitions from Hugging Face Hub.");
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw error(
      `Failed to load tasks definitions from Hugging Face Hub: malformed API response, expected a JSON object (GET ${url}).`,
    );
  return body as TaskDefinitions;
}

/** The first model id listed for `task`, or an InputError asking for a model. */
export function defaultModel(tasks: TaskDefinitions, task: string): string {
  const models = Object.hasOwn(tasks, task) ? tasks[task]?.models : undefined;
  const first: unknown = Array.isArray(models) ? models[0] : undefined;
  const id = first && typeof first === "object" ? (first as { id?: unknown }).id : undefined;
  if (typeof id !== "string" || !id)
    throw new InferenceClientInputError(
      `No default model defined for task ${task}, please define the model explicitly.`,
    );
  return id;
}
