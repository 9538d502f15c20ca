/**
 * The library views in Chromium, on the built viewer (test/viewer/built.ts): a library's snippets per sample
 * record, a long page that mounts its editors as they come into view, and a library template previewed through the
 * runtime. One browser for the file (test/viewer/e2e.test.ts drives the rest of the viewer).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { viewerSession } from "./session.js";

const session = viewerSession();
let page: Page;
beforeAll(() => {
  page = session.page;
});
const { url, shot } = session;

describe("viewer in Chromium: library snippets and library templates", () => {
  it("a library's snippets per sample record, fallback messages included", async () => {
    await page.goto(url("?view=library:peft"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("PEFT");
    const open = page.locator("details[open]");
    await expect.poll(() => open.count()).toBeGreaterThan(1);
    const texts = await page
      .locator('details[open] [data-testid="library-snippet"] pre[data-code]')
      .allTextContents();
    expect(texts).toEqual(expect.arrayContaining(["Task type is invalid.", "Base model is not found."]));
    await shot("library-snippets");
  });

  it("a long library page mounts an editor for the snippets near the view only, and for one scrolled to", async () => {
    await page.goto(url("?view=library:transformers"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("Transformers");
    const shown = page.locator('details[open] [data-testid="library-snippet"]');
    const editors = page.locator('[data-testid="library-snippet"] .monaco-editor');
    expect(await shown.count()).toBeGreaterThan(10);
    expect(await editors.count()).toBeLessThan(await shown.count());
    await shown.last().scrollIntoViewIfNeeded();
    await expect.poll(() => shown.last().locator(".monaco-editor .view-lines").count()).toBe(1);
  });

  it("a library template previews through the runtime; an edit shows in the runtime's output", async () => {
    await page.goto(url("?view=template:libraries/3dtopia-xl/default"));
    const preview = page.locator('[data-testid="preview"] pre[data-code]').first();
    await expect
      .poll(() => preview.textContent())
      .toContain('model = threedtopia_xl.from_pretrained("example-org/3dtopia-xl-model")');
    expect(await page.locator('[data-testid="preview-mode"]').count()).toBe(0);
    await page.getByRole("button", { name: "Edit" }).click();
    const editor = page.locator('[data-testid="template-editor"] .monaco-editor .view-lines');
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\n# from {{py model.library_name}}");
    await expect.poll(() => preview.textContent()).toContain('# from "3dtopia-xl"');
    await shot("library-template-edit");
  });
});

it("ran without page errors", () => {
  expect(session.errors).toEqual([]);
});
