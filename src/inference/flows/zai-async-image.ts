/**
 * zai-org text-to-image: the submit answers {id, task_status}; GET {base}/api/paas/v4/async-result/{id} (same
 * headers as the submit, through the router when the submit went there), waiting before each attempt, until
 * task_status is SUCCESS (image_result[0].url is the image) or FAIL.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

interface Job {
  id?: unknown;
  task_status?: unknown;
  image_result?: { url?: unknown }[];
}

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const job = submit as Job | null;
  if (!job || typeof job !== "object" || !("task_status" in job) || typeof job.id !== "string")
    throw ctx.malformed(`{ id: string, task_status: string }, got: ${JSON.stringify(submit)}`);
  if (job.task_status === "FAIL")
    throw new InferenceClientProviderOutputError("ZAI API returned task status: FAIL");
  const base = ctx.request.url.slice(0, ctx.request.url.indexOf("/api/paas/v4/"));
  const url = `${base}/api/paas/v4/async-result/${encodeURIComponent(job.id)}`;
  for (let attempt = 0; attempt < ctx.pollAttempts; attempt++) {
    await ctx.wait(ctx.pollIntervalMs);
    const poll = (await ctx.fetchJson(
      url,
      ctx.request.headers,
      "Failed to fetch result from ZAI text-to-image API",
    )) as Job | null;
    ctx.progress(String(poll?.task_status));
    if (poll?.task_status === "SUCCESS") {
      const image = poll.image_result?.[0]?.url;
      if (typeof image !== "string" || !/^https?:\/\//.test(image))
        throw ctx.malformed(`{ image_result: Array<{ url: string }> }, got: ${JSON.stringify(poll)}`);
      return poll;
    }
    if (poll?.task_status === "FAIL")
      throw new InferenceClientProviderOutputError("ZAI text-to-image API task failed");
  }
  throw new InferenceClientProviderOutputError(
    `Timed out while waiting for the result from ZAI API - aborting after ${ctx.pollAttempts} attempts`,
  );
}
