/**
 * The JS snippets' processes: exec/module-runner.mjs, each running one snippet at a time, kept for the next
 * snippet of this test worker once it is done. A test worker starts as many as it runs snippets at once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export interface ModuleRun {
  /** -9 when it was still running at its timeout. */
  code: number;
  stdout: string;
  stderr: string;
  /** The runner exits after this run (it ended at once: an uncaught error, process.exit or the timeout). */
  last?: boolean;
}

export interface ModuleJob {
  file: string;
  cwd: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
}

interface Runner {
  child: ChildProcess;
  /** The job running now: told how it ended, or why the runner did. */
  current?: (outcome: ModuleRun | string) => void;
}

const EXEC = join(import.meta.dirname, "exec");
/**
 * Node's fetch parses HTTP with a WebAssembly module that V8 compiles at the first request, then compiles again,
 * optimised, in the background: CPU that a runner of short snippets spends for nothing. V8 compiles it once with
 * --liftoff-only; what the snippets do is the same.
 */
const NODE_FLAGS = ["--liftoff-only"];
const free: Runner[] = [];

function startRunner(): Runner {
  const child = spawn(
    process.execPath,
    [
      ...NODE_FLAGS,
      "--import",
      pathToFileURL(join(EXEC, "loopback.mjs")).href,
      join(EXEC, "module-runner.mjs"),
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  const runner: Runner = { child };
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const done = runner.current;
    runner.current = undefined;
    done?.(JSON.parse(line) as ModuleRun);
  });
  const ended = (why: string) => {
    const index = free.indexOf(runner);
    if (index >= 0) free.splice(index, 1);
    runner.current?.(`the JS snippet runner ${why}${errors ? `: ${errors}` : ""}`);
    runner.current = undefined;
  };
  child.on("error", (error) => ended(`could not start: ${error.message}`));
  child.on("exit", (code, signal) => ended(`ended (${signal ?? `exit code ${code}`})`));
  // A runner ends when the worker does (its stdin closes); it must not keep the worker alive.
  child.unref();
  for (const pipe of [child.stdin, child.stdout, child.stderr])
    (pipe as unknown as { unref(): void }).unref();
  return runner;
}

/** Runs `job` in a free runner (or a new one); a string is why the runner could not say how the job ended. */
export function runModule(job: ModuleJob): Promise<ModuleRun | string> {
  const runner = free.pop() ?? startRunner();
  return new Promise((resolve) => {
    runner.current = (outcome) => {
      if (typeof outcome !== "string" && !outcome.last) free.push(runner);
      resolve(outcome);
    };
    const { timeoutMs, ...rest } = job;
    runner.child.stdin!.write(`${JSON.stringify({ ...rest, timeout: timeoutMs })}\n`);
  });
}
