/**
 * `hubkit diff`: what the working tree's changes do to every snippet a model page shows, against a base revision.
 * The base is built from `git archive` in a cache folder of the system's temp folder, keyed by its commit (the
 * working tree, the index and the stash are never touched); each tree is rendered in a process of its own.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatDiagnostic, sortDiagnostics } from "../diagnostics.js";
import { generate } from "../generate.js";
import type { PageSnippet } from "./page.js";
import { compareRenders, type Report } from "./report.js";

/** A problem the user can act on (a bad ref, a revision that does not build): one message, exit 1. */
export class ReviewError extends Error {}

export interface DiffOptions {
  root: string;
  /** A git ref; default: the merge base of HEAD and main. */
  base?: string;
  /** Progress lines ("building the base revision ..."); default: none. */
  progress?: (line: string) => void;
}

export async function diffWorkingTree({ root, base, progress = () => {} }: DiffOptions): Promise<Report> {
  const sha = resolveBase(root, base);
  const baseTree = join(tmpdir(), "hubkit-diff", sha);
  if (existsSync(join(baseTree, READY))) progress(`base ${sha.slice(0, 10)}: reusing its build`);
  else {
    progress(`base ${sha.slice(0, 10)}: building it`);
    buildBase(root, sha, baseTree);
  }
  progress("working tree: generating");
  generateWorkingTree(root);
  progress("rendering every sample record of both trees");
  const [before, after] = await Promise.all([renderTree(root, baseTree), renderTree(root, root)]);
  const changed = changedFiles(root, sha);
  return { base: sha, head: "working tree", ...compareRenders(before, after, changed) };
}

/** The file that marks a complete base build: a build cut off half way is built again. */
const READY = ".hubkit-diff-ready";

function git(root: string, args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new ReviewError(`git ${args.join(" ")}: ${result.stderr.trim()}`);
  return result.stdout;
}

function resolveBase(root: string, ref: string | undefined): string {
  if (ref !== undefined) {
    const found = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      cwd: root,
      encoding: "utf8",
    });
    if (found.status !== 0) throw new ReviewError(`--base ${ref}: no such commit in ${root}`);
    return found.stdout.trim();
  }
  const mergeBase = spawnSync("git", ["merge-base", "HEAD", "main"], { cwd: root, encoding: "utf8" });
  if (mergeBase.status !== 0)
    throw new ReviewError("no merge base of HEAD and main: name the base revision with --base <git-ref>");
  return mergeBase.stdout.trim();
}

function buildBase(root: string, sha: string, tree: string): void {
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const archive = spawnSync("git", ["archive", "--format=tar", sha], { cwd: root, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new ReviewError(`git archive ${sha}: ${archive.stderr.toString().trim()}`);
  execFileSync("tar", ["-x", "-C", tree], { input: archive.stdout });
  symlinkSync(join(root, "node_modules"), join(tree, "node_modules"), "dir");
  // The base's own generator: its catalogue may need the code of its time.
  const run = spawnSync(process.execPath, ["--import", "tsx", "generator/cli.ts", "generate"], {
    cwd: tree,
    encoding: "utf8",
  });
  if (run.status !== 0)
    throw new ReviewError(`the base revision ${sha.slice(0, 10)} does not build:\n${run.stderr.trimEnd()}`);
  writeFileSync(join(tree, READY), `${sha}\n`);
}

function generateWorkingTree(root: string): void {
  const result = generate({ root, write: true });
  if (!result.ok)
    throw new ReviewError(
      `the working tree does not build:\n${sortDiagnostics(result.diagnostics).map(formatDiagnostic).join("\n")}`,
    );
}

/** Every snippet of the tree at `tree`, rendered by this checkout's renderer in a process of its own. */
function renderTree(root: string, tree: string): Promise<PageSnippet[]> {
  return new Promise((done, fail) => {
    const script = join(root, "generator/review/render-tree.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script, tree], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
    child.on("error", fail);
    child.on("close", (code) => {
      if (code === 0) done(JSON.parse(Buffer.concat(out).toString("utf8")) as PageSnippet[]);
      else fail(new ReviewError(`rendering ${tree} failed:\n${errors.trimEnd()}`));
    });
  });
}

/** Files that differ between the base and the working tree, untracked files included. */
function changedFiles(root: string, sha: string): string[] {
  const tracked = git(root, ["diff", "--no-ext-diff", "--no-renames", "--name-only", sha, "--"]);
  const untracked = git(root, ["ls-files", "--others", "--exclude-standard"]);
  return [...new Set([...tracked.split("\n"), ...untracked.split("\n")].filter(Boolean))].sort();
}
