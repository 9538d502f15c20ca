/** sambanova chat: a json_schema response_format is sent with strict: false (strict schemas are refused). */
import type { BuiltRequest } from "../request-types.js";

export function request(req: BuiltRequest): BuiltRequest {
  const body = req.body as { response_format?: { type?: string; json_schema?: Record<string, unknown> } };
  const format = body.response_format;
  if (format?.type !== "json_schema" || !format.json_schema) return req;
  return {
    ...req,
    body: { ...body, response_format: { ...format, json_schema: { ...format.json_schema, strict: false } } },
  };
}
