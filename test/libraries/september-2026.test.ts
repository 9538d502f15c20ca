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

describe("new libraries of September 2026: branches", () => {
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
