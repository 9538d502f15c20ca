/** nebius chat: a json_schema response_format also travels as guided_json (the schema itself). */
import type { BuiltRequest } from "../request-types.js";

export function request(req: BuiltRequest): BuiltRequest {
  const body = req.body as { response_format?: { type?: string; json_schema?: { schema?: unknown } } };
  const schema =
    body.response_format?.type === "json_schema" ? body.response_format.json_schema?.schema : undefined;
  return schema === undefined ? req : { ...req, body: { ...body, guided_json: schema } };
}
