/** together video jobs with a source image: it travels as frame_images [{input_image, frame: "first"}]. */
import type { BuiltRequest } from "../request-types.js";

export function request(req: BuiltRequest): BuiltRequest {
  const { input_image, ...rest } = req.body as Record<string, unknown>;
  if (input_image === undefined) return req;
  return { ...req, body: { ...rest, frame_images: [{ input_image, frame: "first" }] } };
}
