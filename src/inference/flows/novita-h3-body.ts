/**
 * novita image-text-to-video, MiniMax H3 only: the body is the model's own. The caller's parameters (minus those
 * read here, and those H3 does not take), then model, content (the prompt, and the image as the first frame),
 * resolution, duration and ratio, each given or worked out from num_frames and target_size.
 */
import { InferenceClientInputError } from "../errors.js";
import type { BuiltRequest, RequestInputFor } from "../request-types.js";

const MODEL = "MiniMax-H3";
/** Parameters this flow reads, and those MiniMax H3 does not take: neither is sent as given. */
const NOT_SENT = new Set([
  "prompt",
  "num_frames",
  "target_size",
  "resolution",
  "duration",
  "ratio",
  "guidance_scale",
  "negative_prompt",
  "num_inference_steps",
  "seed",
]);
const RATIOS: [name: string, value: number][] = [
  ["21:9", 21 / 9],
  ["16:9", 16 / 9],
  ["4:3", 4 / 3],
  ["1:1", 1],
  ["3:4", 3 / 4],
  ["9:16", 9 / 16],
];

interface Size {
  width: number;
  height: number;
}

export function request(req: BuiltRequest, input: RequestInputFor<string>, providerId: string): BuiltRequest {
  if (providerId !== MODEL)
    throw new InferenceClientInputError(`Unsupported Novita image-text-to-video model: ${providerId}`);
  const parameters = (input.args.parameters ?? {}) as Record<string, unknown>;
  const { prompt } = parameters;
  if (typeof prompt !== "string" || !prompt.trim())
    throw new InferenceClientInputError("Novita MiniMax H3 requires a non-empty parameters.prompt.");
  const image = (req.body as { image?: unknown }).image;
  const size = parameters.target_size as Size | undefined;
  const rest = Object.fromEntries(Object.entries(parameters).filter(([key]) => !NOT_SENT.has(key)));
  const content: unknown[] = [{ type: "text", text: prompt }];
  if (typeof image === "string")
    content.push({ type: "image_url", image_url: { url: image }, role: "first_frame" });
  const body = {
    ...rest,
    model: MODEL,
    content,
    resolution: parameters.resolution ?? resolutionOf(size),
    duration: parameters.duration ?? durationOf(parameters.num_frames),
    // With an image the video takes the image's shape.
    ratio: image !== undefined ? "adaptive" : (parameters.ratio ?? ratioOf(size)),
  };
  return { ...req, body };
}

/** 768P or 2K, whichever the shorter side is nearer (768P on a tie or without a size). */
const resolutionOf = (size: Size | undefined): string => {
  if (!size) return "768P";
  const side = Math.min(size.width, size.height);
  return Math.abs(side - 768) <= Math.abs(side - 1440) ? "768P" : "2K";
};

/** Seconds at 24 frames a second, 4 to 15 (4 without num_frames). */
const durationOf = (frames: unknown): number =>
  typeof frames === "number" ? Math.min(15, Math.max(4, Math.round(frames / 24))) : 4;

/** The nearest supported ratio to the size's (the earlier one on a tie); 16:9 without a size. */
function ratioOf(size: Size | undefined): string {
  if (!size) return "16:9";
  const wanted = size.width / size.height;
  let best = RATIOS[0];
  for (const r of RATIOS) if (Math.abs(wanted - r[1]) < Math.abs(wanted - best[1])) best = r;
  return best[0];
}
