/** `hubkit diff`: every snippet the working tree's changes alter, against a base revision (inside a checkout). */
import { loadFromCheckout } from "./generate.js";

export const summary =
  "show what a change does to every snippet a model page shows (inside a hubkit checkout)";

interface ReviewCli {
  runDiff(argv: string[], root: string): Promise<number>;
}

export async function run(argv: string[]): Promise<number> {
  const loaded = await loadFromCheckout<ReviewCli>("diff", "generator/review/cli.ts");
  return loaded ? loaded.api.runDiff(argv, loaded.checkout) : 1;
}
