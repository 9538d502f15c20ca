/**
 * Golden fixtures: test/fixtures/snippets/<case>/<language>/<client>.<ext>, real .py/.js/.sh files.
 * UPDATE_FIXTURES=1 rewrites them; a missing fixture is a failing test naming the file to create.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { ALL_CLIENTS, fixtureCases } from "./matrix.js";

const ROOT = join(import.meta.dirname, "../fixtures/snippets");
const EXT = { python: "py", js: "js", sh: "sh" } as const;
const update = process.env.UPDATE_FIXTURES === "1";
const cases = fixtureCases();

describe(`golden inference snippets (${cases.length} cases)`, () => {
  if (update) rmSync(ROOT, { recursive: true, force: true });

  it("covers every task, client and option", () => {
    const all = cases.flatMap((c) => getInferenceSnippets(c.model, c.provider, c.mapping, c.opts));
    expect(new Set(all.map((s) => `${s.language}/${s.client}`))).toEqual(ALL_CLIENTS);
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const options = new Set(cases.flatMap((c) => Object.keys(c.opts ?? {})));
    for (const o of [
      "accessToken",
      "endpointUrl",
      "directRequest",
      "billTo",
      "streaming",
      "inputs",
      "messages",
      "temperature",
      "max_tokens",
      "top_p",
    ]) {
      expect(options, o).toContain(o);
    }
  });

  for (const c of cases) {
    const snippets = getInferenceSnippets(c.model, c.provider, c.mapping, c.opts);
    it(`${c.name}: the fixture folder holds exactly these snippets`, () => {
      const dir = join(ROOT, c.name);
      const expected = snippets.map((s) => `${s.language}/${s.client}.${EXT[s.language]}`).sort();
      const present = existsSync(dir)
        ? readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
            .sort()
        : [];
      if (!update) expect(present, `snippets of ${c.name}`).toEqual(expected);
    });
    for (const s of snippets) {
      const file = join(ROOT, c.name, s.language, `${s.client}.${EXT[s.language]}`);
      it(`${c.name} ${s.language}/${s.client}`, () => {
        if (update) {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, s.content);
          return;
        }
        expect(
          existsSync(file),
          `missing fixture: create ${file.slice(process.cwd().length + 1)} (UPDATE_FIXTURES=1 npx vitest run test/snippets)`,
        ).toBe(true);
        expect(s.content).toBe(readFileSync(file, "utf8"));
      });
    }
  }
});
