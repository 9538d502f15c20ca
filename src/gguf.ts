/** GGUF quantisation types and the label found in a GGUF file name. */
import {
  GGMLFileQuantizationType,
  GGUF_FILE_NAME_LABELS,
  GGUF_LABEL_PREFIXES,
} from "./generated/quantization.gen.js";

export {
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_FILE_NAME_LABELS,
  GGUF_LABEL_PREFIXES,
  GGUF_QUANT_ORDER,
} from "./generated/quantization.gen.js";

const fileTypeNames = Object.keys(GGMLFileQuantizationType).filter((k) => Number.isNaN(Number(k)));
const labels = [...fileTypeNames, ...GGUF_FILE_NAME_LABELS];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A label in an upper-cased GGUF file name: an optional prefix (UD-), a file type name or a file-name-only label
 * (MXFP4), and an optional size variation such as _M or _XL. Longest names first, so Q4_0_4_4 is read whole
 * rather than as Q4_0, and MXFP4_MOE rather than MXFP4 with a size variation. A prefix starts a word, so the end
 * of a model name such as Cloud-Q6_K is not read as UD-.
 */
export const GGUF_QUANT_RE = new RegExp(
  `(?:(?<![A-Z0-9])(?<prefix>${GGUF_LABEL_PREFIXES.map(escape).join("|")}))?` +
    `(?<quant>${[...labels].sort((a, b) => b.length - a.length || a.localeCompare(b)).join("|")})` +
    `(_(?<sizeVariation>[A-Z]+))?`,
);

const GGUF_QUANT_RE_GLOBAL = new RegExp(GGUF_QUANT_RE, "g");

/**
 * The quantisation label of a GGUF file name, prefix included: the last one found in the upper-cased name
 * (path included), or undefined.
 * parseGGUFQuantLabel("Llama-3-8B.Q4_K_M.gguf") === "Q4_K_M"; parseGGUFQuantLabel("Qwen3-UD-Q4_K_XL.gguf") === "UD-Q4_K_XL"
 */
export function parseGGUFQuantLabel(fileName: string): string | undefined {
  return fileName.toUpperCase().match(GGUF_QUANT_RE_GLOBAL)?.at(-1);
}
