import type { Catalogue } from "../catalogue-types.js";
import { header, literal, type EmittedFile } from "./common.js";

/** GGUF quantisation enums (TS enums, so values map back to names) and the size order. */
export function emitQuantization({ quantization: { data } }: Catalogue): EmittedFile {
  const members = (map: Record<string, number>) =>
    Object.entries(map)
      .map(([name, value]) => `  ${name} = ${value},`)
      .join("\n");
  const content = `${header("catalogue/quantization.yaml")}
/** File-level quantisation types of GGUF files (general.file_type). */
export enum GGMLFileQuantizationType {
${members(data.fileTypes)}
}

/** Per-tensor ggml types. */
export enum GGMLQuantizationType {
${members(data.tensorTypes)}
}

/** File quantisation types from biggest to smallest. */
export const GGUF_QUANT_ORDER: GGMLFileQuantizationType[] = [
${data.order.map((name) => `  GGMLFileQuantizationType.${name},`).join("\n")}
];

/** Prefixes written before a label in GGUF file names, kept in the label (UD-Q4_K_XL). */
export const GGUF_LABEL_PREFIXES: readonly string[] = ${literal(data.labelPrefixes ?? [])};

/** Labels read from GGUF file names that are not file types. */
export const GGUF_FILE_NAME_LABELS: readonly string[] = ${literal(data.fileNameLabels ?? [])};
`;
  return { name: "quantization.gen.ts", content };
}
