/**
 * wavespeed: every task is a job (its request is adjusted by wavespeed-images). The submit answers
 * {data: {id, urls: {get}}}; the flow polls that URL (through the router when the submit went there) until
 * data.status is completed (data.outputs[0] is the file) or failed.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

interface Job {
  data?: { id?: unknown; urls?: { get?: unknown }; status?: unknown; outputs?: unknown[]; error?: unknown };
}

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const resultUrl = (submit as Job | null)?.data?.urls?.get;
  if (typeof resultUrl !== "string" || !URL.canParse(resultUrl))
    throw ctx.malformed(`{data: {id: string, urls: {get: URL}}}, got: ${JSON.stringify(submit)}`);
  // The result URL names the provider's own host; a routed call polls the same path through the router.
  const base = ctx.request.url.slice(0, ctx.request.url.indexOf("/api/v3/"));
  const url = `${base}${new URL(resultUrl).pathname}`;
  for (let poll = 0; poll < ctx.pollAttempts; poll++) {
    // The job is often done by the time the submit answers: the first poll goes at once.
    await ctx.wait(poll === 0 ? 0 : ctx.pollIntervalMs);
    const job = (await ctx.fetchJson(
      url,
      ctx.request.headers,
      "Failed to fetch response status from WaveSpeed AI API",
    )) as Job | null;
    const data = job?.data;
    ctx.progress(String(data?.status));
    if (data?.status === "completed") {
      if (typeof data.outputs?.[0] !== "string")
        throw new InferenceClientProviderOutputError(
          "Received malformed response from WaveSpeed AI API: No output URL in completed response",
        );
      return job;
    }
    if (data?.status === "failed")
      throw new InferenceClientProviderOutputError(
        typeof data.error === "string" && data.error ? data.error : "Task failed",
      );
  }
  throw new InferenceClientProviderOutputError(
    `Timed out while waiting for the result from WaveSpeed AI API - aborting after ${ctx.pollAttempts} polls`,
  );
}
