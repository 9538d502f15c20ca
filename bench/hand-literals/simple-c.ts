/** Hand-written snippets of the libraries whose snippets print the model id only (sam-3d-objects .. zonos). */
import { pyString, shString, type Snippets } from "./strings.js";

export const SIMPLE_C: Record<string, Snippets> = {
  "sam-3d-objects": (m) => [
    `from huggingface_hub import hf_hub_download
from inference import Inference, load_image, load_single_mask

path = hf_hub_download(${pyString(m.id)}, "checkpoints/pipeline.yaml")
inference = Inference(path, compile=False)

image = load_image("path_to_image.png")
mask = load_single_mask("path_to_mask.png", index=14)
output = inference(image, mask)`,
  ],
  sam2: (m) => [
    `# Segment images
import torch
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${pyString(m.id)})

# your_image: the image to segment; input_prompts: points or boxes on the object
with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    predictor.set_image(your_image)
    masks, _, _ = predictor.predict(input_prompts)`,
    `# Segment videos
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${pyString(m.id)})

# your_video: the video to segment; your_prompts: points or boxes on the object
with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    state = predictor.init_state(your_video)

    # add prompts and get the output on the same frame
    frame_idx, object_ids, masks = predictor.add_new_points(state, your_prompts)

    # propagate the prompts through the video
    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):
        ...`,
  ],
  "sample-factory": (m) => [
    `python -m sample_factory.huggingface.load_from_hub -r ${shString(m.id)} -d ./train_dir`,
  ],
  sana: (m) => [
    `import torch
from app.sana_pipeline import SanaPipeline
from torchvision.utils import save_image

sana = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")
sana.from_pretrained(${pyString(`hf://${m.id}`)})

image = sana(
    prompt='a cyberpunk cat with a neon sign that says "Sana"',
    height=1024,
    width=1024,
    guidance_scale=5.0,
    pag_guidance_scale=2.0,
    num_inference_steps=18,
)`,
  ],
  setfit: (m) => [
    `from setfit import SetFitModel

model = SetFitModel.from_pretrained(${pyString(m.id)})`,
  ],
  "span-marker": (m) => [
    `from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${pyString(m.id)})`,
  ],
  "stable-audio-tools": (m) => [
    `import torch
import torchaudio
from einops import rearrange
from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond

device = "cuda" if torch.cuda.is_available() else "cpu"

# Download the model
model, model_config = get_pretrained_model(${pyString(m.id)})
sample_rate = model_config["sample_rate"]
sample_size = model_config["sample_size"]
model = model.to(device)

# Text conditioning
conditioning = [{"prompt": "128 BPM tech house drum loop"}]

# Generate stereo audio
output = generate_diffusion_cond(
    model,
    conditioning=conditioning,
    sample_size=sample_size,
    device=device,
)

# Rearrange the audio batch to a single sequence
output = rearrange(output, "b d n -> d (b n)")

# Peak-normalise, clip, convert to int16 and save to a file
output = output.to(torch.float32).div(torch.max(torch.abs(output))).clamp(-1, 1).mul(32767).to(torch.int16).cpu()
torchaudio.save("output.wav", output, sample_rate)`,
  ],
  "stable-baselines3": (m) => [
    `from huggingface_sb3 import load_from_hub

checkpoint = load_from_hub(
    repo_id=${pyString(m.id)},
    filename="{MODEL FILENAME}.zip",
)`,
  ],
  swarmformer: (m) => [
    `from swarmformer import SwarmFormerModel

model = SwarmFormerModel.from_pretrained(${pyString(m.id)})`,
  ],
  terratorch: (m) => [
    `from terratorch.registry import BACKBONE_REGISTRY

model = BACKBONE_REGISTRY.build(${pyString(m.id)})`,
  ],
  "tf-keras": (m) => [
    `# Note: 'keras<3.x' or 'tf_keras' must be installed (legacy)
# See https://github.com/keras-team/tf-keras for more details.
from huggingface_hub import from_pretrained_keras

model = from_pretrained_keras(${pyString(m.id)})`,
  ],
  timm: (m) => [
    `import timm

model = timm.create_model(${pyString(`hf_hub:${m.id}`)}, pretrained=True)`,
  ],
  univa: (m) => [
    `# Follow the installation instructions at https://github.com/PKU-YuanGroup/UniWorld-V1
import torch
from transformers import AutoProcessor
from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration

model = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(
    ${pyString(m.id)},
    torch_dtype=torch.bfloat16,
    attn_implementation="flash_attention_2",
).to("cuda")
processor = AutoProcessor.from_pretrained(${pyString(m.id)})`,
  ],
  "vfi-mamba": (m) => [
    `from Trainer_finetune import Model

model = Model.from_pretrained(${pyString(m.id)})`,
  ],
  vibevoice: (m) => [
    `import librosa
import soundfile as sf
import torch
from vibevoice.modular.modeling_vibevoice_inference import VibeVoiceForConditionalGenerationInference
from vibevoice.processor.vibevoice_processor import VibeVoiceProcessor


def load_voice(path):
    # a voice sample, as 24 kHz mono
    voice, sr = sf.read(path)
    if voice.ndim > 1:
        voice = voice.mean(axis=1)
    if sr != 24000:
        voice = librosa.resample(voice, orig_sr=sr, target_sr=24000)
    return voice


processor = VibeVoiceProcessor.from_pretrained(${pyString(m.id)})
model = VibeVoiceForConditionalGenerationInference.from_pretrained(${pyString(m.id)}, torch_dtype=torch.bfloat16).to("cuda").eval()
model.set_ddpm_inference_steps(5)

# one voice sample per speaker of the script
script = "Speaker 0: Welcome to the show!\\nSpeaker 1: Thanks, it is great to be here."
voices = [load_voice("path/to/speaker_0.wav"), load_voice("path/to/speaker_1.wav")]
inputs = processor(text=[script], voice_samples=[voices], return_tensors="pt")

audio = model.generate(**inputs, cfg_scale=1.3, tokenizer=processor.tokenizer).speech_outputs[0]
sf.write("output.wav", audio.cpu().numpy().squeeze(), 24000)`,
  ],
  videoprism: (m) => [
    `# Install the code from https://github.com/google-deepmind/videoprism
import jax
from videoprism import models as vp

flax_model = vp.get_model(${pyString(m.id)})
loaded_state = vp.load_pretrained_weights(${pyString(m.id)})

@jax.jit
def forward_fn(inputs, train=False):
    return flax_model.apply(loaded_state, inputs, train=train)`,
  ],
  voicecraft: (m) => [
    `from voicecraft import VoiceCraft

model = VoiceCraft.from_pretrained(${pyString(m.id)})`,
  ],
  voxcpm: (m) => [
    `import soundfile as sf
from voxcpm import VoxCPM

model = VoxCPM.from_pretrained(${pyString(m.id)})

wav = model.generate(
    text="VoxCPM is an end-to-end text-to-speech model that speaks with natural, expressive voices.",
    prompt_wav_path=None,  # optional: a prompt audio, to clone its voice
    prompt_text=None,  # optional: the transcript of the prompt audio
    cfg_value=2.0,  # guidance strength
    inference_timesteps=10,  # number of diffusion steps
    normalize=True,  # normalise the text
    denoise=True,  # denoise the prompt audio
    retry_badcase=True,  # retry generations that went wrong
    retry_badcase_max_times=3,  # at most this many retries
    retry_badcase_ratio_threshold=6.0,  # audio/text length ratio above which a generation is retried
)

sf.write("output.wav", wav, 16000)
print("saved: output.wav")`,
  ],
  zonos: (m) => [
    `# pip install git+https://github.com/Zyphra/Zonos.git
import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

model = Zonos.from_pretrained(${pyString(m.id)}, device="cuda")

wav, sr = torchaudio.load("speaker.wav")  # a 5 to 10 second reference clip
speaker = model.make_speaker_embedding(wav, sr)

cond = make_cond_dict(text="Hello, world!", speaker=speaker, language="en-us")
codes = model.generate(model.prepare_conditioning(cond))

audio = model.autoencoder.decode(codes)[0].cpu()
torchaudio.save("sample.wav", audio, model.autoencoder.sampling_rate)`,
  ],
};
