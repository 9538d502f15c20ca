/**
 * Helpers for tests that run the generator on a copy of the project's catalogue in a temp dir:
 * copy, overlay, run as a real subprocess, fingerprint an output folder.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATOR_INPUTS } from "../../generator/generate.js";

export const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** A fresh temp dir holding copies of the project's catalogue/ and schemas/ (no src/generated yet). */
export function copyProject(prefix = "hubkit-catalogue-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const input of GENERATOR_INPUTS) {
    if (existsSync(join(projectRoot, input))) cpSync(join(projectRoot, input), join(dir, input), { recursive: true });
  }
  return dir;
}

/** Every file below `dir`, as sorted forward-slash paths relative to it. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** A hash of the names and bytes of every file below `dir` ("absent" when there is no such folder). */
export function hashTree(dir: string): string {
  if (!existsSync(dir)) return "absent";
  const hash = createHash("sha256");
  for (const file of listFiles(dir)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Copies every file of `overlayDir` (except the names in `skip`) into `target`, at the same relative path. */
export function applyOverlay(overlayDir: string, target: string, skip: string[] = []): string[] {
  const files = listFiles(overlayDir).filter((f) => !skip.includes(f));
  for (const file of files) cpSync(join(overlayDir, file), join(target, file));
  return files;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npx tsx <args>` (the project's tsx, whatever the working folder) and collects its output. */
export function runTsx(args: string[], { cwd = projectRoot } = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("npx", ["--no-install", "--prefix", projectRoot, "tsx", ...args], {
      cwd,
      // npm warnings about the machine's own npm config must not end up in the stderr we compare.
      env: {
        ...process.env,
        npm_config_loglevel: "error",
        npm_config_update_notifier: "false",
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** `npx tsx generator/cli.ts <command> --root <root>`. */
export function runGenerator(command: "generate" | "validate", root: string): Promise<RunResult> {
  return runTsx(["generator/cli.ts", command, "--root", root]);
}
