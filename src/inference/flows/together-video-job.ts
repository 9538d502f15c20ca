/**
 * together video jobs (text-to-video, image-to-video; the image goes in by together-video-frames). The submit
 * answers {id, status?}; GET {submit URL}/{id} with the
 * submit headers, one interval apart, while the status is absent, queued or in_progress (at most pollAttempts
 * polls); "completed" gives outputs.video_url, downloaded without headers.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

interface Job {
  id?: unknown;
  status?: unknown;
  outputs?: { video_url?: unknown };
  error?: { message?: unknown };
}

const PENDING = new Set([undefined, "queued", "in_progress"]);
const fail = (message: string) => new InferenceClientProviderOutputError(message);

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  let job = (submit ?? {}) as Job;
  if (typeof job.id !== "string")
    throw fail("Received malformed response from Together video API: no job ID found in the response");
  const url = `${ctx.request.url}/${encodeURIComponent(job.id)}`;
  for (let polls = 0; PENDING.has(job.status as string | undefined); polls++) {
    if (polls >= ctx.pollAttempts)
      throw fail(
        `Timed out while waiting for Together video generation \u2014 aborting after ${ctx.pollAttempts} status polls`,
      );
    await ctx.wait(ctx.pollIntervalMs);
    job = await poll(url, ctx);
    ctx.progress(String(job.status));
  }
  if (job.status === "failed") {
    const message = job.error?.message;
    throw fail(
      `Together video generation failed: ${typeof message === "string" && message ? message : "Unknown error"}`,
    );
  }
  if (job.status !== "completed")
    throw fail(`Unexpected Together video job status: ${JSON.stringify(job.status)}`);
  const videoUrl = job.outputs?.video_url;
  if (typeof videoUrl !== "string") throw fail("No video URL found in completed Together video job.");
  return ctx.download(videoUrl, "Failed to download Together video output");
}

async function poll(url: string, ctx: FlowContext): Promise<Job> {
  let answer: unknown;
  try {
    answer = await ctx.fetchJson(url, ctx.request.headers, "Failed to fetch Together video job result");
  } catch (error) {
    if (!(error instanceof InferenceClientProviderOutputError)) throw error;
    throw fail("Received malformed response from Together video API: failed to parse job result");
  }
  return (answer && typeof answer === "object" ? answer : {}) as Job;
}
