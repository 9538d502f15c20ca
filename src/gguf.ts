/** GGUF quantisation types and the label found in a GGUF file name. */
import { GGMLFileQuantizationType } from "./generated/quantization.gen.js";

export { GGMLFileQuantizationType, GGMLQuantizationType, GGUF_QUANT_ORDER } from "./generated/quantization.gen.js";

const quantNames = Object.keys(GGMLFileQuantizationType).filter((k) => Number.isNaN(Number(k)));

/**
 * Any file quantisation name, optionally followed by a size variation such as _M or _XL.
 * Longest names first, so Q4_0_4_4 is read whole rather than as Q4_0.
 */
export const GGUF_QUANT_RE = new RegExp(
  `(?<quant>${[...quantNames].sort((a, b) => b.length - a.length || a.localeCompare(b)).join("|")})(_(?<sizeVariation>[A-Z]+))?`,
);

const GGUF_QUANT_RE_GLOBAL = new RegExp(GGUF_QUANT_RE, "g");

/**
 * The quantisation label of a GGUF file name: the last one found in the upper-cased name, or undefined.
 * parseGGUFQuantLabel("Llama-3-8B.Q4_K_M.gguf") === "Q4_K_M"
 */
export function parseGGUFQuantLabel(fileName: string): string | undefined {
  return fileName.toUpperCase().match(GGUF_QUANT_RE_GLOBAL)?.at(-1);
}
