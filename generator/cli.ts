/**
 * `npm run generate` / `npm run validate` [--root DIR] (also `hubkit generate|validate` inside a checkout).
 * Prints every problem as path:line:col and exits 1; on any problem nothing is written.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatDiagnostic, sortDiagnostics } from "./diagnostics.js";
import { generate } from "./generate.js";
import type { LoadCache } from "./load-cache.js";

/** Where the command's lines go: the console by default; tests collect them to run the generator in process. */
export interface Printer {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CONSOLE: Printer = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** `cache` (tests only) reuses the load step's work between runs on near-identical projects. */
export function runGenerator(
  command: string,
  root: string,
  print: Printer = CONSOLE,
  cache?: LoadCache,
): number {
  if (command !== "generate" && command !== "validate") {
    print.err(`usage: generator/cli.ts generate|validate   (got "${command ?? ""}")`);
    return 2;
  }
  const started = performance.now();
  const result = generate({ root, write: command === "generate", cache });
  if (!result.ok) {
    const list = sortDiagnostics(result.diagnostics);
    print.err(list.map(formatDiagnostic).join("\n"));
    const files = new Set(list.map((d) => d.file)).size;
    print.err(
      `\n${list.length} error${list.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}; nothing was written.`,
    );
    return 1;
  }
  const ms = (performance.now() - started).toFixed(0);
  if (command === "validate") print.out(`catalogue is valid (${ms} ms)`);
  else
    print.out(
      `generated src/generated/ (${result.files.length} files, ${result.written ? "updated" : "unchanged"}, ${ms} ms)`,
    );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, flag, dir] = process.argv.slice(2);
  const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  process.exitCode = runGenerator(command, flag === "--root" && dir ? resolve(dir) : projectRoot);
}
