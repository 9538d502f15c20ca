/**
 * fal-ai queue: the submit answers {request_id, status, response_url}; GET {base}{path}/status until COMPLETED,
 * then GET {base}{path} for the result. base = what precedes the provider model id in the submit URL (the
 * origin, + /fal-ai through the router), or the origin when the URL was shortened (fal-image-text);
 * polls reuse the submit headers and query.
 */
import type { FlowContext } from "../spec.js";

export async function answer(submit: unknown, ctx: FlowContext): Promise<unknown> {
  const s = (submit ?? {}) as { request_id?: unknown; status?: unknown; response_url?: unknown };
  if (typeof s.request_id !== "string")
    throw ctx.malformed(
      "{request_id: string, status: string, response_url: string} (no request ID found in the response)",
    );
  if (typeof s.response_url !== "string") throw ctx.malformed("{response_url: string}");
  const submitUrl = new URL(ctx.request.url);
  const at = ctx.request.url.indexOf(`/${ctx.providerId}`);
  const base = at >= 0 ? ctx.request.url.slice(0, at) : submitUrl.origin;
  const path = new URL(s.response_url).pathname;
  const { headers } = ctx.request;
  let status = s.status;
  while (status !== "COMPLETED") {
    await ctx.wait(ctx.pollIntervalMs);
    const poll = (await ctx.fetchJson(
      `${base}${path}/status${submitUrl.search}`,
      headers,
      "Failed to fetch response status from fal-ai API",
    )) as { status?: unknown; queue_position?: unknown } | null;
    status = poll?.status;
    const queuePosition = poll?.queue_position;
    ctx.progress(String(status), typeof queuePosition === "number" ? queuePosition : undefined);
    if (status === "FAILED" || status === "ERROR")
      throw ctx.malformed(`status COMPLETED, got ${String(status)}`);
  }
  return ctx.fetchJson(
    `${base}${path}${submitUrl.search}`,
    headers,
    "Failed to fetch result from fal-ai API",
  );
}
