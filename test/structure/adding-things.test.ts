/**
 * The README's "Adding things" table holds: in a copy of the repository, a new library, a new provider (with its
 * test case) and a new snippet client are added by writing only the files the table lists, and the generator and
 * the tests that iterate over the catalogue pass there (they would fail on a list kept by hand elsewhere).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/diagnostics.js";
import { generate } from "../../generator/generate.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let copy = "";

/** The files git tracks (or would track) in this checkout, copied; node_modules linked. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-adding-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
    } catch {
      // A file deleted in the working tree but still in the index.
    }
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return dir;
}

const write = (file: string, text: string) => {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
};
const append = (file: string, find: string, text: string) => {
  const old = readFileSync(join(copy, file), "utf8");
  if (!old.includes(find))
    throw new Error(`${file} no longer holds ${JSON.stringify(find)}: update this test`);
  writeFileSync(join(copy, file), old.replace(find, `${find}${text}`));
};

/** Runs vitest in the copy (node directly: npx would add a process); its output is the failure message. */
function vitest(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(root, "node_modules/vitest/vitest.mjs"), ...args], {
    cwd: copy,
    encoding: "utf8",
    env: { ...process.env, ...env, FORCE_COLOR: "0" },
    maxBuffer: 1 << 26,
  });
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}`.slice(-6000) };
}

beforeAll(() => {
  copy = copyRepository();
  // A library: its YAML, its template, a sample record that uses it.
  write(
    "catalogue/libraries/acme-vision.yaml",
    "# yaml-language-server: $schema=../../schemas/library.schema.json\nid: acme-vision\nprettyLabel: Acme Vision\nrepoName: acme-vision\nrepoUrl: https://github.com/acme/acme-vision\nfilter: false\nsnippets:\n  - template: default\n",
  );
  write(
    "templates/libraries/acme-vision/default.hbs",
    "from acme_vision import load\n\nmodel = load({{py model.id}})\n",
  );
  write(
    "catalogue/samples/acme-vision-default.yaml",
    "# yaml-language-server: $schema=../../schemas/model-record.schema.json\nname: acme-vision-default\ntitle: An Acme Vision model\nid: acme/vision-1\nlibrary_name: acme-vision\npipeline_tag: image-classification\n",
  );
  // A provider: its YAML, and its test case in the list of a file of test/fixtures/providers/.
  write(
    "catalogue/providers/acme-cloud.yaml",
    "# yaml-language-server: $schema=../../schemas/provider.schema.json\nid: acme-cloud\nname: Acme Cloud\ndirectBaseUrl: https://api.acme-cloud.example\nauth: bearer\ntasks:\n  conversational:\n    path: /v1/chat/completions\n    body: {model: model, modelFirst: true}\n    output: {expect: ChatCompletionOutput}\n",
  );
  append(
    "test/fixtures/providers/cases.ts",
    "export const CASES: Case[] = [\n",
    '  chat("acme-cloud", "https://api.acme-cloud.example", "/v1/chat/completions"),\n',
  );
  // A snippet client: its row in the table and its templates.
  append(
    "catalogue/snippet-clients.yaml",
    "    kind: raw-http\n    package: requests\n",
    "  - id: httpx\n    language: python\n    kind: raw-http\n    package: httpx\n",
  );
  write(
    "templates/inference/python/httpx/conversational.hbs",
    '{{#if request.env}}\nimport os\n{{/if}}\nimport httpx\n\nresponse = httpx.post(\n    {{py request.url}},\n    headers={{pyCode request.headers indent=4 level=1}},\n    json={{pyCode request.json indent=4 level=1}},\n)\nprint(response.json()["choices"][0]["message"])\n',
  );
}, 120_000);
afterAll(() => {
  if (!process.env.HUBKIT_KEEP_COPY) rmSync(copy, { recursive: true, force: true });
});

describe("adding a library, a provider and a snippet client touches only the files the README lists", () => {
  it("the generator accepts them", () => {
    const result = generate({ root: copy });
    expect(result.ok ? [] : result.diagnostics.map(formatDiagnostic)).toEqual([]);
  }, 120_000);

  it("the tests that iterate over the catalogue pass with them (fixtures written for the new client)", () => {
    // One run: the snippet fixtures of the new client are written (UPDATE_FIXTURES), and the tests that read the
    // catalogue's lists check the new library, provider and client.
    const suite = vitest(
      [
        "run",
        "test/snippets/fixtures.test.ts",
        "test/catalogue/reference.test.ts",
        "test/libraries/syntax.test.ts",
        "test/client/providers.test.ts",
        "test/snippets/parse.test.ts",
        "test/snippets/rules.test.ts",
      ],
      { UPDATE_FIXTURES: "1" },
    );
    expect(suite.ok, suite.output).toBe(true);
    // The new things were seen: the library rendered, the provider's case ran, the client's snippets were written.
    expect(readFileSync(join(copy, "src/generated/library-snippets.gen.ts"), "utf8")).toContain(
      "acme-vision",
    );
    expect(readFileSync(join(copy, "src/generated/providers.gen.ts"), "utf8")).toContain("acme-cloud");
    const written = execFileSync("find", ["test/fixtures/snippets", "-name", "httpx.py"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(written).toContain("httpx.py");
  }, 600_000);
});
