/**
 * black-forest-labs: the submit answers {id, polling_url}; poll it (attempt=n in the query, interval before
 * each attempt) until {status: "Ready", result: {sample: url}}. Polls carry only Content-Type (no credential).
 * The answer is the poll's `result` (what outputType "json" returns).
 */
import { InferenceClientProviderOutputError } from "../errors.js";
import type { FlowContext } from "../spec.js";

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const pollingUrl = (submit as { polling_url?: unknown } | null)?.polling_url;
  if (typeof pollingUrl !== "string") throw ctx.malformed("{id: string, polling_url: string}");
  for (let attempt = 0; attempt < ctx.pollAttempts; attempt++) {
    await ctx.wait(ctx.pollIntervalMs);
    const url = new URL(pollingUrl);
    url.searchParams.set("attempt", String(attempt));
    const poll = (await ctx.fetchJson(
      url.toString(),
      { "Content-Type": "application/json" },
      "Failed to fetch result from black forest labs API",
    )) as {
      status?: unknown;
      result?: { sample?: unknown };
    } | null;
    ctx.progress(String(poll?.status));
    if (poll?.status === "Ready" && typeof poll.result?.sample === "string") return poll.result;
  }
  throw new InferenceClientProviderOutputError(
    `Timed out while waiting for the result from black forest labs API - aborting after ${ctx.pollAttempts} attempts`,
  );
}
