/**
 * novita text-to-video: the submit answers {task_id}; GET {base}/v3/async/task-result?task_id=... until
 * task.status is TASK_STATUS_SUCCEED (answer has videos[0].video_url) or TASK_STATUS_FAILED.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const taskId = (submit as { task_id?: unknown } | null)?.task_id;
  if (typeof taskId !== "string") throw ctx.malformed("{task_id: string} (no task ID found in the response)");
  const base = ctx.request.url.slice(0, ctx.request.url.indexOf("/v3/async/"));
  for (let attempt = 0; attempt < ctx.pollAttempts; attempt++) {
    await ctx.wait(ctx.pollIntervalMs);
    const poll = (await ctx.fetchJson(
      `${base}/v3/async/task-result?task_id=${encodeURIComponent(taskId)}`,
      ctx.request.headers,
      "Failed to fetch task result",
    )) as {
      task?: { status?: unknown };
    } | null;
    const status = poll?.task?.status;
    if (typeof status !== "string")
      throw ctx.malformed("{task: {status: string}} (failed to parse task result)");
    ctx.progress(status);
    if (status === "TASK_STATUS_SUCCEED") return poll;
    if (status === "TASK_STATUS_FAILED")
      throw new InferenceClientProviderOutputError("Novita text-to-video task failed");
  }
  throw new InferenceClientProviderOutputError(
    `Timed out while waiting for the result from Novita text-to-video API - aborting after ${ctx.pollAttempts} attempts`,
  );
}
