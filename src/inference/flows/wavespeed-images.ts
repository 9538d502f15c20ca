/**
 * wavespeed's request tweak: fills `images` (image tasks: the caller's list of image strings, else the input image;
 * text-only image-text calls get a 1x1 transparent PNG as the image).
 */
import { filterValues } from "../objects.js";
import type { Flow } from "../spec.js";

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
