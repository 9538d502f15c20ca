/**
 * Hand-written diffusers snippets, and pruna-ai's, which are the same snippets loading through pruna's
 * class: `pruna` is that class and its module for pruna-ai, undefined for diffusers.
 */
import type { ModelData } from "../../src/tasks/model-data.js";
import { pyString, type Snippets } from "./strings.js";

export interface Pruna {
  module: string;
  model: string;
}

const INSTALL = "pip install -U diffusers transformers accelerate";
const DEFAULT_PROMPT = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";
const CAT_PROMPT = "Turn this cat into a dog";
const GUITAR_PROMPT = "A man with short gray hair plays a red electric guitar.";

const promptOf = (m: ModelData) => m.widgetData?.[0]?.text ?? m.cardData?.instance_prompt ?? "";
const baseModelOf = (m: ModelData) =>
  m.cardData?.base_model == null ? "fill-in-base-model" : String(m.cardData.base_model);

/** `import torch` and the pipeline class import. */
const head = (pipeline: string, pruna?: Pruna) =>
  `import torch\n${pruna ? `from ${pruna.module} import ${pruna.model}` : `from diffusers import ${pipeline}`}\n`;

const load = (
  pipeline: string,
  from: string,
  pruna: Pruna | undefined,
  args = `dtype=torch.bfloat16, device_map="cuda"`,
) =>
  `# switch to device_map="mps" on Apple devices\npipe = ${pruna?.model ?? pipeline}.from_pretrained(${pyString(from)}, ${args})`;

const inpainting = (
  m: ModelData,
  p?: Pruna,
) => `${head("AutoPipelineForInpainting", p)}from diffusers.utils import load_image

${load("AutoPipelineForInpainting", m.id, p, `dtype=torch.float16, variant="fp16", device_map="cuda"`)}

img_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo.png"
mask_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo_mask.png"
image = load_image(img_url).resize((1024, 1024))
mask_image = load_image(mask_url).resize((1024, 1024))

prompt = "a tiger sitting on a park bench"
generator = torch.Generator(device="cuda").manual_seed(0)

image = pipe(
    prompt=prompt,
    image=image,
    mask_image=mask_image,
    guidance_scale=8.0,
    num_inference_steps=20,  # 15 to 30 steps work well
    strength=0.99,  # keep strength below 1.0
    generator=generator,
).images[0]`;

const controlnet = (
  m: ModelData,
  p?: Pruna,
) => `from diffusers import ControlNetModel${p ? `\nfrom ${p.module} import ${p.model}` : ", StableDiffusionControlNetPipeline"}

controlnet = ControlNetModel.from_pretrained(${pyString(m.id)})
pipe = ${p?.model ?? "StableDiffusionControlNetPipeline"}.from_pretrained(${pyString(baseModelOf(m))}, controlnet=controlnet)`;

const loraImageToImage = (
  m: ModelData,
  p?: Pruna,
) => `${head("DiffusionPipeline", p)}from diffusers.utils import load_image

${load("DiffusionPipeline", baseModelOf(m), p)}
pipe.load_lora_weights(${pyString(m.id)})

prompt = ${pyString(promptOf(m) || CAT_PROMPT)}
input_image = load_image("https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png")

image = pipe(image=input_image, prompt=prompt).images[0]`;

const loraImageToVideo = (
  m: ModelData,
  p?: Pruna,
) => `${head("DiffusionPipeline", p)}from diffusers.utils import export_to_video, load_image

${load("DiffusionPipeline", baseModelOf(m), p)}
pipe.load_lora_weights(${pyString(m.id)})

prompt = ${pyString(promptOf(m) || GUITAR_PROMPT)}
input_image = load_image("https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/guitar-man.png")

output = pipe(image=input_image, prompt=prompt).frames[0]
export_to_video(output, "output.mp4")`;

const loraTextToVideo = (
  m: ModelData,
  p?: Pruna,
) => `${head("DiffusionPipeline", p)}from diffusers.utils import export_to_video

${load("DiffusionPipeline", baseModelOf(m), p)}
pipe.load_lora_weights(${pyString(m.id)})

prompt = ${pyString(promptOf(m) || GUITAR_PROMPT)}

output = pipe(prompt=prompt).frames[0]
export_to_video(output, "output.mp4")`;

const lora = (m: ModelData, p?: Pruna) => `${head("DiffusionPipeline", p)}
${load("DiffusionPipeline", baseModelOf(m), p)}
pipe.load_lora_weights(${pyString(m.id)})

prompt = ${pyString(promptOf(m) || DEFAULT_PROMPT)}
image = pipe(prompt).images[0]`;

const textualInversion = (m: ModelData, p?: Pruna) => `${head("DiffusionPipeline", p)}
${load("DiffusionPipeline", baseModelOf(m), p)}
pipe.load_textual_inversion(${pyString(m.id)})`;

const fluxFill = (
  m: ModelData,
  p?: Pruna,
) => `${head("FluxFillPipeline", p)}from diffusers.utils import load_image

image = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup.png")
mask = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup_mask.png")

${load("FluxFillPipeline", m.id, p)}
image = pipe(
    prompt="a white paper cup",
    image=image,
    mask_image=mask,
    height=1632,
    width=1232,
    guidance_scale=30,
    num_inference_steps=50,
    max_sequence_length=512,
    generator=torch.Generator("cpu").manual_seed(0),
).images[0]
image.save("flux-fill-dev.png")`;

const imageToVideo = (
  m: ModelData,
  p?: Pruna,
) => `${head("DiffusionPipeline", p)}from diffusers.utils import export_to_video, load_image

${load("DiffusionPipeline", m.id, p)}

prompt = ${pyString(promptOf(m) || GUITAR_PROMPT)}
image = load_image("https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/guitar-man.png")

output = pipe(image=image, prompt=prompt).frames[0]
export_to_video(output, "output.mp4")`;

const imageToImage = (
  m: ModelData,
  p?: Pruna,
) => `${head("DiffusionPipeline", p)}from diffusers.utils import load_image

${load("DiffusionPipeline", m.id, p)}

prompt = ${pyString(promptOf(m) || CAT_PROMPT)}
input_image = load_image("https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png")

image = pipe(image=input_image, prompt=prompt).images[0]`;

const defaultSnippet = (m: ModelData, p?: Pruna) => `${head("DiffusionPipeline", p)}
${load("DiffusionPipeline", m.id, p)}

prompt = ${pyString(promptOf(m) || DEFAULT_PROMPT)}
image = pipe(prompt).images[0]`;

/** The install line and the one snippet for the model's kind (tags first, then the pipeline tag). */
export function diffusersSnippets(m: ModelData, pruna?: Pruna): string[] {
  const tags = m.tags ?? [];
  const pipeline = m.pipeline_tag;
  let code: string;
  if (tags.includes("StableDiffusionInpaintPipeline") || tags.includes("StableDiffusionXLInpaintPipeline"))
    code = inpainting(m, pruna);
  else if (tags.includes("controlnet")) code = controlnet(m, pruna);
  else if (tags.includes("lora") && pipeline === "image-to-image") code = loraImageToImage(m, pruna);
  else if (tags.includes("lora") && pipeline === "image-to-video") code = loraImageToVideo(m, pruna);
  else if (tags.includes("lora") && pipeline === "text-to-video") code = loraTextToVideo(m, pruna);
  else if (tags.includes("lora")) code = lora(m, pruna);
  else if (tags.includes("textual_inversion")) code = textualInversion(m, pruna);
  else if (tags.includes("FluxFillPipeline")) code = fluxFill(m, pruna);
  else if (pipeline === "image-to-video") code = imageToVideo(m, pruna);
  else if (pipeline === "image-to-image") code = imageToImage(m, pruna);
  else code = defaultSnippet(m, pruna);
  return [INSTALL, code];
}

export const DIFFUSERS: Record<string, Snippets> = { diffusers: (m) => diffusersSnippets(m) };
