/**
 * novita MiniMax H3 jobs: the submit answers {task_id}; GET .../query/video_generation/{id} at once, then every poll
 * interval, until the task has succeeded (its content.url is the video), failed or been cancelled.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

interface Task {
  status?: unknown;
  content?: { url?: unknown };
  error?: { message?: unknown };
}

const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const taskId = (submit as { task_id?: unknown } | null)?.task_id;
  if (typeof taskId !== "string") throw ctx.malformed("{task_id: string}");
  const url = ctx.request.url.replace(
    /\/video_generation$/,
    `/query/video_generation/${encodeURIComponent(taskId)}`,
  );
  let task: Task = {};
  for (let polls = 0; !TERMINAL.has(task.status as string); polls++) {
    if (polls > 0) await ctx.wait(ctx.pollIntervalMs);
    const answer = (await ctx.fetchJson(
      url,
      ctx.request.headers,
      "Failed to fetch response status from Novita API",
    )) as {
      task?: Task;
    } | null;
    if (!answer?.task || typeof answer.task.status !== "string")
      throw ctx.malformed("{task: {status: string}}");
    task = answer.task;
    ctx.progress(task.status as string);
  }
  if (task.status !== "succeeded") {
    const message = task.error?.message;
    throw new InferenceClientProviderOutputError(
      typeof message === "string" && message ? message : `Novita task ${String(task.status)}`,
    );
  }
  const video = task.content?.url;
  if (typeof video !== "string")
    throw new InferenceClientProviderOutputError("No output URL returned by Novita API");
  return ctx.download(video, "Failed to fetch generation output from Novita API");
}
