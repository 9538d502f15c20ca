/**
 * Hand-written template-literal snippet functions, one per library covered, producing the same strings as
 * the catalogue's templates: the baseline of bench/library-snippets.bench.ts.
 */
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../../src/index.js";
import { COMMON } from "./common.js";
import { DIFFUSERS } from "./diffusers.js";
import { SIMPLE_A } from "./simple-a.js";
import { SIMPLE_B } from "./simple-b.js";
import { SIMPLE_C } from "./simple-c.js";
import type { Snippets } from "./strings.js";
import { TRANSFORMERS } from "./transformers.js";

/**
 * Libraries whose snippets read nothing of the record: a hand-written function for one is a list of constant
 * strings, so the baseline returns the generated text as such a list (a new array per call, as a literal makes),
 * rather than keeping a copy of the template text here. The bench still checks it against every sample.
 */
const CONSTANT_TEXT = [
  "chat_tts",
  "chatterbox",
  "cxr-foundation",
  "derm-foundation",
  "flextab",
  "mesh-anything",
  "saelens",
  "sap-rpt-1-oss",
  "seed-story",
  "supertonic",
  "unity-sentis",
  "vui",
  "whisperkit",
];

function constantText(key: string): Snippets {
  const element = (MODEL_LIBRARIES_UI_ELEMENTS as Record<string, { snippets?: Snippets }>)[key];
  const text = element.snippets!({ id: "any/model" });
  return () => [...text];
}

export const HAND_WRITTEN: Record<string, Snippets> = {
  ...SIMPLE_A,
  ...SIMPLE_B,
  ...SIMPLE_C,
  ...DIFFUSERS,
  ...TRANSFORMERS,
  ...COMMON,
  ...Object.fromEntries(CONSTANT_TEXT.map((key) => [key, constantText(key)])),
};
