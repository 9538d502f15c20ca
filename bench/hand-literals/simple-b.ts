/** Hand-written snippets of the libraries whose snippets print the model id only (gliner .. sam-3d-body). */
import { pyString, shString, type Snippets } from "./strings.js";

export const SIMPLE_B: Record<string, Snippets> = {
  gliner: (m) => [
    `from gliner import GLiNER

model = GLiNER.from_pretrained(${pyString(m.id)})`,
  ],
  gliner2: (m) => [
    `from gliner2 import GLiNER2

model = GLiNER2.from_pretrained(${pyString(m.id)})

text = "Apple CEO Tim Cook presented the new iPhone at an event in Cupertino on Tuesday."
result = model.extract_entities(text, ["company", "person", "product", "location"])
print(result)`,
  ],
  htrflow: (m) => [
    `# Run a pipeline on an image (see https://ai-riksarkivet.github.io/htrflow/latest/getting_started/quick_start.html)
htrflow pipeline path/to/pipeline.yaml path/to/image`,
    `from htrflow.models.framework.model import ModelClass
from htrflow.pipeline.pipeline import Pipeline
from htrflow.pipeline.steps import Task

pipeline = Pipeline([
    Task(ModelClass, dict(model=${pyString(m.id)}), {}),
])`,
  ],
  "index-tts": (m) => [
    `from huggingface_hub import snapshot_download
from indextts.infer import IndexTTS

snapshot_download(${pyString(m.id)}, local_dir="checkpoints")

tts = IndexTTS(model_dir="checkpoints", cfg_path="checkpoints/config.yaml")

voice = "path/to/your/reference_voice.wav"
text = "Hello, how are you?"
output_path = "output_index.wav"
tts.infer(voice, text, output_path)`,
  ],
  keras: (m) => [
    `import os

os.environ["KERAS_BACKEND"] = "jax"  # or "torch", "tensorflow"

import keras

model = keras.saving.load_model(${pyString(`hf://${m.id}`)})`,
  ],
  "kimi-audio": (m) => [
    `# pip install git+https://github.com/MoonshotAI/Kimi-Audio.git
import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

model = KimiAudio(model_path=${pyString(m.id)}, load_detokenizer=True)

sampling_params = {
    "audio_temperature": 0.8,
    "audio_top_k": 10,
    "text_temperature": 0.0,
    "text_top_k": 5,
}

# Speech recognition
messages_asr = [
    {"role": "user", "message_type": "text", "content": "Please transcribe the following audio:"},
    {"role": "user", "message_type": "audio", "content": "asr_example.wav"},
]
_, text = model.generate(messages_asr, **sampling_params, output_type="text")
print(text)

# Spoken question answering
messages_conv = [
    {"role": "user", "message_type": "audio", "content": "qa_example.wav"},
]
wav, text = model.generate(messages_conv, **sampling_params, output_type="both")
sf.write("output_audio.wav", wav.cpu().view(-1).numpy(), 24000)
print(text)`,
  ],
  kittentts: (m) => [
    `import soundfile as sf
from kittentts import KittenTTS

m = KittenTTS(${pyString(m.id)})

audio = m.generate("This high quality text-to-speech model runs without a GPU.")

# Save the audio
sf.write("output.wav", audio, 24000)`,
  ],
  "litert-lm": (m) => [
    `# LiteRT-LM runs on Android, iOS, Windows, Linux, macOS, IoT and Web/WASM, with C++, Python, Kotlin,
# Swift, JavaScript and Flutter APIs; platform guides: https://ai.google.dev/edge/litert-lm
# The command-line tool is the easiest way to try a model.

# 1. Install the CLI tool
pip install -U litert-lm

# 2. Download and run the model locally (https://ai.google.dev/edge/litert-lm/cli)
litert-lm run \\
    --from-huggingface-repo=${shString(m.id)} \\
    --prompt="Write me a poem"`,
  ],
  lvface: (m) => [
    `from huggingface_hub import hf_hub_download
from inference_onnx import LVFaceONNXInferencer

model_path = hf_hub_download(${pyString(m.id)}, "LVFace-L_Glint360K/LVFace-L_Glint360K.onnx")
inferencer = LVFaceONNXInferencer(model_path, use_gpu=True, timeout=300)

img_path = "path/to/image1.jpg"
embedding = inferencer.infer_from_image(img_path)`,
  ],
  "mamba-ssm": (m) => [
    `from mamba_ssm import MambaLMHeadModel

model = MambaLMHeadModel.from_pretrained(${pyString(m.id)})`,
  ],
  "mars5-tts": (m) => [
    `# Install the code from https://github.com/Camb-ai/MARS5-TTS
from inference import Mars5TTS

mars5 = Mars5TTS.from_pretrained(${pyString(m.id)})`,
  ],
  matanyone: (m) => [
    `# Install the code from https://github.com/pq-yang/MatAnyone.git
from matanyone.model.matanyone import MatAnyone

model = MatAnyone.from_pretrained(${pyString(m.id)})`,
    `from matanyone import InferenceCore

processor = InferenceCore(${pyString(m.id)})`,
  ],
  "ml-agents": (m) => [`mlagents-load-from-hf --repo-id=${shString(m.id)} --local-dir=./downloads`],
  "mlx-image": (m) => [
    `from mlxim.model import create_model

model = create_model(${pyString(m.id)})`,
  ],
  model2vec: (m) => [
    `from model2vec import StaticModel

model = StaticModel.from_pretrained(${pyString(m.id)})`,
  ],
  nobg: (m) => [
    `pip install nobg loadimg`,
    `# Option 1: the predict method
from nobg import AutoModel, AutoProcessor

model = AutoModel.from_pretrained(${pyString(m.id)}).eval()
processor = AutoProcessor.from_pretrained(${pyString(m.id)})
cutout = model.predict(processor, "image.jpg"${m.tags?.includes("promptable") ? `, "prompt"` : ""})`,
    `# Option 2: the model and processor directly
import torch
from loadimg import load_img
from nobg import AutoModel, AutoProcessor

model = AutoModel.from_pretrained(${pyString(m.id)}).eval()
processor = AutoProcessor.from_pretrained(${pyString(m.id)})

image = load_img("image.jpg").convert("RGB")
inputs = processor(image, return_tensors="pt")

with torch.no_grad():
    outputs = model(pixel_values=inputs["pixel_values"])

alpha = processor.post_process_alpha_matting(outputs, target_sizes=[(image.height, image.width)])[0]
processor.cutout(image, alpha).save("output.png")`,
  ],
  open_clip: (m) => [
    `import open_clip

model, preprocess_train, preprocess_val = open_clip.create_model_and_transforms(${pyString(`hf-hub:${m.id}`)})
tokenizer = open_clip.get_tokenizer(${pyString(`hf-hub:${m.id}`)})`,
  ],
  "phantom-wan": (m) => [
    `from huggingface_hub import snapshot_download
from phantom_wan import WanI2V, configs

checkpoint_dir = snapshot_download(${pyString(m.id)})
wan_i2v = WanI2V(
    config=configs.WAN_CONFIGS["i2v-14B"],
    checkpoint_dir=checkpoint_dir,
)

text_prompt = "A cat walks along a sunny beach."
image_prompt = "path/to/reference_image.png"
video = wan_i2v.generate(text_prompt, image_prompt)`,
  ],
  "pocket-tts": (m) => [
    `import scipy.io.wavfile
from pocket_tts import TTSModel

tts_model = TTSModel.load_model(${pyString(m.id)})
voice_state = tts_model.get_state_for_audio_prompt("hf://kyutai/tts-voices/alba-mackenna/casual.wav")

# audio: a 1-D torch tensor of PCM samples
audio = tts_model.generate_audio(voice_state, "Hello world, this is a test of Pocket TTS.")
scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`,
  ],
  pxia: (m) => [
    `from pxia import AutoModel

model = AutoModel.from_pretrained(${pyString(m.id)})`,
  ],
  pythae: (m) => [
    `from pythae.models import AutoModel

model = AutoModel.load_from_hf_hub(${pyString(m.id)})`,
  ],
  qwen3_tts: (m) => [
    `# pip install qwen-tts
import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

model = Qwen3TTSModel.from_pretrained(
    ${pyString(m.id)},
    device_map="cuda:0",
    dtype=torch.bfloat16,
    attn_implementation="flash_attention_2",
)

wavs, sr = model.generate_custom_voice(
    text="Your text here.",
    language="English",
    speaker="Ryan",
    instruct="Speak in a natural, relaxed tone.",
)
sf.write("output.wav", wavs[0], sr)`,
  ],
  relik: (m) => [
    `from relik import Relik

relik = Relik.from_pretrained(${pyString(m.id)})`,
  ],
  renderformer: (m) => [
    `# Install the code from https://github.com/microsoft/renderformer
from renderformer import RenderFormerRenderingPipeline

pipeline = RenderFormerRenderingPipeline.from_pretrained(${pyString(m.id)})`,
  ],
  "sam-3d-body": (m) => [
    `# Run from a clone of https://github.com/facebookresearch/sam-3d-body
from notebook.utils import setup_sam_3d_body

estimator = setup_sam_3d_body(${pyString(m.id)})

# your_image: the image to process
outputs = estimator.process_one_image(your_image)

# visualize_sample_together: the rendering helper of the repo's demo notebook
rend_img = visualize_sample_together(your_image, outputs, estimator.faces)`,
  ],
};
