/**
 * Golden fixtures: every library's snippets for each of its sample records (library_name) are held as
 * real source files, test/fixtures/libraries/<library>/<sample>.<n>.<ext>. UPDATE_FIXTURES=1 rewrites
 * them; a missing one fails with the path to create; a fixture nothing produces any more fails too.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS, getLibrarySnippets } from "../../src/index.js";
import { EXTENSIONS, LIBRARY_KEYS, MODEL_SAMPLES } from "./support.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/libraries");
const update = process.env.UPDATE_FIXTURES === "1";

describe("library snippets match their golden fixtures", () => {
  for (const library of LIBRARY_KEYS) {
    const samples = MODEL_SAMPLES.filter((s) => s.model.library_name === library);
    const dir = join(root, library);
    const expected = new Set<string>();

    it(`${library}: has at least one sample record`, () => {
      expect(
        samples.length,
        `add catalogue/samples/<name>.yaml with library_name: ${library}`,
      ).toBeGreaterThan(0);
    });

    for (const sample of samples) {
      const snippets = getLibrarySnippets(library, sample.model);
      snippets.forEach((snippet, n) => {
        const file = `${sample.name}.${n}.${EXTENSIONS[snippet.language]}`;
        expected.add(file);
        const path = join(dir, file);
        it(`${library}/${file}`, () => {
          if (update) {
            mkdirSync(dir, { recursive: true });
            writeFileSync(path, snippet.content + "\n");
          }
          expect(
            existsSync(path),
            `missing fixture test/fixtures/libraries/${library}/${file}; run UPDATE_FIXTURES=1 npx vitest run test/libraries`,
          ).toBe(true);
          expect(snippet.content + "\n").toBe(readFileSync(path, "utf8"));
        });
      });
      it(`${library} × ${sample.name}: MODEL_LIBRARIES_UI_ELEMENTS[key].snippets gives the same strings`, () => {
        const element = MODEL_LIBRARIES_UI_ELEMENTS[library as keyof typeof MODEL_LIBRARIES_UI_ELEMENTS] as {
          snippets?: (m: unknown) => string[];
        };
        expect(element.snippets?.(sample.model)).toEqual(snippets.map((s) => s.content));
      });
    }

    it(`${library}: no stale fixtures`, () => {
      const present = existsSync(dir) ? readdirSync(dir) : [];
      const stale = present.filter((f) => !expected.has(f));
      if (update) for (const f of stale) rmSync(join(dir, f));
      else expect(stale, `fixtures no sample produces (delete them or run UPDATE_FIXTURES=1)`).toEqual([]);
    });
  }

  it("every fixture folder names a library with snippets", () => {
    const folders = existsSync(root) ? readdirSync(root) : [];
    expect(folders.filter((f) => !LIBRARY_KEYS.includes(f))).toEqual([]);
  });
});
