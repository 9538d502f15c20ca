/** How a filter is declared: its parameter names (for keyword arguments) and what it does. */
import type { RenderState } from "./runtime.js";

export interface FilterSpec {
  parameters: readonly string[];
  /** `args` holds one value per parameter, in order (undefined when not given). */
  run(value: unknown, args: unknown[], state: RenderState): unknown;
}

export function filter(parameters: readonly string[], run: FilterSpec["run"]): FilterSpec {
  return { parameters, run };
}
