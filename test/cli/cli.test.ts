/**
 * The hubkit command line: exit codes, stdout/stderr. Most cases run its main() in this process (run-here.ts);
 * as processes, started as a user starts them: the built dist/ (in a sub-folder of the checkout, and outside any)
 * and `tsx src/cli/index.ts` of a copy of the sources outside a checkout. `hubkit validate` / `hubkit generate` run
 * the generator of the hubkit checkout they are started in.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyCase,
  copyProject,
  hashTree,
  listFiles,
  projectRoot,
  runTsx,
  type RunResult,
} from "../catalogue/project.js";
import { builtDist } from "../support/dist.js";
import { outputOf } from "../support/process.js";
import { hubkitHere } from "./run-here.js";

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

const hubkit = (args: string[]) => hubkitHere(args);

const runNode = (args: string[], cwd: string): Promise<RunResult> =>
  outputOf(spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] }));

describe("hubkit", () => {
  it("with an unknown command exits 2 and lists the known commands", async () => {
    const r = await hubkit(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const known = readdirSync(join(projectRoot, "src/cli/commands"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(r.stderr).toBe(`hubkit: unknown command "frobnicate"; known: ${known.join(", ")}\n`);
  });

  it("with no command prints the usage with every command's summary and exits 2", async () => {
    const r = await hubkit([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^usage: hubkit <command> \[options\]/);
    expect(r.stdout).toMatch(/^ {2}generate {8}\S/m);
    expect(r.stdout).toMatch(/^ {2}validate {8}\S/m);
  });

  it("--version prints the package's version and exits 0", async () => {
    const { version } = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
      version: string;
    };
    expect(await hubkit(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("--help exits 0", async () => {
    expect((await hubkit(["--help"])).code).toBe(0);
  });
});

describe("hubkit validate", () => {
  it("accepts the project's catalogue: exit 0", async () => {
    const r = await hubkit(["validate"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^catalogue is valid \(\d+ ms\)\n$/);
    expect(r.code).toBe(0);
  });

  it("--root DIR prints every error of a broken catalogue, exits 1 and writes nothing", async () => {
    const root = copyProject("hubkit-cli-broken-");
    temps.push(root);
    const brokenCase = join(projectRoot, "test/catalogue/invalid/several-files");
    applyCase(brokenCase, root);
    const r = await hubkit(["validate", "--root", root]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(readFileSync(join(brokenCase, "expected.err"), "utf8"));
    expect(existsSync(join(root, "src/generated"))).toBe(false);
  });

  it("a wrong option is a usage error: exit 2, one message and the usage line", async () => {
    const r = await hubkit(["validate", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^hubkit validate: Unknown option '--bogus'.*\nusage: hubkit validate \[--root DIR\]\n$/,
    );
  });

  it("--help prints the usage: exit 0", async () => {
    const r = await hubkit(["validate", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: hubkit validate \[--root DIR\]/);
  });

  it("--root DIR without a catalogue/ says so", async () => {
    const dir = temp("hubkit-cli-empty-");
    const r = await hubkit(["validate", "--root", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`hubkit validate: ${dir} has no catalogue/ folder\n`);
  });
});

describe("hubkit generate", () => {
  it("--root DIR writes src/generated/ there, then reports it unchanged", async () => {
    const root = copyProject("hubkit-cli-generate-");
    temps.push(root);
    const first = await hubkit(["generate", "--root", root]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^generated src\/generated\/ \(\d+ files, updated, \d+ ms\)\n$/);
    expect(listFiles(join(root, "src/generated"))).toEqual(listFiles(join(projectRoot, "src/generated")));
    expect(hashTree(join(root, "src/generated"))).toBe(hashTree(join(projectRoot, "src/generated")));

    const second = await hubkit(["generate", "--root", root]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/ unchanged, /);
  });
});

describe("hubkit built into dist/ (plain node, no tsx in the process)", () => {
  let dist: string;

  beforeAll(async () => {
    dist = await builtDist();
  }, 120_000);

  it("validate in a sub-folder of a checkout finds it and loads its .ts generator through its tsx", async () => {
    const r = await runNode([join(dist, "cli/index.js"), "validate"], join(projectRoot, "catalogue/tasks"));
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^catalogue is valid \(\d+ ms\)\n$/);
    expect(r.code).toBe(0);
  });

  it("validate outside a checkout prints one line: run it inside a hubkit checkout", async () => {
    const outside = temp("hubkit-cli-outside-");
    const r = await runNode([join(dist, "cli/index.js"), "validate"], outside);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `hubkit validate: no generator/cli.ts found in ${outside} or its parents; run it inside a hubkit checkout\n`,
    );
  });

  it("generate outside a checkout says the same", async () => {
    const outside = temp("hubkit-cli-outside-");
    const r = await runNode([join(dist, "cli/index.js"), "generate"], outside);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^hubkit generate: no generator\/cli.ts found in .*; run it inside a hubkit checkout\n$/,
    );
  });
});

// A copy of the CLI sources outside any checkout behaves like the published package.
describe("hubkit from sources outside a checkout", () => {
  it("prints the one-line hint", async () => {
    const dir = temp("hubkit-cli-src-");
    cpSync(join(projectRoot, "src/cli"), join(dir, "src/cli"), { recursive: true });
    const r = await runTsx([join(dir, "src/cli/index.ts"), "validate"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `hubkit validate: no generator/cli.ts found in ${dir} or its parents; run it inside a hubkit checkout\n`,
    );
  });
});
