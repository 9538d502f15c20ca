/**
 * `hubkit <args>` in this process: the same main() the command line runs, its output collected as a subprocess's
 * would be (console.log's line = `line\n`), with its own stdin text and environment additions. As fast as a call;
 * each CLI keeps one subprocess test of its own for what only a real process shows (tsx, argv, exit code).
 */
import { Readable } from "node:stream";
import type { Io } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import type { RunResult } from "../catalogue/project.js";

export interface HereOptions {
  /** Added to this process's environment for the run (an undefined value removes a variable). */
  env?: Record<string, string | undefined>;
  /** What the command reads from stdin. */
  stdin?: string;
}

export async function hubkitHere(
  args: string[],
  { env = {}, stdin = "" }: HereOptions = {},
): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
    write: (text) => (stdout += text),
    stdin: Readable.from([stdin]),
    env: { ...process.env, ...env },
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}
