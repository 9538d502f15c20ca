/**
 * `hubkit diff` on a temporary clone of this repository: a commit that changes one inference template, one library
 * template and one provider file must be reported as exactly the snippets those files change, each with its cause;
 * an unchanged tree reports nothing; a base that does not build is reported with path:line:col; the clone's
 * working tree, index and stash are left as they were.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runDiff } from "../../generator/review/cli.js";
import { diffWorkingTree } from "../../generator/review/diff.js";
import type { PageSnippet } from "../../generator/review/page.js";
import type { Report } from "../../generator/review/report.js";
import { projectRoot } from "../catalogue/project.js";

const clone = mkdtempSync(join(tmpdir(), "hubkit-diff-clone-"));
const git = (...args: string[]) => execFileSync("git", args, { cwd: clone, encoding: "utf8" });
const shas: string[] = [];

const TEMPLATE = "templates/inference/python/requests/basic.hbs";
const LIBRARY = "templates/libraries/3dtopia-xl/default.hbs";
const PROVIDER = "catalogue/providers/together.yaml";

function edit(file: string, change: (text: string) => string): void {
  const path = join(clone, file);
  writeFileSync(path, change(readFileSync(path, "utf8")));
}

function commit(message: string): string {
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message);
  const sha = git("rev-parse", "HEAD").trim();
  shas.push(sha);
  return sha;
}

/** The clone's state that hubkit diff must not touch. */
const gitState = () => ({ status: git("status", "--porcelain"), stash: git("stash", "list") });

let report: Report;
let head: PageSnippet[];

beforeAll(async () => {
  execFileSync("git", ["clone", "--quiet", "--no-local", projectRoot, clone]);
  symlinkSync(join(projectRoot, "node_modules"), join(clone, "node_modules"), "dir");
  shas.push(git("rev-parse", "HEAD").trim());
  edit(TEMPLATE, (t) => `# a reviewer's marker\n${t}`);
  edit(LIBRARY, (t) => t.replace(/\n?$/, "\n# marker\n"));
  edit(PROVIDER, (t) => t.replace("https://api.together.xyz", "https://api.together.example"));
  commit("change one template, one library template, one provider");
  const before = gitState();
  report = await diffWorkingTree({ root: clone, base: "HEAD~1" });
  expect(gitState()).toEqual(before);
  const rendered = execFileSync(
    process.execPath,
    ["--import", "tsx", join(clone, "generator/review/render-tree.ts"), clone],
    { cwd: clone, maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] },
  );
  head = JSON.parse(rendered.toString("utf8")) as PageSnippet[];
}, 240_000);

afterAll(() => {
  rmSync(clone, { recursive: true, force: true });
  for (const sha of shas) rmSync(join(tmpdir(), "hubkit-diff", sha), { recursive: true, force: true });
});

describe("hubkit diff", () => {
  it("reports every snippet the changed files alter, and nothing else, each with the files that can cause it", () => {
    expect(report.head).toBe("working tree");
    expect(report.base).toBe(shas[0]);
    expect(report.summary).toEqual({ added: 0, removed: 0, changed: report.changes.length });
    for (const c of report.changes) {
      expect(c.sources.length).toBeGreaterThan(0);
      for (const source of c.sources) expect([TEMPLATE, LIBRARY, PROVIDER]).toContain(source);
    }
    const marked = report.changes.filter((c) => c.after?.startsWith("# a reviewer's marker\n"));
    const library = report.changes.filter((c) => c.group === "library");
    const moved = report.changes.filter((c) => c.after?.includes("https://api.together.example"));
    // Every change is one of the three edits, seen where it shows.
    expect(new Set([...marked, ...library, ...moved]).size).toBe(report.changes.length);

    // The template: exactly the python/requests snippets rendered from it.
    const fromTemplate = head.filter(
      (s) => s.language === "python" && s.client === "requests" && s.template === "basic",
    );
    expect(marked.length).toBe(fromTemplate.length);
    for (const c of marked) {
      expect(c.sources).toContain(TEMPLATE);
      expect(c.after).toContain(c.before!.slice(0, 40));
    }
    // The library template: that library's snippets on its samples.
    expect(library.map((c) => c.sample)).toEqual(
      head.filter((s) => s.library === "3dtopia-xl").map((s) => s.sample),
    );
    for (const c of library) expect(c.sources).toEqual([LIBRARY]);
    // The provider's base URL: together's direct snippets, in every client that prints the URL.
    expect(new Set(moved.map((c) => c.client)).size).toBeGreaterThan(1);
    for (const c of moved) {
      expect([c.provider, c.view]).toEqual(["together", "direct"]);
      expect(c.sources).toContain(PROVIDER);
    }
  });

  it("reports no change for a tree equal to the base (its build reused)", async () => {
    git("checkout", "-q", "HEAD~1", "--", "catalogue", "templates");
    try {
      const progress: string[] = [];
      const same = await diffWorkingTree({ root: clone, base: "HEAD~1", progress: (l) => progress.push(l) });
      expect(same.summary).toEqual({ added: 0, removed: 0, changed: 0 });
      expect(progress[0]).toMatch(/: reusing its build$/);
    } finally {
      git("checkout", "-q", "HEAD", "--", "catalogue", "templates");
    }
  }, 120_000);

  it("a base whose catalogue is broken: path:line:col naming the revision, exit 1, the tree untouched", async () => {
    edit("catalogue/tasks/fill-mask.yaml", (t) => t.replace("modality: nlp", "modality: nlpp"));
    const broken = commit("break fill-mask");
    edit("catalogue/tasks/fill-mask.yaml", (t) => t.replace("modality: nlpp", "modality: nlp"));
    commit("fix fill-mask");
    const before = gitState();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runDiff(["--base", broken, "--format", "json"], clone)).toBe(1);
      const printed = errors.mock.calls.map((call) => String(call[0])).join("\n");
      expect(printed).toContain(`hubkit diff: the base revision ${broken.slice(0, 10)} does not build:`);
      expect(printed).toMatch(
        /^catalogue\/tasks\/fill-mask\.yaml:\d+:\d+ {2}error {2}\/modality must be one of /m,
      );
    } finally {
      errors.mockRestore();
    }
    expect(gitState()).toEqual(before);
  }, 120_000);
});
