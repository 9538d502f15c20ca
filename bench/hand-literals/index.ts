/**
 * Hand-written template-literal snippet functions, one per library covered, producing the same strings as
 * the catalogue's templates: the baseline of bench/library-snippets.bench.ts.
 */
import { COMMON } from "./common.js";
import { DIFFUSERS } from "./diffusers.js";
import { SIMPLE_A } from "./simple-a.js";
import { SIMPLE_B } from "./simple-b.js";
import { SIMPLE_C } from "./simple-c.js";
import type { Snippets } from "./strings.js";
import { TRANSFORMERS } from "./transformers.js";

export const HAND_WRITTEN: Record<string, Snippets> = {
  ...SIMPLE_A,
  ...SIMPLE_B,
  ...SIMPLE_C,
  ...DIFFUSERS,
  ...TRANSFORMERS,
  ...COMMON,
};
