/**
 * The library snippets added or changed in August 2026 (branches, pruna-ai) and the constants their snippets
 * use. The expected texts are product behaviour, written here byte for byte.
 */
import { describe, expect, it } from "vitest";
import { getLibrarySnippets, type ModelData } from "../../src/index.js";
import { MODEL_SAMPLES } from "./support.js";
import { sampleContents as contents, sampleRecord as sample, sampleSnippets as snippets } from "./support.js";

describe("changed libraries of August 2026", () => {
  const templates = (name: string) => snippets(name).map((s) => s.template);

  it("PaddleOCR: doc_vlm, then document-parse, then the first module tag of the record, else the fallback", () => {
    expect(templates("paddleocr-doc-vlm")).toEqual(["docVlm"]);
    expect(templates("paddleocr-vl")).toEqual(["documentParse"]);
    expect(templates("paddleocr-text-detection")).toEqual(["module"]);
    expect(contents("paddleocr-text-detection")[0]).toContain(
      'model = TextDetection(model_name="PP-OCRv5_server_det")',
    );
    expect(contents("paddleocr-module-first-tag")[0]).toContain(
      "from paddleocr import TableStructureRecognition\n",
    );
    expect(templates("paddleocr-unknown")).toEqual(["unknown"]);
    // Inherited object property names are not module tags (upstream printed the class name undefined).
    for (const tag of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(getLibrarySnippets("PaddleOCR", { id: "a/b", tags: [tag] })[0].template).toBe("unknown");
    }
  });

  it("PaddleOCR-VL: the pipeline version comes from the id", () => {
    const version = (id: string) =>
      /pipeline_version=("[^"]*")/.exec(
        getLibrarySnippets("PaddleOCR", { id, tags: ["document-parse"] })[0].content,
      )![1];
    expect(version("PaddlePaddle/PaddleOCR-VL-1.5")).toBe('"v1.5"');
    expect(version("PaddlePaddle/PaddleOCR-VL")).toBe('"v1"');
    expect(version("example-org/custom-vl")).toBe('"example-org/custom-vl"');
  });

  it("mlx: only the non-conversational text-generation snippet mentions mlx[cuda]", () => {
    expect(contents("mlx-text-generation")[0]).toContain(
      '# pip install --upgrade mlx-lm\n# on a CUDA device, also: pip install "mlx[cuda]"\n',
    );
    for (const name of ["mlx-chat", "mlx-vision", "mlx-other"])
      expect(contents(name)[0]).not.toContain("cuda");
  });

  it("moshi: the backend comes from the id (-mlx before -candle); the MLX quantisation too", () => {
    expect(templates("moshi-pytorch")).toEqual(["server", "mimi"]);
    expect(snippets("moshi-pytorch").map((s) => s.language)).toEqual(["sh", "python"]);
    expect(templates("moshi-candle")).toEqual(["candle"]);
    expect(templates("moshi-mlx-q4")).toEqual(["mlx"]);
    expect(getLibrarySnippets("moshi", { id: "org/x-candle-mlx" }).map((s) => s.template)).toEqual(["mlx"]);
    expect(contents("moshi-mlx-q4")[0]).toContain(
      "python -m moshi_mlx.local -q 4 --hf-repo 'kyutai/moshiko-mlx-q4'\n",
    );
    expect(contents("moshi-mlx-q8")[0]).toContain(
      "python -m moshi_mlx.local_web -q 8 --hf-repo 'kyutai/moshika-mlx-q8'",
    );
    expect(contents("moshi-mlx-bf16")[0]).not.toContain(" -q ");
  });

  it("litert-lm: install the CLI, then run the model from the hub", () => {
    const [text] = contents("litert-lm-default");
    expect(snippets("litert-lm-default")[0].language).toBe("sh");
    expect(text).toContain("pip install -U litert-lm\n");
    expect(text).toContain("--from-huggingface-repo='litert-community/Gemma3-1B-IT' \\\n");
  });

  it("videoprism builds the model with vp.get_model and no longer imports jax.numpy", () => {
    const [text] = contents("videoprism-default");
    expect(text).toContain("flax_model = vp.get_model(");
    expect(text).not.toContain("jax.numpy");
    expect(text).not.toContain("vp.MODELS");
  });
});

describe("new libraries of August 2026: branches", () => {
  const templates = (name: string) => snippets(name).map((s) => s.template);

  it("ltx: install and download, then ic-lora (checked first), lora, or the two base-model commands", () => {
    expect(templates("ltx-default")).toEqual(["install", "download", "distilled", "twoStages"]);
    expect(templates("ltx-lora")).toEqual(["install", "download", "lora"]);
    expect(templates("ltx-ic-lora")).toEqual(["install", "download", "icLora"]);
    expect(snippets("ltx-default").every((s) => s.language === "sh")).toBe(true);
    expect(contents("ltx-lora")[2]).toContain(
      "--lora 'models/ltx2-style-lora/<weights>.safetensors' 1.0 \\\n",
    );
    expect(contents("ltx-lora")[2]).toContain("# For image-to-video, add: --image path/to/image.jpg 0 0.8");
    expect(contents("ltx-ic-lora")[2]).not.toContain("image-to-video");
  });

  it("multimolecule: the embedding example fills the first mask; a pipeline snippet needs a widget text", () => {
    expect(templates("multimolecule-fill-mask")).toEqual(["install", "load", "fillMask"]);
    expect(templates("multimolecule-secondary-structure")).toEqual(["install", "load", "secondaryStructure"]);
    expect(templates("multimolecule-no-widget")).toEqual(["install", "load"]);
    expect(contents("multimolecule-no-widget")[1]).not.toContain("inputs");
    expect(contents("multimolecule-fill-mask")[1]).toContain(
      'tokenizer("GGUCACUCUGGUUAGACCAGAUCUGAGCCU", return_tensors="pt")',
    );
    expect(contents("multimolecule-fill-mask")[2]).toContain(
      'predictor("GGUC<mask>CUCUGGUUAGACCAGAUCUGAGCCU")',
    );
    const twoMasks = { id: "a/b", mask_token: "[MASK]", widgetData: [{ text: "A[MASK]C[MASK]" }] };
    expect(getLibrarySnippets("multimolecule", twoMasks)[1].content).toContain('tokenizer("AAC[MASK]"');
    expect(
      getLibrarySnippets("multimolecule", {
        ...twoMasks,
        pipeline_tag: "fill-mask",
        widgetData: [{ text: "" }],
      }).map((s) => s.template),
    ).toEqual(["install", "load"]);
  });
});

describe("pruna-ai: the diffusers or transformers snippets, loading through pruna's class", () => {
  const capitalized = (t: string) => t[0].toUpperCase() + t.slice(1);
  const withTag = (model: ModelData, tag: string) => ({ ...model, tags: [...(model.tags ?? []), tag] });

  it("the fallback of a transformers model without transformersInfo, exactly (and for Pruna Pro)", () => {
    expect(contents("pruna-ai-transformers-unknown")).toEqual([
      "from pruna import PrunaModel\n# ⚠️ Type of model unknown",
    ]);
    const pro = withTag(sample("pruna-ai-transformers-unknown"), "pruna_pro-ai");
    expect(getLibrarySnippets("pruna-ai", pro).map((s) => s.content)).toEqual([
      "from pruna_pro import PrunaProModel\n# ⚠️ Type of model unknown",
    ]);
  });

  it("a model with neither tag: one plain load", () => {
    expect(contents("pruna-ai-default")).toEqual([
      'from pruna import PrunaModel\n\nmodel = PrunaModel.from_pretrained("PrunaAI/example-smashed-model")',
    ]);
  });

  it("every diffusers sample: the same branch as diffusers, no pipeline class, pruna's import", () => {
    for (const { name, model } of MODEL_SAMPLES.filter((s) => s.model.library_name === "diffusers")) {
      const diffusers = getLibrarySnippets("diffusers", model);
      const pruna = getLibrarySnippets("pruna-ai", withTag(model, "diffusers"));
      expect(
        pruna.map((s) => s.template),
        name,
      ).toEqual(["diffusersInstall", `diffusers${capitalized(diffusers[1].template)}`]);
      expect(pruna[0].content, name).toBe(diffusers[0].content);
      const code = pruna[1].content;
      expect(code, name).not.toMatch(/\w*Pipeline\w*/);
      expect(code, name).toMatch(/^from pruna import PrunaModel$/m);
      expect(code.replace(/PrunaModel/g, "X"), name).toBe(
        diffusers[1].content
          .replace(/\b\w*Pipeline\w*\b/g, "X")
          .replace(/^from diffusers import X\n/m, "from pruna import X\n")
          .replace("ControlNetModel, X\n", "ControlNetModel\nfrom pruna import X\n"),
      );
    }
  });

  it("every transformers sample: the same snippets, PrunaModel instead of the pipeline and the auto class", () => {
    for (const { name, model } of MODEL_SAMPLES.filter((s) => s.model.library_name === "transformers")) {
      const transformers = getLibrarySnippets("transformers", model);
      const pruna = getLibrarySnippets("pruna-ai", withTag(model, "transformers"));
      expect(
        pruna.map((s) => s.template),
        name,
      ).toEqual(transformers.map((s) => `transformers${capitalized(s.template)}`));
      for (const s of pruna) {
        expect(s.content, name).not.toMatch(/\bpipeline\(|AutoModel/);
        if (s.template !== "transformersUnknown")
          expect(s.content, name).toMatch(/^from pruna import PrunaModel$/m);
      }
    }
    // trust_remote_code stays on every load (upstream dropped it from the pipeline replacement).
    expect(contents("pruna-ai-transformers-chat")[0]).toContain(
      'pipe = PrunaModel.from_pretrained("PrunaAI/Llama-3.2-1B-Instruct-smashed", trust_remote_code=True)\n',
    );
    expect(contents("pruna-ai-transformers-chat")[1]).toContain(
      "from pruna import PrunaModel\nfrom transformers import AutoTokenizer\n",
    );
  });

  it("Pruna Pro renames the module and class, never the model id; the install line stays shell", () => {
    const model = {
      id: "pruna/foo-pruna",
      tags: ["pruna_pro-ai", "diffusers"],
      pipeline_tag: "text-to-image",
    };
    const [install, code] = getLibrarySnippets("pruna-ai", model);
    expect(install).toMatchObject({
      language: "sh",
      content: "pip install -U diffusers transformers accelerate",
    });
    expect(code.content).toContain("from pruna_pro import PrunaProModel\n");
    expect(code.content).toContain('PrunaProModel.from_pretrained("pruna/foo-pruna", ');
    expect(contents("pruna-ai-diffusers-controlnet")[1]).toContain(
      "from diffusers import ControlNetModel\nfrom pruna_pro import PrunaProModel\n",
    );
  });
});

describe("constants", () => {
  it("diffusionkit: 512x512; flux 4 steps guidance 0, others 50 steps guidance 5", () => {
    const flux = contents("diffusionkit-flux")[1];
    const sd3 = contents("diffusionkit-sd3")[1];
    for (const text of [flux, sd3]) expect(text).toContain("HEIGHT = 512\nWIDTH = 512\n");
    expect(flux).toContain("NUM_STEPS = 4\nCFG_WEIGHT = 0\n");
    expect(sd3).toContain("NUM_STEPS = 50\nCFG_WEIGHT = 5\n");
  });

  it("inpainting: guidance 8.0, 20 steps, strength 0.99, 1024x1024", () => {
    const text = contents("diffusers-inpainting")[1];
    for (const part of [
      "guidance_scale=8.0,",
      "num_inference_steps=20,",
      "strength=0.99,",
      ".resize((1024, 1024))",
    ])
      expect(text).toContain(part);
  });

  it("flux fill: 50 steps, guidance 30, 1632x1232", () => {
    const text = contents("diffusers-flux-fill")[1];
    for (const part of ["num_inference_steps=50,", "guidance_scale=30,", "height=1632,", "width=1232,"])
      expect(text).toContain(part);
  });
});
