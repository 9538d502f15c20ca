/** Hand-written snippets of the libraries whose snippets print the model id only (3dtopia-xl .. flextab). */
import { pyString, shString, type Snippets } from "./strings.js";

export const SIMPLE_A: Record<string, Snippets> = {
  "3dtopia-xl": (m) => [
    `from threedtopia_xl.models import threedtopia_xl

model = threedtopia_xl.from_pretrained(${pyString(m.id)})
model.generate(cond="path/to/image.png")`,
  ],
  anemoi: (m) => [
    `from anemoi.inference.config.run import RunConfiguration
from anemoi.inference.runners.default import DefaultRunner

config = RunConfiguration(checkpoint=dict(huggingface=${pyString(m.id)}))
runner = DefaultRunner(config)`,
  ],
  araclip: (m) => [
    `from araclip import AraClip

model = AraClip.from_pretrained(${pyString(m.id)})`,
  ],
  asteroid: (m) => [
    `from asteroid.models import BaseModel

model = BaseModel.from_pretrained(${pyString(m.id)})`,
  ],
  audioseal: (m) => [
    `from audioseal import AudioSeal

generator = AudioSeal.load_generator(${pyString(m.id)})

# wav: a tensor of shape (batch, channels, samples), sampled at sr
sr = 16000
watermark = generator.get_watermark(wav, sr)
watermarked_audio = wav + watermark`,
    `from audioseal import AudioSeal

detector = AudioSeal.load_detector(${pyString(m.id)})

# watermarked_audio and sr as in the generator snippet
result, message = detector.detect_watermark(watermarked_audio, sr)`,
  ],
  ben2: (m) => [
    `import requests
from PIL import Image
from ben2 import AutoModel

url = "https://huggingface.co/datasets/mishig/sample_images/resolve/main/teapot.jpg"
image = Image.open(requests.get(url, stream=True).raw)

model = AutoModel.from_pretrained(${pyString(m.id)})
model.to("cuda").eval()
foreground = model.inference(image)`,
  ],
  bertopic: (m) => [
    `from bertopic import BERTopic

model = BERTopic.load(${pyString(m.id)})`,
  ],
  birefnet: (m) => [
    `# Option 1: through transformers
from transformers import AutoModelForImageSegmentation

birefnet = AutoModelForImageSegmentation.from_pretrained(${pyString(m.id)}, trust_remote_code=True)`,
    `# Option 2: with the BiRefNet code (install it from https://github.com/ZhengPeng7/BiRefNet)
from models.birefnet import BiRefNet

model = BiRefNet.from_pretrained(${pyString(m.id)})`,
  ],
  bm25s: (m) => [
    `from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${pyString(m.id)})`,
  ],
  cartesia_mlx: (m) => [
    `import mlx.core as mx
import cartesia_mlx as cmx

model = cmx.from_pretrained(${pyString(m.id)})
model.set_dtype(mx.float32)

prompt = "Rene Descartes was"

for text in model.generate(
    prompt,
    max_tokens=500,
    eval_every_n=5,
    verbose=True,
    top_p=0.99,
    temperature=0.85,
):
    print(text, end="", flush=True)`,
  ],
  cartesia_pytorch: (m) => [
    `# pip install --no-binary :all: cartesia-pytorch
from cartesia_pytorch import ReneLMHeadModel
from transformers import AutoTokenizer

model = ReneLMHeadModel.from_pretrained(${pyString(m.id)})
tokenizer = AutoTokenizer.from_pretrained("allenai/OLMo-1B-hf")

in_message = ["Rene Descartes was"]
inputs = tokenizer(in_message, return_tensors="pt")

outputs = model.generate(inputs.input_ids, max_length=50, top_k=100, top_p=0.99)
out_message = tokenizer.batch_decode(outputs, skip_special_tokens=True)[0]
print(out_message)`,
  ],
  "chronos-forecasting": (m) => [
    `pip install chronos-forecasting`,
    `import pandas as pd
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${pyString(m.id)}, device_map="cuda")

# Load historical data
context_df = pd.read_csv("https://autogluon.s3.us-west-2.amazonaws.com/datasets/timeseries/misc/AirPassengers.csv")

pred_df = pipeline.predict_df(
    context_df,
    prediction_length=36,  # forecast horizon
    quantile_levels=[0.1, 0.5, 0.9],  # quantiles of the forecast
    id_column="item_id",  # column identifying each series
    timestamp_column="Month",  # time column
    target="#Passengers",  # column to forecast
)`,
  ],
  colipri: (m) => [
    `pip install colipri`,
    `from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

model = get_model().cuda()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(${pyString(m.id)}, processor)

image = load_sample_ct()  # a sample CT scan
pipeline(image, ["No lung nodules", "Lung nodules"])`,
  ],
  collectorvision: (m) => [
    `pip install git+https://github.com/HanClinto/CollectorVision huggingface_hub`,
    `from huggingface_hub import hf_hub_download
import collector_vision as cvg

checkpoint = hf_hub_download(repo_id=${pyString(m.id)}, filename="model.onnx")

# A corner detector model (Cornelius, for example)
detector = cvg.NeuralCornerDetector(checkpoint)

# An embedder model (Milo, for example)
embedder = cvg.NeuralEmbedder(checkpoint)`,
  ],
  "depth-pro": (m) => [
    `# Download the checkpoint
pip install huggingface-hub
huggingface-cli download --local-dir checkpoints ${shString(m.id)}`,
    `import depth_pro

# Load the model and its preprocessing transform (from ./checkpoints)
model, transform = depth_pro.create_model_and_transforms()
model.eval()

# Load and preprocess an image
image, _, f_px = depth_pro.load_rgb("example.png")
image = transform(image)

prediction = model.infer(image, f_px=f_px)
depth = prediction["depth"]  # depth in meters
focallength_px = prediction["focallength_px"]  # focal length in pixels`,
  ],
  "describe-anything": (m) => [
    `# pip install git+https://github.com/NVlabs/describe-anything
from huggingface_hub import snapshot_download
from dam import DescribeAnythingModel

snapshot_download(${pyString(m.id)}, local_dir="checkpoints")

dam = DescribeAnythingModel(
    model_path="checkpoints",
    conv_mode="v1",
    prompt_mode="focal_prompt",
)`,
  ],
  "dia-tts": (m) => [
    `import soundfile as sf
from dia.model import Dia

model = Dia.from_pretrained(${pyString(m.id)})

text = "[S1] Have you tried the new model yet? [S2] I have, and it sounds great. (laughs) [S1] Let's make a demo."
output = model.generate(text)

sf.write("simple.mp3", output, 44100)`,
  ],
  dia2: (m) => [
    `from dia2 import Dia2, GenerationConfig, SamplingConfig

dia = Dia2.from_repo(${pyString(m.id)}, device="cuda", dtype="bfloat16")
config = GenerationConfig(
    cfg_scale=2.0,
    audio=SamplingConfig(temperature=0.8, top_k=50),
    use_cuda_graph=True,
)

# [S1] marks the speaker of the line
result = dia.generate("[S1] Hello Dia2!", config=config, output_wav="hello.wav", verbose=True)`,
  ],
  fairseq: (m) => [
    `from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${pyString(m.id)})`,
  ],
  fastai: (m) => [
    `from huggingface_hub import from_pretrained_fastai

learn = from_pretrained_fastai(${pyString(m.id)})`,
  ],
  fasttext: (m) => [
    `import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(${pyString(m.id)}, "model.bin"))`,
  ],
  flair: (m) => [
    `from flair.models import SequenceTagger

tagger = SequenceTagger.load(${pyString(m.id)})`,
  ],
};
