/**
 * hubkit as a user gets it: built, packed with `npm pack`, installed (offline, with its dependencies) into a fresh
 * project, then required from CommonJS, imported from an ES module, compiled by TypeScript in both module systems,
 * bundled for the browser, and run as the `hubkit` command. The README's TypeScript examples and the typed calls of
 * test/contract/typed-calls/calls.ts (with their `@ts-expect-error` lines) are type-checked there too, against the
 * installed package.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleSize } from "../../bench/harness.js";
import { builtDist } from "../support/dist.js";
import { outputOf, type RunResult } from "../support/process.js";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const work = mkdtempSync(join(tmpdir(), "hubkit-package-"));
const app = join(work, "app");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return outputOf(child);
}

async function succeed(command: string, args: string[], cwd: string): Promise<string> {
  const r = await run(command, args, cwd);
  if (r.code !== 0) throw new Error(`${command} ${args.join(" ")} exited ${r.code}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Builds dist/ into a copy of the package's shipped files and packs it: the tarball a user installs. */
async function packTarball(): Promise<string> {
  const pkg = join(work, "pkg");
  mkdirSync(pkg);
  cpSync(await builtDist(), join(pkg, "dist"), { recursive: true });
  for (const file of ["package.json", "README.md", "LICENSE", "bin"])
    cpSync(join(root, file), join(pkg, file), { recursive: true });
  return packInto(pkg, join(work, "hubkit"));
}

/**
 * The package's runtime dependencies, packed from this project's node_modules: installed beside the package, they
 * satisfy its dependency ranges without the registry (npm's cache holds their tarballs after `npm ci`, but not the
 * registry metadata an offline install of a range needs).
 */
async function packDependencies(): Promise<string[]> {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  return Promise.all(
    Object.keys(dependencies).map((name) =>
      packInto(join(root, "node_modules", name), join(work, "deps", name)),
    ),
  );
}

/** `npm pack` of a package folder into `destination`; the tarball's path. */
async function packInto(packageDir: string, destination: string): Promise<string> {
  mkdirSync(destination, { recursive: true });
  await succeed("npm", ["pack", packageDir, "--pack-destination", destination], work);
  return join(
    destination,
    readdirSync(destination).find((f) => f.endsWith(".tgz"))!,
  );
}

function writeFiles(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** A loopback endpoint answering a text-classification call, so the installed package makes a real request. */
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume().on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([[{ label: "POSITIVE", score: 0.98 }]]));
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/classify`;
  const tarballs = [await packTarball(), ...(await packDependencies())];
  writeFiles(app, { "package.json": JSON.stringify({ name: "consumer", version: "1.0.0", private: true }) });
  await succeed("npm", ["install", "--offline", "--no-audit", "--no-fund", ...tarballs], app);
}, 180_000);

afterAll(() => {
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The same program for every module system: a real call over loopback, a snippet and a chat template. */
const program = (load: string) => `${load}
const client = new hubkit.InferenceClient("hf_test").endpoint(process.argv[2]);
client.textClassification({ inputs: "I love it" }).then((labels) => {
  const snippet = snippets.getInferenceSnippets({ id: "org/m", pipeline_tag: "fill-mask", tags: [] }, "hf-inference");
  console.log(JSON.stringify({
    labels,
    oneClass: hubkit.InferenceClientError === inference.InferenceClientError,
    snippetClients: snippet.map((s) => s.client).length > 0,
    prompt: hubkit.applyChatTemplate("{{ messages[0].content }}!", { messages: [{ role: "user", content: "hi" }] }),
  }));
});
`;
const expected = {
  labels: [{ label: "POSITIVE", score: 0.98 }],
  oneClass: true,
  snippetClients: true,
  prompt: "hi!",
};

/** The README's TypeScript code blocks that import hubkit, each as a module. */
const README_EXAMPLES = Object.fromEntries(
  [...readFileSync(join(root, "README.md"), "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1])
    .filter((code) => /from "hubkit(\/\w+)?"/.test(code))
    .map((code, i) => [`example-${i + 1}.mts`, `${code}\nexport {};\n`]),
);

/** TypeScript projects in the fresh project, by folder: each compiles against the installed package. */
function typeScriptProjects(): Record<string, Record<string, string>> {
  const project = (
    compilerOptions: object,
    files: Record<string, string>,
    extra: Record<string, string> = {},
  ) => ({
    ...files,
    ...extra,
    "tsconfig.json": JSON.stringify({ compilerOptions, files: Object.keys(files) }),
  });
  const strict = { strict: true, lib: ["es2022", "dom"], types: [] };
  return {
    "ts-cjs": project(
      { ...strict, module: "nodenext", outDir: "out" },
      {
        "main.ts": `import { InferenceClient, type InferenceClientError } from "hubkit";
import { getInferenceSnippets } from "hubkit/snippets";
const client: InferenceClient = new InferenceClient("hf_test");
const failure: InferenceClientError | undefined = undefined;
console.log(typeof client.chatCompletion, getInferenceSnippets({ id: "org/m", pipeline_tag: "fill-mask", tags: [] }, "hf-inference").length > 0, failure);
`,
      },
      { "package.json": JSON.stringify({ type: "commonjs" }) },
    ),
    "ts-node10": project(
      { ...strict, module: "commonjs", moduleResolution: "node10", noEmit: true },
      {
        "main.ts": `import { applyChatTemplate } from "hubkit";
import { InferenceClient } from "hubkit/inference";
import { getInferenceSnippets } from "hubkit/snippets";
const prompt: string = applyChatTemplate("x", { messages: [] });
export { prompt, InferenceClient, getInferenceSnippets };
`,
      },
    ),
    readme: project(
      {
        module: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        noUnusedLocals: false,
        typeRoots: [join(root, "node_modules/@types")],
        types: ["node"],
      },
      README_EXAMPLES,
    ),
    "typed-calls": project(
      {
        ...strict,
        module: "nodenext",
        target: "es2022",
        noEmit: true,
        lib: ["es2022", "dom", "dom.iterable"],
      },
      { "calls.mts": readFileSync(join(root, "test/contract/typed-calls/calls.ts"), "utf8") },
    ),
  };
}

/**
 * The projects above compiled by one `tsc -b` (TypeScript starts once and reads its standard library once: 10 s of
 * CPU where a tsc per project took 16): the errors it reports in `folder`, and any it cannot place in a folder.
 */
let typeCheck: Promise<{ folders: string[]; errors: string[] }> | undefined;
async function typeErrorsOf(folder: string): Promise<string[]> {
  typeCheck ??= (async () => {
    const projects = typeScriptProjects();
    for (const [name, files] of Object.entries(projects)) writeFiles(join(app, name), files);
    const folders = Object.keys(projects);
    const r = await run(process.execPath, [tsc, "-b", "--pretty", "false", ...folders], app);
    // An error's further lines are indented: they belong to the line above.
    const errors = `${r.stdout}${r.stderr}`.split(/\n(?=\S)/).filter((e) => e.trim() !== "");
    if (r.code !== 0 && errors.length === 0) errors.push(`tsc -b exited ${r.code}, printing nothing`);
    return { folders, errors };
  })();
  const { folders, errors } = await typeCheck;
  const placed = (error: string) => folders.find((f) => error.startsWith(`${f}/`));
  return errors.filter((error) => [folder, undefined].includes(placed(error)));
}

describe("the packed package, installed into a fresh project: required, imported, compiled by TypeScript", () => {
  it("works from CommonJS with require(), silently, one copy of each class across subpaths", async () => {
    const load = `const hubkit = require("hubkit");
const inference = require("hubkit/inference");
const snippets = require("hubkit/snippets");`;
    writeFiles(app, { "main.cjs": program(load) });
    const r = await run(process.execPath, ["main.cjs", endpoint], app);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("works from an ES module", async () => {
    const load = `import * as hubkit from "hubkit";
import * as inference from "hubkit/inference";
import * as snippets from "hubkit/snippets";`;
    writeFiles(app, { "main.mjs": program(load) });
    const r = await run(process.execPath, ["main.mjs", endpoint], app);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(expected);
  });

  it("compiles with TypeScript as CommonJS (module nodenext) and the compiled code runs", async () => {
    expect(await typeErrorsOf("ts-cjs")).toEqual([]);
    const dir = join(app, "ts-cjs");
    expect(readFileSync(join(dir, "out/main.js"), "utf8")).toContain('require("hubkit")');
    const r = await run(process.execPath, ["out/main.js"], dir);
    expect(r).toEqual({ code: 0, stdout: "function true undefined\n", stderr: "" });
  });

  it("has types for moduleResolution node10 (no exports map support), main entry and subpaths", async () => {
    expect(await typeErrorsOf("ts-node10")).toEqual([]);
  });
});

describe("the packed package, installed into a fresh project: typed examples, bundle size, the command", () => {
  it("type-checks the README's TypeScript examples against the installed package", async () => {
    expect(Object.keys(README_EXAMPLES).length).toBeGreaterThan(0);
    expect(await typeErrorsOf("readme")).toEqual([]);
  });

  it("type-checks typed calls against the installed package: misspelt and mistyped fields are errors", async () => {
    expect(await typeErrorsOf("typed-calls")).toEqual([]);
  });

  it("bundles InferenceClient from the main entry as small as from hubkit/inference, within the 20 KB budget", async () => {
    const fromMain = await bundleSize(`export { InferenceClient } from "hubkit";`, app);
    const fromSubpath = await bundleSize(`export { InferenceClient } from "hubkit/inference";`, app);
    expect(fromMain.bytes).toBeLessThanOrEqual(20 * 1024);
    expect(fromMain.bytes).toBeLessThanOrEqual(fromSubpath.bytes + 64);
  });

  it("runs as the hubkit command: --version prints the package's version", async () => {
    const r = await run(join(app, "node_modules/.bin/hubkit"), ["--version"], app);
    expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});
