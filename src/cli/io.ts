/**
 * Where a command's output goes and what it reads from its surroundings: the process by default; tests run the
 * commands in process with buffers and an environment of their own (test/cli/run-here.ts).
 */
export interface Io {
  /** A line to standard output / standard error, as console.log / console.error print it. */
  log(line: string): void;
  error(line: string): void;
  /** Text to standard output as is. */
  write(text: string): void;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
}

export const PROCESS_IO: Io = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  write: (text) => void process.stdout.write(text),
  // A getter: touching process.stdin opens it, which a command that never reads it must not do.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
};
