/**
 * Helpers for tests that run the generator on a copy of the project's catalogue in a temp dir:
 * copy, apply a broken-catalogue case's edits, run as a real subprocess, fingerprint an output folder.
 */
import { spawn } from "node:child_process";
import { outputOf, type RunResult } from "../support/process.js";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { parse } from "yaml";
import { runGenerator as runGeneratorCommand } from "../../generator/cli.js";
import { GENERATOR_INPUTS } from "../../generator/generate.js";
import type { LoadCache } from "../../generator/load-cache.js";

export const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** The project's tsx loader (`node --import <this> file.ts`), whatever the working folder of the process. */
export const TSX_LOADER = pathToFileURL(createRequire(join(projectRoot, "package.json")).resolve("tsx")).href;

/** A fresh temp dir holding copies of the project's catalogue/ and schemas/ (no src/generated yet). */
export function copyProject(prefix = "hubkit-catalogue-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const input of GENERATOR_INPUTS) {
    if (existsSync(join(projectRoot, input)))
      cpSync(join(projectRoot, input), join(dir, input), { recursive: true });
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

/**
 * One change a broken-catalogue case makes to a temp copy of the project: replace the one occurrence of `find` in
 * `file` by `replace`, or `create` a file that must not exist yet. Paths are relative to the project root.
 */
export type CaseEdit = { file: string; find: string; replace: string } | { file: string; create: string };

/** The edits listed in `<caseDir>/case.yaml`, checked for shape; a bad case file throws an error naming the case. */
export function readCase(caseDir: string): CaseEdit[] {
  const file = join(caseDir, CASE_FILE);
  const fail = (why: string): never => {
    throw new Error(`case "${basename(caseDir)}" (${relative(projectRoot, file)}): ${why}`);
  };
  if (!existsSync(file)) fail("missing: it lists the edits the case makes to the catalogue");
  const data: unknown = parse(readFileSync(file, "utf8"));
  const edits = isRecord(data) && Object.keys(data).join() === "edits" ? data.edits : undefined;
  if (!Array.isArray(edits) || edits.length === 0)
    return fail("must hold one key, `edits:`, a non-empty list");
  return edits.map((edit: unknown, i) => {
    const keys = isRecord(edit) ? Object.keys(edit).sort().join() : "";
    const strings = isRecord(edit) && Object.values(edit).every((v) => typeof v === "string");
    if (!isRecord(edit) || !strings || (keys !== "file,find,replace" && keys !== "create,file"))
      return fail(`edits[${i}] must be {file, find, replace} or {file, create}, all strings; got {${keys}}`);
    if ("find" in edit && (edit.find === "" || edit.find === edit.replace))
      return fail(`edits[${i}] (${String(edit.file)}): find must be non-empty and differ from replace`);
    return edit as CaseEdit;
  });
}

/**
 * Applies the edits of `<caseDir>/case.yaml` to the project copy `target`, in order, and returns the files they
 * touch. A `find` text must occur exactly once in the file as it is at that point, and a created file must not
 * exist yet: otherwise the catalogue changed under the case, and this throws an error naming the case and the text.
 */
export function applyCase(caseDir: string, target: string): string[] {
  const touched: string[] = [];
  for (const [i, edit] of readCase(caseDir).entries()) {
    const at = `case "${basename(caseDir)}", edits[${i}] (${edit.file})`;
    const path = join(target, edit.file);
    if ("create" in edit) {
      if (existsSync(path)) throw new Error(`${at}: create: the file already exists; pick another name`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, edit.create);
    } else {
      if (!existsSync(path)) throw new Error(`${at}: no such file; the catalogue changed, update the case`);
      const text = readFileSync(path, "utf8");
      const count = text.split(edit.find).length - 1;
      if (count !== 1)
        throw new Error(
          `${at}: find text ${JSON.stringify(edit.find)} occurs ${count} times, not exactly once; ` +
            "the catalogue changed, so update the case (and review its expected.err)",
        );
      const start = text.indexOf(edit.find);
      writeFileSync(path, text.slice(0, start) + edit.replace + text.slice(start + edit.find.length));
    }
    if (!touched.includes(edit.file)) touched.push(edit.file);
  }
  return touched;
}

/**
 * Applies the case to `target`, runs `check`, then puts `target` back as it was: the files the case edited get
 * their text back, and what it created goes (with the folders it needed). Lets many cases share one project copy.
 */
export function withCase<T>(caseDir: string, target: string, check: () => T): T {
  const saved = new Map<string, string | undefined>();
  const createdDirs = new Set<string>();
  for (const { file } of readCase(caseDir)) {
    const path = join(target, file);
    saved.set(path, existsSync(path) ? readFileSync(path, "utf8") : undefined);
    let top: string | undefined;
    for (let dir = dirname(path); !existsSync(dir); dir = dirname(dir)) top = dir;
    if (top) createdDirs.add(top);
  }
  try {
    applyCase(caseDir, target);
    return check();
  } finally {
    for (const [path, text] of saved) {
      if (text === undefined) rmSync(path, { force: true });
      else writeFileSync(path, text);
    }
    for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
  }
}

const CASE_FILE = "case.yaml";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type { RunResult };

/**
 * Runs a TypeScript entry point as `tsx <args>` would (node with the project's tsx loader: one process where the
 * tsx CLI starts two, half a second less per run) and collects its output.
 */
export function runTsx(args: string[], { cwd = projectRoot } = {}): Promise<RunResult> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return outputOf(child);
}

/** `npx tsx generator/cli.ts <command> --root <root>`. */
export function runGenerator(command: "generate" | "validate", root: string): Promise<RunResult> {
  return runTsx(["generator/cli.ts", command, "--root", root]);
}

/**
 * The generator's command in this process (the same function `generator/cli.ts` runs), its lines collected as a
 * subprocess's output would be: as fast as a function call, for the many broken-catalogue cases.
 */
export function runGeneratorHere(
  command: "generate" | "validate",
  root: string,
  cache?: LoadCache,
): RunResult {
  let stdout = "";
  let stderr = "";
  const print = { out: (line: string) => (stdout += `${line}\n`), err: (line: string) => (stderr += `${line}\n`) };
  const code = runGeneratorCommand(command, root, print, cache);
  return { code, stdout, stderr };
}
