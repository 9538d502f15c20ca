/** `hubkit diff`: every snippet the working tree's changes alter, against a base revision (inside a checkout). */
import { PROCESS_IO, type Io } from "../io.js";
import { loadFromCheckout } from "./generate.js";

export const summary =
  "show what a change does to every snippet a model page shows (inside a hubkit checkout)";

interface ReviewCli {
  runDiff(argv: string[], root: string): Promise<number>;
}

export async function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const loaded = await loadFromCheckout<ReviewCli>("diff", "generator/review/cli.ts", io);
  return loaded ? loaded.api.runDiff(argv, loaded.checkout) : 1;
}
