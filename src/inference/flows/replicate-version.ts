/** replicate: a provider id "owner/name:version" is posted to /v1/predictions with {version}, not to the model's route. */
import type { BuiltRequest, RequestInputFor } from "../request-types.js";

export function request(
  req: BuiltRequest,
  _input: RequestInputFor<string>,
  providerId: string,
): BuiltRequest {
  const colon = providerId.indexOf(":");
  if (colon < 0) return req;
  const url = req.url.slice(0, req.url.indexOf("/v1/models/")) + "/v1/predictions";
  return {
    ...req,
    url,
    body: { ...(req.body as Record<string, unknown>), version: providerId.slice(colon + 1) },
  };
}
