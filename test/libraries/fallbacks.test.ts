/**
 * The library snippets' fallbacks and branches, with their exact messages, and the constants their snippets
 * use. The expected texts are product behaviour, written here byte for byte.
 */
import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS, getLibrarySnippets } from "../../src/index.js";
import { sampleContents as contents, sampleRecord as sample, sampleSnippets as snippets } from "./support.js";

/** The templates of a sample's snippets, in order. */
const templates = (name: string) => snippets(name).map((s) => s.template);

describe("fallback messages, exactly: the whole snippet", () => {
  const whole: [string, string][] = [
    ["sklearn-skops-no-file", "# ⚠️ Model filename not specified in config.json"],
    ["speechbrain-no-interface", "# interface not specified in config.json"],
    ["speechbrain-invalid-interface", "# interface in config.json invalid"],
    ["espnet-unknown", "unknown model type (must be text-to-speech or automatic-speech-recognition)"],
    ["transformers-unknown", "# ⚠️ Type of model unknown"],
    ["peft-invalid-task", "Task type is invalid."],
    ["peft-no-base-model", "Base model is not found."],
    ["transformers-js-no-pipeline-tag", "// ⚠️ Unknown pipeline tag"],
    ["nemo-unknown", "# tag did not correspond to a valid NeMo domain."],
    ["audiocraft-unknown", "# Type of model unknown."],
    [
      "paddleocr-unknown",
      "# Please refer to the document for information on how to use the model.\n# https://paddlepaddle.github.io/PaddleOCR/latest/en/version3.x/module_usage/module_overview.html",
    ],
  ];
  for (const [name, message] of whole) {
    it(`${name}: only ${JSON.stringify(message)}`, () => expect(contents(name)).toEqual([message]));
  }

  it("peft: a missing task type is invalid too (checked before the base model)", () => {
    expect(getLibrarySnippets("peft", { id: "a/b", config: { peft: {} } }).map((s) => s.content)).toEqual([
      "Task type is invalid.",
    ]);
    expect(getLibrarySnippets("peft", { id: "a/b" }).map((s) => s.content)).toEqual([
      "Task type is invalid.",
    ]);
  });

  it("messages without code are marked language text; the others are comments of their language", () => {
    expect(snippets("peft-invalid-task")[0].language).toBe("text");
    expect(snippets("espnet-unknown")[0].language).toBe("text");
    expect(snippets("transformers-js-no-pipeline-tag")[0].language).toBe("js");
    expect(snippets("sklearn-skops-no-file")[0].language).toBe("python");
  });
});

describe("fallback messages, exactly: warnings and placeholders next to the code", () => {
  it("YOLO without a yolov<digits> tag: two warning lines first, then YOLOvXX", () => {
    for (const name of ["ultralytics-no-version", "yolov10-no-version"]) {
      const [text] = contents(name);
      expect(
        text.startsWith(
          "# Couldn't find a valid YOLO version tag.\n# Replace XX with the correct version.\n",
        ),
      ).toBe(true);
      expect(text).toContain("from ultralytics import YOLOvXX\n");
    }
    expect(contents("ultralytics-yolov8")[0]).toContain("from ultralytics import YOLOv8\n");
    expect(contents("yolov10-default")[0]).toContain("model = YOLOv10.from_pretrained(");
    expect(
      getLibrarySnippets("ultralytics", { id: "a/b", tags: ["yolov", "yolov8x", "yolov11"] })[0].content,
    ).toContain("import YOLOv11\n");
  });

  it("paddlenlp without architectures: the warning is the first line and the code follows", () => {
    const [text] = contents("paddlenlp-unknown");
    expect(text.split("\n")[0]).toBe("# ⚠️ Type of model unknown");
    expect(text).toContain("AutoModel.from_pretrained(");
  });

  it("OuteTTS is omitted with a gguf or onnx tag; lerobot without smolvla has none", () => {
    expect(contents("outetts-gguf")).toEqual([]);
    expect(contents("outetts-onnx")).toEqual([]);
    expect(contents("outetts-default")).toHaveLength(1);
    expect(contents("lerobot-other")).toEqual([]);
    expect(contents("lerobot-smolvla")).toHaveLength(3);
    expect(contents("lerobot-smolvla-base")).toHaveLength(2);
  });

  it("llama-cpp-python: a conversational model of a task without an example", () => {
    expect(contents("llama-cpp-python-chat-other-task")[1]).toContain(
      'messages="No input example has been defined for this model task."',
    );
  });

  it("depth-anything-v2 of unknown size keeps its placeholders; tf-keras warns", () => {
    const [text] = contents("depth-anything-v2-other");
    for (const p of ["<ENCODER>", "<NUMBER_OF_FEATURES>", "<OUT_CHANNELS>"]) expect(text).toContain(p);
    expect(contents("tf-keras-default")[0]).toContain(
      "# Note: 'keras<3.x' or 'tf_keras' must be installed (legacy)",
    );
    expect(contents("stable-baselines3-default")[0]).toContain('"{MODEL FILENAME}.zip"');
    expect(contents("llama-cpp-python-chat")[0]).toContain('filename="{{GGUF_FILE}}"');
    expect(contents("diffusers-controlnet-no-base")[1]).toContain('"fill-in-base-model"');
  });

  it("sklearn warnings", () => {
    expect(contents("sklearn-joblib")[0]).toContain(
      "# only load pickle files from sources you trust\n# read more about it here https://skops.readthedocs.io/en/stable/persistence.html\n",
    );
    expect(contents("sklearn-skops")[0]).toContain(
      "# make sure model file is in skops format\n# if model is a pickle file, make sure it's from a source you trust\n",
    );
  });
});

describe("branches chosen by tags and pipeline tag: diffusers", () => {
  it("diffusers: an install line, then inpaint, controlnet, lora (by task), textual inversion, flux fill, by task, default", () => {
    const python = (name: string) => {
      const [install, code, ...rest] = snippets(name);
      expect(install).toEqual({
        template: "install",
        language: "sh",
        content: "pip install -U diffusers transformers accelerate",
      });
      expect(rest).toEqual([]);
      return code.template;
    };
    expect(python("diffusers-inpainting")).toBe("inpainting");
    expect(python("diffusers-inpainting-widget")).toBe("inpainting");
    expect(python("diffusers-flux-fill")).toBe("fluxFill");
    expect(python("diffusers-controlnet")).toBe("controlnet");
    expect(python("diffusers-lora")).toBe("lora");
    expect(python("diffusers-flux-fill-lora")).toBe("lora");
    expect(python("diffusers-lora-image-to-image")).toBe("loraImageToImage");
    expect(python("diffusers-lora-image-to-video")).toBe("loraImageToVideo");
    expect(python("diffusers-lora-text-to-video")).toBe("loraTextToVideo");
    expect(python("diffusers-textual-inversion")).toBe("textualInversion");
    expect(python("diffusers-image-to-video")).toBe("imageToVideo");
    expect(python("diffusers-image-to-image")).toBe("imageToImage");
    expect(python("diffusers-text-to-image")).toBe("default");
    // Inpainting is checked before every other tag.
    expect(
      getLibrarySnippets("diffusers", {
        id: "a/b",
        tags: ["lora", "controlnet", "StableDiffusionInpaintPipeline"],
      })[1].template,
    ).toBe("inpainting");
  });

  it('diffusers: torch with dtype=torch.bfloat16 and device_map="cuda" everywhere but controlnet (inpainting: float16 fp16)', () => {
    for (const name of [
      "diffusers-text-to-image",
      "diffusers-lora",
      "diffusers-textual-inversion",
      "diffusers-flux-fill",
      "diffusers-image-to-video",
      "diffusers-lora-image-to-image",
    ]) {
      const code = contents(name)[1];
      expect(code.startsWith("import torch\n"), name).toBe(true);
      expect(code, name).toMatch(
        /# switch to device_map="mps" on Apple devices\n[^\n]*\.from_pretrained\([^\n]*, dtype=torch\.bfloat16, device_map="cuda"\)\n/,
      );
      expect(code, name).not.toContain("torch_dtype");
      expect(code, name).not.toContain('.to("cuda")');
    }
    expect(contents("diffusers-inpainting")[1]).toContain(
      'dtype=torch.float16, variant="fp16", device_map="cuda")',
    );
    expect(contents("diffusers-controlnet")[1]).not.toContain("torch");
  });

  it("diffusers prompt: widget text, else instance_prompt, else the branch default; inpainting and flux fill are fixed", () => {
    expect(contents("diffusers-text-to-image-widget")[1]).toContain(
      'prompt = "A cat holding a sign that says \\"hello world\\""',
    );
    expect(contents("diffusers-lora")[1]).toContain('prompt = "pixel art, 16-bit"');
    expect(contents("diffusers-lora-text-to-video")[1]).toContain(
      'prompt = "A man with short gray hair plays a red electric guitar."',
    );
    expect(contents("diffusers-lora-base-model-list")[1]).toContain(
      'DiffusionPipeline.from_pretrained("org/base-a,org/base-b"',
    );
    expect(contents("diffusers-inpainting-widget")[1]).toContain(
      'prompt = "a tiger sitting on a park bench"',
    );
    expect(contents("diffusers-flux-fill")[1]).toContain('prompt="a white paper cup",');
  });
});

describe("branches chosen by tags and pipeline tag: transformers (custom code, chat, the v5 warning)", () => {
  it("custom_code adds trust_remote_code=True to every load (transformers, sentence-transformers)", () => {
    const chat = contents("transformers-chat");
    expect(chat).toHaveLength(2);
    expect(chat[0]).toContain(
      'pipeline("text-generation", model="example-org/chat-model", trust_remote_code=True)',
    );
    expect(chat[1].match(/trust_remote_code=True/g)).toHaveLength(2);
    expect(contents("transformers-text-classification").join("\n")).not.toContain("trust_remote_code");
    expect(contents("sentence-transformers-widget")[0]).toContain(
      'SentenceTransformer("example-org/multilingual-embedder", trust_remote_code=True)',
    );
    expect(contents("sentence-transformers-text-ranking")[0]).toContain(
      'CrossEncoder("example-org/reranker", trust_remote_code=True)',
    );
  });

  it("conversational: chat messages in the pipeline and a chat-template block; image-text-to-text gets image+text", () => {
    expect(contents("transformers-chat")[1]).toContain('{"role": "user", "content": "Who are you?"}');
    expect(contents("transformers-chat")[1]).toContain("inputs = tokenizer.apply_chat_template(");
    expect(contents("transformers-vision-chat")[0]).toContain("pipe(text=messages)");
    expect(contents("transformers-vision-chat")[1]).toContain(
      '{"type": "text", "text": "What animal is on the candy?"}',
    );
    expect(contents("transformers-no-processor")[1]).toContain(
      'AutoModelForCausalLM.from_pretrained("example-org/no-processor", device_map="auto")',
    );
    expect(contents("transformers-no-processor").join("\n")).not.toContain("apply_chat_template");
    expect(templates("transformers-other-task")).toEqual(["direct"]);
    expect(contents("transformers-audio-classification")[1]).toContain(
      "extractor = AutoFeatureExtractor.from_pretrained(",
    );
  });

  it("transformers: the chat block needs a chat template (tokenizer_config, processor_config or chat_template.jinja)", () => {
    const chatBlock = (name: string) => contents(name)[1].includes(".apply_chat_template(");
    expect(chatBlock("transformers-chat")).toBe(true);
    expect(chatBlock("transformers-vision-chat")).toBe(true);
    expect(chatBlock("transformers-chat-template-jinja")).toBe(true);
    expect(contents("transformers-chat-template-jinja")[1]).toContain("print(processor.decode(");
    expect(chatBlock("transformers-chat-no-template")).toBe(false);
    // The pipeline snippet still shows the chat messages: its check does not look at the template.
    expect(contents("transformers-chat-no-template")[0]).toContain("pipe(messages)");
    const base = sample("transformers-chat-no-template");
    for (const config of [{}, { tokenizer_config: { chat_template: "" } }, { tokenizer_config: {} }]) {
      expect(getLibrarySnippets("transformers", { ...base, config })[1].content).not.toContain(
        "apply_chat_template",
      );
    }
    const named = { tokenizer_config: { chat_template: [{ name: "default", template: "{{ messages }}" }] } };
    expect(getLibrarySnippets("transformers", { ...base, config: named })[1].content).toContain(
      "tokenizer.apply_chat_template(",
    );
  });

  it("transformers: image-to-text, summarization and translation pipelines carry the v5 warning, exactly", () => {
    const warning = (task: string) =>
      `# Use a pipeline as a high-level helper\n# Warning: Pipeline type "${task}" is no longer supported in transformers v5.\n# You must load the model directly (see below) or downgrade to v4.x with:\n# 'pip install "transformers<5.0.0'\nfrom transformers import pipeline\n`;
    expect(contents("transformers-summarization")[0].startsWith(warning("summarization"))).toBe(true);
    expect(contents("transformers-image-to-text")[0].startsWith(warning("image-to-text"))).toBe(true);
    const translation = { ...sample("transformers-summarization"), pipeline_tag: "translation" };
    expect(
      getLibrarySnippets("transformers", translation)[0].content.startsWith(warning("translation")),
    ).toBe(true);
    for (const name of [
      "transformers-chat",
      "transformers-text-classification",
      "transformers-vision-chat",
    ]) {
      expect(contents(name).join("\n")).not.toContain("transformers v5");
    }
    // The pipeline is still created, and the direct-load snippet has no warning.
    expect(contents("transformers-summarization")[0]).toContain(
      'pipe = pipeline("summarization", model="facebook/bart-large-cnn")',
    );
    expect(contents("transformers-summarization")[1]).not.toContain("Warning");
  });
});

describe("branches chosen by tags and pipeline tag: sentence-transformers, keras-hub, speechbrain, peft", () => {
  it("cross-encoder by tag or text-ranking pipeline; bi-encoder otherwise; PyLate (exact case) before both", () => {
    expect(templates("sentence-transformers-pylate")).toEqual(["pylate"]);
    expect(contents("sentence-transformers-pylate")[0]).toContain(
      'models.ColBERT(model_name_or_path="lightonai/GTE-ModernColBERT-v1")\n',
    );
    expect(contents("sentence-transformers-pylate")[0]).not.toContain("trust_remote_code");
    expect(
      getLibrarySnippets("sentence-transformers", { id: "a/b", tags: ["PyLate", "cross-encoder"] })[0]
        .template,
    ).toBe("pylate");
    expect(getLibrarySnippets("sentence-transformers", { id: "a/b", tags: ["pylate"] })[0].template).toBe(
      "biEncoder",
    );
    expect(templates("sentence-transformers-cross-encoder")).toEqual(["crossEncoder"]);
    expect(templates("sentence-transformers-text-ranking")).toEqual(["crossEncoder"]);
    expect(templates("sentence-transformers-default")).toEqual(["biEncoder"]);
  });

  it("sentence-transformers: three default sentences when the widget has none", () => {
    expect(contents("sentence-transformers-default")[0]).toContain(
      'sentences = [\n    "The weather is lovely today.",\n    "It\'s so sunny outside!",\n    "He drove to the stadium.",\n]',
    );
    expect(contents("sentence-transformers-widget")[0]).toContain("# [4, 4]");
  });

  it("keras-hub: example tasks in fixed order, other tasks in config order, then Backbone", () => {
    expect(templates("keras-hub-all-examples")).toEqual([
      "causalLM",
      "textToImage",
      "textClassifier",
      "imageClassifier",
      "backbone",
    ]);
    expect(templates("keras-hub-causal-lm")).toEqual(["causalLM", "task", "task", "backbone"]);
    expect(contents("keras-hub-causal-lm")[1]).toContain("keras_hub.models.Seq2SeqLM.from_preset(");
    expect(contents("keras-hub-causal-lm")[2]).toContain("keras_hub.models.Preprocessor.from_preset(");
    expect(templates("keras-hub-no-tasks")).toEqual(["backbone"]);
  });

  it("speechbrain maps the interface to its method; peft maps the task type to the class", () => {
    expect(contents("speechbrain-classifier")[0]).toContain('model.classify_file("file.wav")');
    expect(contents("speechbrain-separation")[0]).toContain('model.separate_file("file.wav")');
    expect(contents("peft-seq-cls")[0]).toContain(
      "from transformers import AutoModelForSequenceClassification\n",
    );
  });
});

describe("branches chosen by tags and pipeline tag: values that are not names, libraries without snippets", () => {
  it("a record value that is not a name never becomes one: it picks the fallback instead", () => {
    expect(
      getLibrarySnippets("speechbrain", {
        id: "a/b",
        config: { speechbrain: { speechbrain_interface: "toString" } },
      })[0].content,
    ).toBe("# interface in config.json invalid");
    expect(
      getLibrarySnippets("peft", {
        id: "a/b",
        config: { peft: { task_type: "__proto__", base_model_name_or_path: "x" } },
      })[0].content,
    ).toBe("Task type is invalid.");
    // The auto class falls back to AutoModel (tasks 0.21.54); the snippets stay.
    expect(
      getLibrarySnippets("transformers", {
        id: "a/b",
        transformersInfo: { auto_model: "Auto Model; import os" },
      })[0].content,
    ).toBe(
      '# Load model directly\nfrom transformers import AutoModel\n\nmodel = AutoModel.from_pretrained("a/b", device_map="auto")',
    );
  });

  it("a Python keyword is not a name either", () => {
    expect(
      getLibrarySnippets("transformers", {
        id: "a/b",
        transformersInfo: { auto_model: "AutoModel", processor: "class" },
      })[0].content,
    ).toBe(
      '# Load model directly\nfrom transformers import AutoModel\n\nmodel = AutoModel.from_pretrained("a/b", device_map="auto")',
    );
    expect(getLibrarySnippets("spacy", { id: "org/import" })[0].content).not.toContain("import import");
    expect(
      getLibrarySnippets("keras-hub", {
        id: "a/b",
        config: { keras_hub: { tasks: ["lambda", "Seq2SeqLM"] } },
      }).map((s) => s.template),
    ).toEqual(["task", "backbone"]);
  });

  it("libraries without snippets have no snippets function", () => {
    expect("snippets" in MODEL_LIBRARIES_UI_ELEMENTS.acestep).toBe(false);
    expect(getLibrarySnippets("acestep", { id: "a/b" })).toEqual([]);
    expect(getLibrarySnippets("no-such-library", { id: "a/b" })).toEqual([]);
  });
});
