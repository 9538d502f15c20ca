/** together chat: response_format {type: json_schema, json_schema: {schema}} becomes {type: json_schema, schema}. */
import type { BuiltRequest } from "../request-types.js";

export function request(req: BuiltRequest): BuiltRequest {
  const body = req.body as { response_format?: { type?: string; json_schema?: { schema?: unknown } } };
  const format = body.response_format;
  if (format?.type !== "json_schema" || format.json_schema?.schema === undefined) return req;
  return {
    ...req,
    body: { ...body, response_format: { type: "json_schema", schema: format.json_schema.schema } },
  };
}
