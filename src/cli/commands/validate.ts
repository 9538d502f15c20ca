/** `hubkit validate [--root DIR]`: checks catalogue/ and prints every error as path:line:col; writes nothing. */
import { PROCESS_IO, type Io } from "../io.js";
import { runGeneratorCommand } from "./generate.js";

export const summary = "check catalogue/ against schemas/ and print every error (inside a hubkit checkout)";

export function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  return runGeneratorCommand("validate", argv, io);
}
