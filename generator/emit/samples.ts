import type { Catalogue } from "../catalogue-types.js";
import { header, literal, type EmittedFile } from "./common.js";

/** The sample model records of catalogue/samples/, for tests, benchmarks and the viewer. */
export function emitSamples({ samples }: Catalogue): EmittedFile {
  const list = samples.map(({ file, data }) => {
    const { name, title, notes, files, ...model } = data;
    return {
      name,
      title,
      ...(notes === undefined ? {} : { notes }),
      ...(files === undefined ? {} : { files }),
      source: file,
      model,
    };
  });
  const content = `${header("catalogue/samples/*.yaml")}
import type { ModelData } from "../tasks/model-data.js";

export interface ModelSample {
  /** The file name without .yaml. */
  name: string;
  title: string;
  /** Which branches or fallbacks the sample exercises. */
  notes?: string;
  /** Files of the repo a page may choose (GGUF files); the local-app tests render each. */
  files?: string[];
  source: string;
  model: ModelData;
}

/** Sample model records, sorted by name. */
export const MODEL_SAMPLES: ModelSample[] = ${literal(list)};
`;
  return { name: "samples.gen.ts", content };
}
