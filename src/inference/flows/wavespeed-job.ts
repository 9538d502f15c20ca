/**
 * wavespeed: every task is a job. The request tweak fills `images` (image tasks: the caller's list of image
 * strings, else the input image; text-only image-text calls get a 1x1 transparent PNG as the image). The submit
 * answers {data: {id, urls: {get}}}; the flow polls that URL (through the router when the submit went there)
 * until data.status is completed (data.outputs[0] is the file) or failed.
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import { filterValues } from "../objects.js";
import type { Flow, FlowContext } from "../spec.js";

/** Base64 of a 1x1 transparent PNG: the image of an image-text task called with a prompt only. */
const BLANK_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

// Typed through Flow (spec.ts) rather than request.ts, which imports the flows.
export const request: NonNullable<Flow["request"]> = (req, input) => {
  const body = req.body as Record<string, unknown>;
  const { args } = input;
  // Flattening copied parameters.images over a top-level images: the caller's top-level list comes first.
  const given = isStringList(args.images)
    ? args.images
    : isStringList((args.parameters as { images?: unknown } | undefined)?.images)
      ? (args.parameters as { images: string[] }).images
      : undefined;
  const rest = filterValues(body, (_v, k) => k !== "images");
  if (!input.task.startsWith("image-")) {
    return { ...req, body: args.images === undefined ? rest : { ...rest, images: args.images } };
  }
  const image = typeof body.image === "string" ? body.image : BLANK_PNG;
  return { ...req, body: { ...rest, image, images: given ?? [image] } };
};

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
