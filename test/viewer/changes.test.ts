/**
 * The Changes view in Chromium, on the built viewer (test/viewer/built.ts): a
 * recorded `hubkit diff --format json` report (test/fixtures/viewer/changes-report.json) loaded from a file shows
 * its counts, one Monaco diff editor per change with both sides, filters, and a heading anchor per change.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { viewerSession } from "./session.js";

const REPORT = join(repoRoot, "test", "fixtures", "viewer", "changes-report.json");
// What `npm start -- --base <ref>` serves (viewer/changes-plugin.ts), here from the static server.
const session = viewerSession({ routes: { "/__hubkit/changes.json": REPORT } });
const { url, errors: pageErrors } = session;
let page: Page;

beforeAll(async () => {
  page = session.page;
  await page.goto(url("?view=changes:report"));
  await page.locator('input[type="file"]').setInputFiles(REPORT);
}, 240_000);

/** A Monaco side's text (its rendered lines; Monaco writes spaces as no-break spaces). */
const sideText = async (side: "original" | "modified") =>
  (
    await page.locator('[data-testid="change"]').first().locator(`.${side} .view-lines`).first().innerText()
  ).replace(/\u00a0/g, " ");
const librarySelect = () => page.locator("label", { hasText: /^library/ }).locator("select");
const cells = (group: string) =>
  page.locator('[data-testid="changes-summary"] tr', { hasText: group }).locator("td").allTextContents();

describe("the Changes view in Chromium", () => {
  it("counts the changes by group", async () => {
    await page.locator('[data-testid="change"]').first().waitFor();
    expect(await cells("inference")).toEqual(["0", "0", "3"]);
    expect(await cells("library")).toEqual(["0", "0", "2"]);
    expect(await page.getByRole("status").textContent()).toBe("5 of 5 changed snippets");
  });

  it("shows each change in a side-by-side diff editor with both texts", async () => {
    const first = page.locator('[data-testid="change"]').first();
    const editor = first.locator(".monaco-diff-editor");
    await editor.waitFor({ timeout: 60_000 });
    expect(await first.locator(".editor.original").count()).toBe(1);
    expect(await first.locator(".editor.modified").count()).toBe(1);
    await expect.poll(() => sideText("modified")).toContain('print("output:", output)');
    expect(await sideText("original")).toContain("print(output)");
    const sources = await first
      .locator("a.update-link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("title")));
    expect(sources).toContain("templates/inference/python/requests/basicAudio.hbs");
  });

  it("filters, and every change has a heading anchor", async () => {
    await librarySelect().selectOption("transformers");
    await expect.poll(() => page.locator('[data-testid="change"]').count()).toBe(2);
    const heading = page.locator('[data-testid="change"] h2').first();
    const id = await heading.getAttribute("id");
    expect(id).toMatch(/^change-changed-transformers-/);
    expect(await heading.locator("a").getAttribute("href")).toBe(`#${id}`);
    await librarySelect().selectOption("");
    await expect.poll(() => page.locator('[data-testid="change"]').count()).toBe(5);
  });

  it("opens on the report the server serves (npm start -- --base), with no file loaded", async () => {
    const fresh = await page.context().newPage();
    try {
      await fresh.goto(url("?view=changes:report"));
      await expect.poll(() => fresh.locator('[data-testid="change"]').count()).toBe(5);
      expect(await fresh.getByRole("status").textContent()).toBe("5 of 5 changed snippets");
    } finally {
      await fresh.close();
    }
  });

  it("ran without page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
