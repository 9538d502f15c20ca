/**
 * Golden fixtures: every sample record that shows a local app (and every local-app-* sample), without a chosen
 * file and with each of its files, as test/fixtures/local-apps/<sample>.txt. UPDATE_FIXTURES=1 rewrites them
 * (review the diff against docs/local-apps.md); a missing one fails with its path; a stale one fails too.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatPages, PAGES, type Page } from "./support.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/local-apps");
const update = process.env.UPDATE_FIXTURES === "1";

const bySample = new Map<string, Page[]>();
for (const page of PAGES) bySample.set(page.sample.name, [...(bySample.get(page.sample.name) ?? []), page]);

describe("local apps match their golden fixtures", () => {
  for (const [name, pages] of bySample) {
    it(`${name}: ${pages.length} page(s)`, () => {
      const path = join(root, `${name}.txt`);
      const text = formatPages(pages);
      if (update) {
        mkdirSync(root, { recursive: true });
        writeFileSync(path, text);
      }
      expect(
        existsSync(path),
        `missing fixture test/fixtures/local-apps/${name}.txt; run UPDATE_FIXTURES=1 npx vitest run test/local-apps`,
      ).toBe(true);
      expect(text).toBe(readFileSync(path, "utf8"));
    });
  }

  it("no stale fixtures", () => {
    const present = existsSync(root) ? readdirSync(root) : [];
    const stale = present.filter((f) => !bySample.has(f.replace(/\.txt$/, "")));
    if (update) for (const f of stale) rmSync(join(root, f));
    else expect(stale, "fixtures no sample produces (delete them or run UPDATE_FIXTURES=1)").toEqual([]);
  });
});
