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
  chat_tts: (_m) => [
    `import ChatTTS
import torch
import torchaudio

chat = ChatTTS.Chat()
chat.load_models(compile=False)  # compile=True runs faster

texts = ["PUT YOUR TEXT HERE"]
wavs = chat.infer(texts)

torchaudio.save("output1.wav", torch.from_numpy(wavs[0]), 24000)`,
  ],
  chatterbox: (_m) => [
    `# pip install chatterbox-tts
import torchaudio as ta
from chatterbox.tts import ChatterboxTTS

model = ChatterboxTTS.from_pretrained(device="cuda")

text = "The quick brown fox jumps over the lazy dog, then settles down for a nap in the afternoon sun."
wav = model.generate(text)
ta.save("test-1.wav", wav, model.sr)

# To speak in another voice, give a short recording of it
AUDIO_PROMPT_PATH = "YOUR_FILE.wav"
wav = model.generate(text, audio_prompt_path=AUDIO_PROMPT_PATH)
ta.save("test-2.wav", wav, model.sr)`,
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
  "cxr-foundation": (_m) => [
    `# pip install git+https://github.com/Google-Health/cxr-foundation.git#subdirectory=python
from io import BytesIO

import requests
from PIL import Image
from clientside.clients import make_hugging_face_client

# a chest X-ray, in grayscale
image_url = "https://upload.wikimedia.org/wikipedia/commons/c/c8/Chest_Xray_PA_3-8-2010.png"
img = Image.open(requests.get(image_url, headers={"User-Agent": "Demo"}, stream=True).raw).convert("L")

cxr_client = make_hugging_face_client("cxr_model")
print(cxr_client.get_image_embeddings_from_images([img]))`,
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
  "derm-foundation": (_m) => [
    `import requests
import tensorflow as tf
from huggingface_hub import from_pretrained_keras

# A skin image, as PNG bytes
IMAGE_URL = "https://storage.googleapis.com/dx-scin-public-data/dataset/images/3445096909671059178.png"
image_bytes = requests.get(IMAGE_URL, stream=True).content

# The model reads a serialized tf.train.Example holding the encoded image
input_tensor = tf.train.Example(
    features=tf.train.Features(
        feature={"image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_bytes]))}
    )
).SerializeToString()

loaded_model = from_pretrained_keras("google/derm-foundation")
infer = loaded_model.signatures["serving_default"]
print(infer(inputs=tf.constant([input_tensor])))`,
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
  flextab: (_m) => [
    `pip install git+https://github.com/SAP-samples/flextab`,
    `from sklearn.datasets import load_breast_cancer
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

from flextab import FlexTabClassifier

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)

# an 8k context with 8-fold bagging works best; lower both if memory runs out
clf = FlexTabClassifier(max_context_size=8192, bagging=8)
clf.fit(X_train, y_train)

prediction_probabilities = clf.predict_proba(X_test)
predictions = clf.predict(X_test)
print("Accuracy", accuracy_score(y_test, predictions))`,
    `from sklearn.datasets import fetch_openml
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split

from flextab import FlexTabRegressor

df = fetch_openml(data_id=531, as_frame=True)
X = df.data
y = df.target.astype(float)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=42)

# an 8k context with 8-fold bagging works best; lower both if memory runs out
regressor = FlexTabRegressor(max_context_size=8192, bagging=8)
regressor.fit(X_train, y_train)

predictions = regressor.predict(X_test)
r2 = r2_score(y_test, predictions)
print("R² Score:", r2)`,
    `from sklearn.metrics import accuracy_score, roc_auc_score

from flextab import FlexTabMatcher
from flextab.utils.test_utils import load_febrl4

left_train, left_test, right_train, right_test, y_train, y_test = load_febrl4()

matcher = FlexTabMatcher(max_context_size=8192, bagging=1)
matcher.fit(left_train, right_train, y_train)
predictions = matcher.predict(left_test, right_test)
print(f"Accuracy: {accuracy_score(y_test, predictions) * 100:.2f}%")

# match probabilities:
# probas = matcher.predict_proba_matching(left_test, right_test)
# print(f"AUROC: {roc_auc_score(y_test, probas[:, 1]):.4f}")`,
  ],
};
