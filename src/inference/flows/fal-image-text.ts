/**
 * fal-ai image + text tasks without an image: the model id names an edit endpoint (e.g. fal-ai/flux-2/edit);
 * called directly, its text-only sibling is the parent path (fal-ai/flux-2). Through the router the URL stays
 * as it is: the router resolves the model by its full id.
 */
import type { BuiltRequest, RequestInputFor } from "../request-types.js";

export function request(
  req: BuiltRequest,
  input: RequestInputFor<string>,
  _providerId: string,
  { viaRouter }: { viaRouter: boolean },
): BuiltRequest {
  if (viaRouter || input.args.inputs) return req;
  const url = new URL(req.url);
  url.pathname = url.pathname.slice(0, url.pathname.lastIndexOf("/"));
  return { ...req, url: url.toString() };
}
