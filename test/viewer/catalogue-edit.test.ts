/**
 * Editing a catalogue file in the viewer, in Chromium on the built viewer (test/viewer/built.ts): a schema error is
 * marked at its line with the text `npm run validate` prints, a valid edit updates the snippets of the view,
 * completion and hover come from the file's JSON Schema, Copy as patch gives a diff `git apply` takes, and Reset
 * to file restores the file.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { monacoText, repoRoot } from "./harness.js";
import { viewerSession } from "./session.js";

const FILE = "catalogue/libraries/asteroid.yaml";
const TEXT = readFileSync(join(repoRoot, FILE), "utf8");
const session = viewerSession({ permissions: ["clipboard-read", "clipboard-write"] });
const { url, errors: pageErrors } = session;
let page: Page;
let editor: Locator;

beforeAll(async () => {
  page = session.page;
  await page.goto(url("?view=library:asteroid"));
  await page.getByRole("button", { name: "Edit" }).click();
  editor = page.locator('[data-testid="catalogue-editor"] .monaco-editor');
  await editor.locator(".view-lines").waitFor();
}, 240_000);

/** The editor's whole text (the file fits on screen). */
const editorText = () => monacoText(editor);

/** Puts the cursor at the end of the editor's line `n` (1-based). */
async function endOfLine(n: number) {
  await editor.locator(".view-lines").click();
  await page.keyboard.press("Control+Home");
  for (let i = 1; i < n; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
}

const problems = () => page.locator('[data-testid="catalogue-errors"]');
const snippet = () =>
  page.locator('details[data-sample="asteroid-default"] [data-testid="library-snippet"] pre[data-code]');

describe("a catalogue file edited in the viewer: opened, checked against its schema, completed", () => {
  it("opens the file as the repository has it, with no problem", async () => {
    await expect.poll(editorText).toBe(TEXT);
    await expect
      .poll(() => page.locator('[data-testid="catalogue-status"]').textContent())
      .toContain("No problems");
    expect(await snippet().textContent()).toContain("asteroid");
  });

  it("marks a schema error at its line with the validator's text", async () => {
    await endOfLine(3);
    await page.keyboard.type("\nlicence: MIT");
    const message =
      "/licence is not a known field; known: id, aliases, prettyLabel, repoName, repoUrl, docsUrl, filter, countDownloads, tasks, snippets, derive";
    await expect.poll(() => problems().textContent()).toBe(`${FILE}:4:1 ${message}`);
    const marker = editor.locator(".squiggly-error");
    await expect.poll(() => marker.count()).toBe(1);
    // The marker sits on line 4: its top is the fourth line's.
    const lineTop = (n: number) =>
      editor
        .locator(".view-line")
        .evaluateAll(
          (lines, i) => lines.map((l) => parseFloat((l as HTMLElement).style.top)).sort((a, b) => a - b)[i],
          n - 1,
        );
    const markerTop = await marker.evaluate((m) => parseFloat((m.parentElement as HTMLElement).style.top));
    expect(markerTop).toBe(await lineTop(4));
    await expect
      .poll(() => page.locator('[data-testid="edited-note"]').textContent())
      .toContain("has problems");
  });

  it("completes a field and describes one on hover, from the file's schema", async () => {
    await endOfLine(4);
    await page.keyboard.press("Shift+Home");
    await page.keyboard.type("alia");
    await page.keyboard.press("Control+Space");
    const rows = page.locator(".suggest-widget .monaco-list-row");
    await expect
      .poll(() => rows.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining("aliases")]));
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+Home");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace"); // the line is gone: the file is valid again
    await expect.poll(() => problems().count()).toBe(0);
    await editor
      .locator(".view-line")
      .filter({ hasText: "prettyLabel" })
      .first()
      .locator("span span")
      .first()
      .hover();
    await expect
      .poll(() => page.locator(".monaco-hover-content").allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining("as a model page shows it")]));
  });
});

describe("a catalogue file edited in the viewer: a valid edit and its patch, Reset to file, a task's file", () => {
  it("a valid edit updates the snippets; the patch applies to the file", async () => {
    await endOfLine(12);
    await page.keyboard.press("Shift+Home");
    await page.keyboard.type("  - { template: default, language: sh }");
    await expect
      .poll(() => page.locator('[data-testid="catalogue-status"]').textContent())
      .toContain("No problems");
    await expect
      .poll(() => page.locator('details[data-sample="asteroid-default"] figcaption').first().textContent())
      .toContain("default · sh");
    expect(await page.locator('[data-testid="edited-note"]').textContent()).toBe("From the edited file.");

    await page.getByRole("button", { name: "Copy as patch" }).click();
    const patch = await page.evaluate(() => navigator.clipboard.readText());
    const copy = mkdtempSync(join(tmpdir(), "hubkit-patch-"));
    try {
      cpSync(join(repoRoot, FILE), join(copy, FILE), { recursive: true });
      writeFileSync(join(copy, "change.patch"), patch);
      execFileSync("git", ["apply", "change.patch"], { cwd: copy });
      expect(readFileSync(join(copy, FILE), "utf8")).toBe(await editorText());
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("Reset to file restores the file, its snippets, and no page error was seen", async () => {
    await page.getByRole("button", { name: "Reset to file" }).click();
    await expect.poll(editorText).toBe(TEXT);
    await expect
      .poll(() => page.locator('details[data-sample="asteroid-default"] figcaption').first().textContent())
      .not.toContain("· sh");
    expect(await page.getByRole("button", { name: "Reset to file" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a task's view shows its edited file's records (providers and local apps: viewer/src/data/catalogue-edit.test.ts)", async () => {
    await page.goto(url("?view=task:fill-mask&edit=1"));
    editor = page.locator('[data-testid="catalogue-editor"] .monaco-editor');
    await editor.locator(".view-lines").waitFor();
    await endOfLine(3);
    await page.keyboard.press("Shift+Home");
    await page.keyboard.type("name: Masked words");
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("Masked words");
    expect(await page.locator('[data-testid="edited-note"]').textContent()).toBe("From the edited file.");
    await page.getByRole("button", { name: "Reset to file" }).click();
    expect(pageErrors).toEqual([]);
  });
});
