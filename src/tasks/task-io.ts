/**
 * How each task is called, in one table: the InferenceClient method, what it takes and what it returns. The
 * catalogue's tasks say it in their `client` block (emitted as TASK_CLIENTS); chat, which is not a pipeline type,
 * is declared here. The client's error messages, `hubkit infer` and the hub clients' snippets all read it.
 */
import { TASK_CLIENTS } from "../generated/task-clients.gen.js";
import { CHAT, CHAT_CLIENT } from "./chat.js";
import type { TaskClient } from "./types.js";

export { CHAT };

export interface TaskIo extends Omit<TaskClient, "input" | "output"> {
  /** As a catalogue task's, or messages: chat messages. */
  input: TaskClient["input"] | "messages";
  /** As a catalogue task's, or message: a chat completion, whose answer is its first choice's message. */
  output: TaskClient["output"] | "message";
}

/** Chat first, then the catalogue's tasks in pipeline order. */
export const TASK_IO: Readonly<Record<string, TaskIo>> = { [CHAT]: CHAT_CLIENT, ...TASK_CLIENTS };

/** The input is a file's bytes (or, for file-or-prompt, may be). */
export const takesFile = ({ input }: TaskIo): boolean => input === "file" || input === "file-or-prompt";
