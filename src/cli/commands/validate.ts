/** `hubkit validate [--root DIR]`: checks catalogue/ and prints every error as path:line:col; writes nothing. */
import { runGeneratorCommand } from "./generate.js";

export const summary = "check catalogue/ against schemas/ and print every error (inside a hubkit checkout)";

export function run(argv: string[]): Promise<number> {
  return runGeneratorCommand("validate", argv);
}
