/**
 * The library snippets added or changed in September 2026 (tasks 0.21.54): which branch each record gets, and
 * the texts the reference quotes (fallbacks, placeholders, flags, file names), byte for byte.
 */
import { describe, expect, it } from "vitest";
import { getLibrarySnippets, libraryKey } from "../../src/index.js";
import { sampleContents as contents, sampleSnippets as snippets } from "./support.js";

const templates = (name: string) => snippets(name).map((s) => s.template);
const render = (library: string, model: Parameters<typeof getLibrarySnippets>[1]) =>
  getLibrarySnippets(library, model);

describe("new libraries of September 2026: branches of aneforge, cortiq, jev-style", () => {
  it("aneforge: text-generation, then CLIP (pipeline tag or clip tag), resnet, ViT, Whisper, else embeddings", () => {
    expect(templates("aneforge-llm")).toEqual(["llm"]);
    expect(templates("aneforge-zero-shot")).toEqual(["clip"]);
    expect(templates("aneforge-clip")).toEqual(["clip"]); // clip wins over resnet and image-classification
    expect(templates("aneforge-resnet")).toEqual(["resnet"]);
    expect(templates("aneforge-vit")).toEqual(["vit"]);
    expect(templates("aneforge-whisper")).toEqual(["whisper"]);
    expect(templates("aneforge-default")).toEqual(["sentenceEmbeddings"]);
    expect(
      render("aneforge", { id: "a/b", tags: ["clip"], pipeline_tag: "text-generation" })[0].template,
    ).toBe("llm");
    expect(contents("aneforge-llm")[0]).toContain('ids = tok.encode("The Neural Engine is")\n');
    expect(contents("aneforge-default")[0]).toContain(
      'model.encode(["Hello from the Neural Engine"], normalize_embeddings=True)',
    );
  });

  it("cortiq: setup, then one media command, or run and serve; the file is the literal FILE.cmf", () => {
    expect(templates("cortiq-text-to-image")).toEqual(["setup", "imagine"]);
    expect(templates("cortiq-text-to-video")).toEqual(["setup", "animate"]);
    expect(templates("cortiq-text-to-audio")).toEqual(["setup", "music"]);
    expect(templates("cortiq-default")).toEqual(["setup", "run", "serve"]);
    expect(render("cortiq", { id: "a/b" }).map((s) => s.template)).toEqual(["setup", "run", "serve"]);
    expect(snippets("cortiq-default").every((s) => s.language === "sh")).toBe(true);
    expect(contents("cortiq-default")[0]).toContain(
      "hf download 'example-org/qwen3-0.6b-cmf' --include \"*.cmf\" --local-dir .\nls *.cmf",
    );
    expect(contents("cortiq-default")[1]).toBe(
      'cortiq run FILE.cmf --prompt "What is the capital of France?"',
    );
    expect(contents("cortiq-default")[2]).toMatch(/^cortiq serve FILE\.cmf --port 8080\b/);
    expect(contents("cortiq-text-to-image")[1]).toBe(
      'cortiq imagine FILE.cmf --prompt "a red fox in a snowy forest" --out fox.ppm',
    );
    expect(contents("cortiq-text-to-video")[1]).toBe(
      'cortiq animate FILE.cmf --prompt "a corgi in a chef hat flipping a pancake" --out clip.avi',
    );
    expect(contents("cortiq-text-to-audio")[1]).toBe(
      'cortiq music FILE.cmf --prompt "dream pop, warm analog synths, brushed drums" \\\n' +
        '    --lyrics "[verse] the tide came in and took the map" --seconds 20 --out song.wav',
    );
  });

  it("jev-style: the mlx extra (checked first), the gguf build of jev-score, else the torch extra", () => {
    expect(templates("jev-style-mlx")).toEqual(["installMlx", "decide"]);
    expect(templates("jev-style-gguf")).toEqual(["installGguf", "decide"]);
    expect(templates("jev-style-default")).toEqual(["installTorch", "decide"]);
    expect(contents("jev-style-mlx")[0]).toContain('pip install "jev-style[mlx]"');
    expect(contents("jev-style-default")[0]).toBe('pip install "jev-style[torch]"');
    expect(contents("jev-style-gguf")[0]).toContain(
      "hf download 'lawrence3699/jev-style-small-gguf' build_jev_score.sh jev_score.cpp --local-dir jev-score\n" +
        "export JEV_SCORE_BIN=$(sh jev-score/build_jev_score.sh /path/to/llama.cpp | tail -n 1)",
    );
    expect(contents("jev-style-gguf")[1]).toContain('print(out["answers"]["team"]["choice"])');
  });
});

describe("new libraries of September 2026: memra, opendde, flexray, gaussianformer, routee-powertrain, zeromodels", () => {
  it("memra: install, one generation from hf:<id>, a server", () => {
    const [install, generate, server] = contents("memra-default");
    expect(install).toContain(
      "curl -fsSL https://raw.githubusercontent.com/avifenesh/memra/main/tools/install.sh | sh",
    );
    expect(generate).toMatch(/^MEMRA_CHAT=1 run-gen 'hf:example-org\/Qwen3-8B-GGUF' --prompt /m);
    expect(server).toMatch(/^MEMRA_MODELS='model=hf:example-org\/Qwen3-8B-GGUF' memra-server$/m);
  });

  it("opendde, flexray, gaussianformer, routee-powertrain: one layout each", () => {
    expect(contents("opendde-default")[0]).toContain(
      "opendde doctor\nopendde pred -i examples/input.json -o ./output -n opendde_v1",
    );
    expect(templates("flexray-default")).toEqual(["install", "segment"]);
    expect(contents("flexray-default")[1]).toContain(
      'prediction = segmenter.predict("image.png", threshold=0.5)',
    );
    expect(contents("gaussianformer-default")[0]).toContain(
      "from gaussianformer.pipelines.rendering_pipeline import GaussianFormerRenderingPipeline\n",
    );
    expect(contents("routee-powertrain-default")[0]).toContain(
      'model = pt.load_model("tesla/model_3_bev/2022/rf_c3326385", registry=registry)',
    );
  });

  it("zeromodels: one load through AutoZModel; a record that still says kerasformers gets it", () => {
    expect(libraryKey("kerasformers")).toBe("zeromodels");
    expect(contents("zeromodels-former-key")[0]).toContain(
      'model = AutoZModel.from_weights("IMvision12/deit-small-kerasformers")',
    );
    expect(contents("zeromodels-default")[0]).toContain('os.environ["KERAS_BACKEND"] = "jax"\n');
  });
});

describe("libraries changed in September 2026", () => {
  it("transformers: the fallback only without transformersInfo; an auto_model that is no name loads AutoModel", () => {
    expect(contents("transformers-unknown")).toEqual(["# ⚠️ Type of model unknown"]);
    expect(templates("transformers-odd-auto-model")).toEqual(["pipeline", "direct"]);
    const direct = contents("transformers-odd-auto-model")[1];
    expect(direct).toContain("from transformers import AutoTokenizer, AutoModel\n");
    expect(direct).toContain(
      'model = AutoModel.from_pretrained("example-org/odd-auto-model", device_map="auto")',
    );
    expect(contents("transformers-keyword-auto-model")[1]).toContain("from transformers import AutoModel\n");
    // Outside the transformers tasks only the direct load remains, as for any class.
    const other = { id: "a/b", pipeline_tag: "text-to-video", transformersInfo: { auto_model: "Modèle" } };
    expect(render("transformers", other).map((s) => s.template)).toEqual(["direct"]);
    expect(render("transformers", other)[0].content).toContain("model = AutoModel.from_pretrained(");
  });

  it("pruna-ai: the AutoModel fallback loads through PrunaModel too", () => {
    expect(templates("pruna-ai-transformers-odd-auto-model")).toEqual([
      "transformersPipeline",
      "transformersDirect",
    ]);
    const direct = contents("pruna-ai-transformers-odd-auto-model")[1];
    expect(direct).toContain("from pruna import PrunaModel\nfrom transformers import AutoTokenizer\n");
    expect(direct).toContain("model = PrunaModel.from_pretrained(");
    expect(direct).not.toContain("AutoModel");
  });

  it("paddlenlp: an architecture that is a keyword or no name takes the unknown-type fallback", () => {
    for (const name of [
      "paddlenlp-keyword-architecture",
      "paddlenlp-hostile-architecture",
      "paddlenlp-unknown",
    ])
      expect(contents(name)[0].split("\n")[0], name).toBe("# ⚠️ Type of model unknown");
    expect(contents("paddlenlp-default")[0]).toContain(
      "from paddlenlp.transformers import AutoTokenizer, ErnieModel\n",
    );
  });

  it("keras-hub: task names that are not identifiers (or are keywords) are dropped, the others kept", () => {
    expect(templates("keras-hub-odd-tasks")).toEqual(["causalLM", "task", "backbone"]);
    expect(contents("keras-hub-odd-tasks")[1]).toContain("keras_hub.models.Seq2SeqLM.from_preset(");
  });

  it("adapter-transformers: a missing base model prints the placeholder fill-in-model-name", () => {
    expect(contents("adapter-transformers-no-base")[0]).toContain(
      'model = AutoAdapterModel.from_pretrained("fill-in-model-name")\n',
    );
  });

  it("nobg: install, the predict method (a prompt when promptable), then the model and processor directly", () => {
    expect(templates("nobg-default")).toEqual(["install", "predict", "removeBackground"]);
    expect(contents("nobg-default")[1]).toContain('cutout = model.predict(processor, "image.jpg")');
    expect(contents("nobg-promptable")[1]).toContain(
      'cutout = model.predict(processor, "image.jpg", "prompt")',
    );
    expect(contents("nobg-default")[2]).toContain('image = load_img("image.jpg").convert("RGB")\n');
  });
});

describe("ltx: LTX-2.5 next to LTX-2.3", () => {
  const isLtx25 = (model: Parameters<typeof getLibrarySnippets>[1]) =>
    render("ltx", model)[0].content.endsWith("uv sync --extra natten");

  it("LTX-2.5 is named by the id, a tag or the base model (ltx-2.5, LTX_2.5, ltx2.5), in any case", () => {
    for (const id of ["Lightricks/LTX-2.5", "org/my-ltx_2.5-lora", "org/LTX2.5-style"])
      expect(isLtx25({ id }), id).toBe(true);
    expect(isLtx25({ id: "a/b", tags: ["ltx-2.5"] })).toBe(true);
    expect(isLtx25({ id: "a/b", cardData: { base_model: "Lightricks/LTX-2.5" } })).toBe(true);
    expect(isLtx25({ id: "a/b", cardData: { base_model: ["x/y", "Lightricks/ltx-2.5"] } })).toBe(true);
    for (const id of ["Lightricks/LTX-2", "org/ltx-2-5", "org/ltx-25", "org/LTX-2.3"])
      expect(isLtx25({ id }), id).toBe(false);
  });

  it("the same branches in both generations: ic-lora, then lora, else the two base-model commands", () => {
    expect(templates("ltx-25-default")).toEqual(["install", "download25", "distilled25", "dfr25"]);
    expect(templates("ltx-25-lora")).toEqual(["install", "download25Adapter", "lora25"]);
    expect(templates("ltx-25-ic-lora")).toEqual(["install", "download25Adapter", "icLora25"]);
    expect(templates("ltx-default")).toEqual(["install", "download", "distilled", "twoStages"]);
    expect(contents("ltx-default")[0]).toContain("uv sync --frozen");
  });

  it("LTX-2.5 commands: split weight flags, the detailing IC-LoRA, the 4K footer before the hint", () => {
    const [, download, distilled, dfr] = contents("ltx-25-default");
    expect(download).toContain("    'diffusion_models/<distilled-transformer>.safetensors' \\\n");
    expect(download).toContain(
      "hf download Lightricks/LTX-2.5-22b-IC-LoRA-Pixel-Spatial-Upscaler --local-dir models/LTX-2.5-22b-IC-LoRA-Pixel-Spatial-Upscaler",
    );
    expect(distilled).toContain("    --num-frames 121 \\\n");
    expect(distilled).not.toContain("--gemma-root");
    expect(dfr).toContain(
      "    --detailing-lora models/LTX-2.5-22b-IC-LoRA-Pixel-Spatial-Upscaler/ltx-2.5-22b-ic-lora-pixel-spatial-upscaler-x2-1.0.safetensors \\\n",
    );
    expect(
      dfr.endsWith(
        "# For 4K: --spatial-upscalings 2 --width 3840 --height 2176\n# For image-to-video, add: --image path/to/image.jpg 0 0.8",
      ),
    ).toBe(true);
    expect(contents("ltx-25-ic-lora")[2]).not.toContain("image-to-video");
    expect(contents("ltx-25-lora")[2]).toContain(
      "    --transformer-path path/to/distilled-transformer.safetensors \\\n",
    );
  });
});
