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
  it("reports every snippet the changed files alter, and nothing else, each with its cause", () => {
    expect(report.head).toBe("working tree");
    expect(report.base).toBe(shas[0]);
    expect(report.summary).toEqual({ added: 0, removed: 0, changed: report.changes.length });
    const bySource = (file: string) => report.changes.filter((c) => c.sources.includes(file));
    for (const c of report.changes) expect(c.sources.length, JSON.stringify(c.sources)).toBe(1);

    // The template: every python/requests snippet rendered from it, and only those.
    const fromTemplate = head.filter(
      (s) => s.language === "python" && s.client === "requests" && s.template === "basic",
    );
    expect(bySource(TEMPLATE).length).toBe(fromTemplate.length);
    for (const c of bySource(TEMPLATE)) {
      expect([c.language, c.client]).toEqual(["python", "requests"]);
      expect(c.after).toBe(`# a reviewer's marker\n${c.before}`);
    }
    // The library template: that library's snippets on its samples.
    const library = head.filter((s) => s.library === "3dtopia-xl");
    expect(bySource(LIBRARY).map((c) => c.sample)).toEqual(library.map((s) => s.sample));
    // The provider: only together's direct snippets name its base URL.
    expect(bySource(PROVIDER).length).toBeGreaterThan(0);
    for (const c of bySource(PROVIDER)) {
      expect(c.provider).toBe("together");
      expect(c.after).toContain("https://api.together.example");
    }
    expect(report.changes.length).toBe(
      bySource(TEMPLATE).length + bySource(LIBRARY).length + bySource(PROVIDER).length,
    );
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
