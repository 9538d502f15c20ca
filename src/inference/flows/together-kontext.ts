/**
 * together image-to-image: FLUX.1 Kontext models take the source image as image_url; the other models take
 * reference_images (as the catalogue builds it).
 */
import type { BuiltRequest, RequestInputFor } from "../request-types.js";

export function request(
  req: BuiltRequest,
  _input: RequestInputFor<string>,
  providerId: string,
): BuiltRequest {
  const id = providerId.toLowerCase();
  const { reference_images: images, ...rest } = req.body as Record<string, unknown>;
  if (!id.includes("kontext") || !id.includes("flux.1") || !Array.isArray(images)) return req;
  return { ...req, body: { ...rest, image_url: images[0] } };
}
