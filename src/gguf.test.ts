import { describe, expect, it } from "vitest";
import {
  GGMLFileQuantizationType,
  GGUF_FILE_NAME_LABELS,
  GGUF_LABEL_PREFIXES,
  GGUF_QUANT_ORDER,
  GGUF_QUANT_RE,
  parseGGUFQuantLabel,
} from "./gguf.js";

describe("parseGGUFQuantLabel", () => {
  it.each([
    // the usual <model>.<label>.gguf
    ["Llama-3-8B.Q4_K_M.gguf", "Q4_K_M"],
    ["phi-2.Q8_0.gguf", "Q8_0"],
    ["mistral-7b-instruct-v0.2.Q5_K_S.gguf", "Q5_K_S"],
    ["model-Q2_K.gguf", "Q2_K"],
    // lower-case names are read upper-cased
    ["llama-3-8b.q4_k_m.gguf", "Q4_K_M"],
    ["Meta-Llama-3-8B-Instruct-f16.gguf", "F16"],
    // the last label in the name wins
    ["Q8_0-distill.Q4_K_S.gguf", "Q4_K_S"],
    ["model-F16-Q4_K_M.gguf", "Q4_K_M"],
    ["Q4_0/model-IQ2_XS.gguf", "IQ2_XS"],
    // longer names are read whole, not as a shorter prefix plus a variation
    ["gemma-2-9b.Q4_0_4_4.gguf", "Q4_0_4_4"],
    ["gemma-2-9b.Q4_0_8_8.gguf", "Q4_0_8_8"],
    ["model.Q4_1_SOME_F16.gguf", "Q4_1_SOME_F16"],
    // IQ types and extra-large variants
    ["Qwen2-7B.IQ3_XXS.gguf", "IQ3_XXS"],
    ["Qwen2-7B.IQ4_NL.gguf", "IQ4_NL"],
    ["Qwen2-7B.IQ1_M.gguf", "IQ1_M"],
    ["model.Q4_K_XL.gguf", "Q4_K_XL"],
    ["model.TQ1_0.gguf", "TQ1_0"],
    // Unsloth Dynamic files: the UD- prefix is part of the label, in any case, also in a folder name
    ["DeepSeek-R1-UD-Q2_K_XL.gguf", "UD-Q2_K_XL"],
    ["gemma-3-27b-it-ud-q4_k_xl.gguf", "UD-Q4_K_XL"],
    ["UD-IQ1_M/DeepSeek-V3-UD-IQ1_M-00001-of-00004.gguf", "UD-IQ1_M"],
    ["UD-Q8_0/model-Q4_K_M.gguf", "Q4_K_M"],
    // ... but only written UD-: UD_, a word ending in UD, or a bare UD are not the prefix
    ["model-UD_Q5_K_M.gguf", "Q5_K_M"],
    ["Cloud-Q6_K.gguf", "Q6_K"],
    ["SmolCloudUD-Q4_0.gguf", "Q4_0"],
    ["model-UD.gguf", undefined],
    // the 2026 file types, and MXFP4, the name gpt-oss files carry (not a file type)
    ["Qwen3-30B-A3B-MXFP4_MOE.gguf", "MXFP4_MOE"],
    ["gpt-oss-20b-mxfp4.gguf", "MXFP4"],
    ["gpt-oss-120b-UD-MXFP4-00002-of-00002.gguf", "UD-MXFP4"],
    ["Llama-4-Scout-NVFP4.gguf", "NVFP4"],
    ["bitnet-2b.Q1_0.gguf", "Q1_0"],
    ["model.q2_0.gguf", "Q2_0"],
    // the _K_P quants, which have no file type yet, read whole (not as no label)
    ["tiny-model-Q3_K_P.gguf", "Q3_K_P"],
    ["Qwen3-8B-q4_k_p.gguf", "Q4_K_P"],
    ["UD-Q8_K_P/model-UD-Q8_K_P-00001-of-00003.gguf", "UD-Q8_K_P"],
    // the ARM repacks read whole, not as Q4_0 (the upstream's label rule at 0.21.54 reads Q4_0)
    ["Llama-3.2-1B-Q4_0_4_8.gguf", "Q4_0_4_8"],
    ["Llama-3.2-1B-Q4_0_4_4.gguf", "Q4_0_4_4"],
    ["Llama-3.2-1B-Q4_0_8_8.gguf", "Q4_0_8_8"],
    // BF16 is not read as F16
    ["Llama-3.1-8B-BF16.gguf", "BF16"],
    ["Llama-3.1-8B-bf16.gguf", "BF16"],
    ["Llama-3.1-8B-F16.gguf", "F16"],
    ["Llama-3.1-8B.F32.gguf", "F32"],
  ] as [string, string | undefined][])("%s -> %s", (fileName, label) => {
    expect(parseGGUFQuantLabel(fileName)).toBe(label);
  });

  it.each(["model.gguf", "Llama-3-8B-Instruct.gguf", "", "README.md"])("%j has no label", (fileName) => {
    expect(parseGGUFQuantLabel(fileName)).toBeUndefined();
  });

  it("can be called many times (the global regex keeps no state between calls)", () => {
    for (let i = 0; i < 3; i++) expect(parseGGUFQuantLabel("a.Q4_K_M.gguf")).toBe("Q4_K_M");
  });

  it("finds every file type and file-name label of the catalogue by its own name, with or without a prefix", () => {
    const names = [
      ...Object.keys(GGMLFileQuantizationType).filter((k) => Number.isNaN(Number(k))),
      ...GGUF_FILE_NAME_LABELS,
    ];
    expect(names).toContain("MXFP4");
    for (const name of names) {
      expect(parseGGUFQuantLabel(`model.${name}.gguf`), name).toBe(name);
      for (const prefix of GGUF_LABEL_PREFIXES)
        expect(parseGGUFQuantLabel(`model-${prefix}${name}.gguf`), name).toBe(prefix + name);
    }
  });
});

describe("GGUF_QUANT_RE", () => {
  it("splits the prefix, the quantisation and the size variation", () => {
    expect("Q4_K_M".match(GGUF_QUANT_RE)?.groups).toMatchObject({ prefix: undefined, quant: "Q4_K_M" });
    expect("Q4_0_4_4".match(GGUF_QUANT_RE)?.[0]).toBe("Q4_0_4_4");
    expect("UD-Q4_K_XL".match(GGUF_QUANT_RE)?.groups).toMatchObject({ prefix: "UD-", quant: "Q4_K_XL" });
    expect("UD-MXFP4_MOE".match(GGUF_QUANT_RE)?.groups).toMatchObject({
      prefix: "UD-",
      quant: "MXFP4_MOE",
      sizeVariation: undefined,
    });
  });
});

describe("GGUF_QUANT_ORDER", () => {
  it("lists every file type once, biggest first", () => {
    expect(new Set(GGUF_QUANT_ORDER).size).toBe(GGUF_QUANT_ORDER.length);
    for (const value of GGUF_QUANT_ORDER)
      expect(typeof GGMLFileQuantizationType[value], String(value)).toBe("string");
    const fileTypes = Object.values(GGMLFileQuantizationType).filter((v) => typeof v === "number");
    expect([...GGUF_QUANT_ORDER].sort((a, b) => a - b)).toEqual(fileTypes.sort((a, b) => a - b));
    expect(GGUF_QUANT_ORDER[0]).toBe(GGMLFileQuantizationType.F32);
    expect(GGUF_QUANT_ORDER.at(-1)).toBe(GGMLFileQuantizationType.Q1_0);
  });
});
