/**
 * End-to-end: the BUILT viewer (vite build --mode e2e, which adds the fixtures of harness.ts) served on 127.0.0.1 and
 * driven in headless Chromium through playwright-core (test/viewer/chromium.ts finds one: CHROMIUM_PATH, the system's,
 * or the npm package's). One browser for the whole file. If it cannot start, every test here fails (no silent skip).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_FILES, FIXTURE_TEMPLATE_ID, monacoText, repoRoot } from "./harness.js";
import { viewerSession } from "./session.js";

const session = viewerSession();
let page: Page;
beforeAll(() => {
  page = session.page;
});
const { url, shot, errors: pageErrors } = session;
const TOP = [
  "Inference templates",
  "Library templates",
  "Local-app templates",
  "Template partials",
  "Other templates",
  "Libraries",
  "Local apps",
  "Tasks",
  "Providers",
  "Sample records",
];

const EXPECTED_LINE = 'pipe = pipeline("text-classification", model="fixture-org/fixture-model")';

const treeLabels = () => page.locator('[role="treeitem"] .tree-label').allTextContents();
const query = () => new URL(page.url()).searchParams;
/** The inference-template cases need the repository's inference templates and sample records. */
const inference = existsSync(join(repoRoot, "templates", "inference"));
const sampleNames = existsSync(join(repoRoot, "catalogue", "samples"))
  ? readdirSync(join(repoRoot, "catalogue", "samples"))
  : [];

describe("viewer in Chromium: the tree, search, keyboard navigation", () => {
  it("loads the catalogue tree and the start page", async () => {
    await page.goto(url());
    await expect.poll(treeLabels).toEqual(TOP);
    expect(await page.locator("h1").textContent()).toContain("hubkit catalogue viewer");
    expect(await page.title()).toBe("hubkit viewer");
    await shot("home");
  });

  it("search filters the tree as you type, and the filter lives in the URL", async () => {
    await page.goto(url());
    await expect.poll(treeLabels).toContain("Tasks");
    await page.keyboard.press("/");
    await page.keyboard.type("text-to-im");
    await expect
      .poll(treeLabels)
      .toEqual(expect.arrayContaining(["Tasks", "Computer Vision", "Text-to-Image"]));
    // Only matches are left: the task, and sample records whose name or title mention it; no library.
    const leaves = await page.locator('[role="treeitem"]:not([aria-expanded])').count();
    expect(leaves).toBeGreaterThan(0);
    expect(leaves).toBeLessThan(30);
    expect(await treeLabels()).not.toContain("Libraries");
    expect(query().get("q")).toBe("text-to-im");
    await page.keyboard.type("zzz");
    await expect.poll(() => page.locator(".sidebar .empty").textContent()).toContain("Nothing matches");
    await page.keyboard.press("Escape");
    await expect.poll(treeLabels).toEqual(TOP);
  });

  it("navigates the tree with the keyboard and opens a task with its detail", async () => {
    await page.goto(url());
    await page.locator('[role="treeitem"][data-id="tasks"]').click();
    await page.locator('[role="treeitem"][data-id="tasks/cv"]').focus();
    await page.keyboard.press("ArrowRight"); // open Computer Vision
    await page.keyboard.press("ArrowRight"); // first task in it
    const first = await page.locator('[role="treeitem"]:focus').getAttribute("data-id");
    expect(first).toMatch(/^task:/);
    await page.locator('[role="treeitem"][data-id="task:text-to-image"]').focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("h1").textContent()).toContain("Text-to-Image");
    expect(query().get("view")).toBe("task:text-to-image");
    expect(await page.locator('[role="treeitem"][aria-selected="true"]').getAttribute("data-id")).toBe(
      "task:text-to-image",
    );
    const main = page.locator("main");
    for (const section of ["Catalogue entry", "Summary", "Demo", "Datasets", "Models", "Spaces", "Metrics"])
      expect(await main.locator("h2, h3").allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining(section)]),
      );
    expect(await main.textContent()).toContain("Computer Vision");
    await shot("task");
  });
});

describe("viewer in Chromium: anchors, entries, update links, deep links", () => {
  it("every section heading is an anchor, and the update link opens the source file in a new tab", async () => {
    await page.goto(url("?view=task:text-to-image"));
    const headings = page.locator("main h1, main h2, main h3");
    await expect.poll(() => headings.count()).toBeGreaterThan(5);
    for (const h of await headings.all()) {
      const id = await h.getAttribute("id");
      expect(id).toBeTruthy();
      expect(await h.locator("a.anchor").getAttribute("href")).toBe(`#${id}`);
    }
    await page.locator("#text-to-image-summary a.anchor").click();
    expect(new URL(page.url()).hash).toBe("#text-to-image-summary");
    expect(query().get("view")).toBe("task:text-to-image");
    const link = page.locator("a.update-link");
    expect(await link.getAttribute("href")).toMatch(
      /^https?:\/\/.+\/blob\/main\/catalogue\/tasks\/text-to-image\.yaml$/,
    );
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener");
  });

  it("opens a library: registry entry, repository and docs links, download-count rule", async () => {
    await page.goto(url());
    await page.locator(".search").fill("diffusers");
    await page.locator('[role="treeitem"][data-id="library:diffusers"]').click();
    await expect.poll(() => page.locator("h1").textContent()).toContain("Diffusers");
    const main = page.locator("main");
    expect(await main.textContent()).toContain("download count rule");
    expect(await main.locator('a[href="https://github.com/huggingface/diffusers"]').count()).toBe(1);
    expect(await page.locator("a.update-link").getAttribute("href")).toMatch(
      /\/blob\/main\/catalogue\/libraries\/diffusers\.yaml$/,
    );
    await shot("library");
  });

  it("opens a local app: its entry, update link, and its commands on the sample records", async () => {
    await page.goto(url("?view=local-app:ollama"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("Ollama");
    expect(await page.locator("a.update-link").getAttribute("href")).toMatch(
      /\/blob\/main\/catalogue\/local-apps\/ollama\.yaml$/,
    );
    expect(await page.locator("main h2").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("On the sample records")]),
    );
    const block = page.locator('main details[open] [data-testid="local-app-block"] pre[data-code]').first();
    await expect.poll(() => block.textContent()).toContain("ollama run hf.co/");
    await shot("local-app");
  });

  it("opens a provider: its catalogue entry, and the update link opens its file", async () => {
    await page.goto(url("?view=provider:groq"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("Groq");
    expect(await page.locator("main").textContent()).toContain("https://api.groq.com");
    expect(await page.locator("a.update-link").getAttribute("href")).toMatch(
      /\/blob\/main\/catalogue\/providers\/groq\.yaml$/,
    );
  });

  it("a deep link reopens the same view after a reload, and Back returns to the previous view", async () => {
    await page.goto(url("?view=library:transformers#transformers-registry"));
    await expect.poll(() => page.locator("h1").textContent()).toContain("Transformers");
    await page.reload();
    await expect.poll(() => page.locator("h1").textContent()).toContain("Transformers");
    expect(await page.locator('[role="treeitem"][aria-selected="true"]').getAttribute("data-id")).toBe(
      "library:transformers",
    );
    await page.locator("main a", { hasText: "Text Classification" }).first().click();
    await expect.poll(() => page.locator("h1").textContent()).toContain("Text Classification");
    await page.goBack();
    await expect.poll(() => page.locator("h1").textContent()).toContain("Transformers");
    await page.goto(url("?view=task:no-such-task"));
    await expect
      .poll(() => page.locator('main [role="alert"]').textContent())
      .toContain("No task “no-such-task”");
  });
});

describe("viewer in Chromium: a template in Monaco, edit mode", () => {
  it("renders a template for a sample record in a read-only Monaco editor, with a copy button", async () => {
    await page.goto(url(`?view=template:${FIXTURE_TEMPLATE_ID}&sample=fixture-model`));
    const snippet = page.locator('[data-testid="snippet"]').first();
    await expect.poll(() => snippet.locator("pre[data-code]").textContent()).toContain(EXPECTED_LINE);
    await expect
      .poll(() => snippet.locator(".monaco-editor .view-lines").textContent())
      .toContain("pipe\u00a0=\u00a0pipeline");
    expect(await snippet.getAttribute("data-language")).toBe("python");
    await snippet.locator("button.copy").click();
    await expect.poll(() => snippet.locator("button.copy").textContent()).toContain("Copied");
    await shot("template");
  });

  it("edit mode: a keystroke re-renders the preview; a syntax error shows a marker and a message, not a blank page", async () => {
    await page.goto(url(`?view=template:${FIXTURE_TEMPLATE_ID}&sample=fixture-model`));
    await page.getByRole("button", { name: "Edit" }).click();
    expect(query().get("edit")).toBe("1");
    const editor = page.locator('[data-testid="template-editor"] .monaco-editor');
    await editor.locator(".view-lines").waitFor();
    await editor.locator(".view-lines").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("print({{py id}})");
    const preview = page.locator('[data-testid="preview"] pre[data-code]').first();
    await expect.poll(() => preview.textContent()).toContain('print("fixture-org/fixture-model")');
    await shot("edit");

    await page.keyboard.press("Enter");
    await page.keyboard.type("{{#if tags}}");
    await expect.poll(() => editor.locator(".squiggly-error").count()).toBeGreaterThan(0);
    const message = page.locator('[data-testid="template-errors"]');
    await expect.poll(() => message.textContent()).toMatch(/greeting\.hbs:\d+:\d+.*(still open|syntax)/);
    // The page is intact: the last good preview stays, marked out of date.
    expect(await preview.textContent()).toContain('print("fixture-org/fixture-model")');
    expect(await page.locator("h1").textContent()).toContain("greeting.hbs");
    await shot("edit-error");

    await page.keyboard.type("{{/if}}");
    await expect.poll(() => message.count()).toBe(0);
    await expect.poll(() => editor.locator(".squiggly-error").count()).toBe(0);
  });

  it("edit mode: Reset to file puts the file's text back in the editor, and the next keystroke edits that text", async () => {
    await page.goto(url(`?view=template:${FIXTURE_TEMPLATE_ID}&sample=fixture-model`));
    await page.getByRole("button", { name: "Edit" }).click();
    const editor = page.locator('[data-testid="template-editor"] .monaco-editor');
    const editorText = () => monacoText(editor); // the fixture fits on screen
    await editor.locator(".view-lines").waitFor();
    await editor.locator(".view-lines").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("# discarded edit");
    const preview = page.locator('[data-testid="preview"] pre[data-code]').first();
    await expect.poll(() => preview.textContent()).toContain("# discarded edit");

    await page.getByRole("button", { name: "Reset to file" }).click();
    await expect.poll(() => preview.textContent()).not.toContain("# discarded edit");
    await expect.poll(() => editor.locator(".view-lines").textContent()).not.toContain("discarded");
    await expect.poll(editorText).toBe(FIXTURE_FILES["templates/python/greeting.hbs"]);

    await editor.locator(".view-lines").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("# kept edit");
    await expect.poll(() => preview.textContent()).toContain("# kept edit");
    expect(await preview.textContent()).not.toContain("# discarded edit");
    await expect.poll(editorText).toBe(FIXTURE_FILES["templates/python/greeting.hbs"] + "# kept edit");
    // Leave the fixture as the file has it for the tests after this one (drafts live in sessionStorage).
    await page.getByRole("button", { name: "Reset to file" }).click();
  }, 60_000);
});

describe("viewer in Chromium: inference templates (sample record, provider, options, access token)", () => {
  it.runIf(inference && sampleNames.length > 0)(
    "inference template: pick a sample record and a provider, see the snippet, edit it through getInferenceSnippets",
    async () => {
      await page.goto(url());
      await page.locator('[role="treeitem"][data-id="templates/inference"]').click();
      await page.locator('[role="treeitem"][data-id="templates/inference/python"]').click();
      await page.locator('[role="treeitem"][data-id="templates/inference/python/requests"]').click();
      await page
        .locator('[role="treeitem"][data-id="template:inference/python/requests/conversational"]')
        .click();
      await expect
        .poll(() => page.locator('[data-view="template"] h1').textContent())
        .toContain("conversational.hbs");
      await page.getByLabel("Sample record").selectOption("llama-cpp-python-chat");
      const providers = await page.getByLabel("Provider").locator("option").allTextContents();
      expect(providers[0]).toBe("auto");
      expect(providers).toContain("groq");
      expect(providers).not.toContain("black-forest-labs"); // serves text-to-image only
      await page.getByLabel("Provider").selectOption("groq");
      expect(query().get("provider")).toBe("groq");
      expect(query().get("sample")).toBe("llama-cpp-python-chat");
      const own = page.locator('[data-testid="snippet"]').first();
      expect(await own.locator(".code-label").textContent()).toBe("python · requests");
      await expect
        .poll(() => own.locator("pre[data-code]").textContent())
        .toContain('API_URL = "https://router.huggingface.co/groq/openai/v1/chat/completions"');
      expect(await page.locator('[data-testid="snippet"] .code-label').allTextContents()).toContain(
        "sh · curl (other template)",
      );
      await page.getByLabel("max_tokens").fill("512");
      await expect.poll(() => own.locator("pre[data-code]").textContent()).toContain("512");
      await shot("inference-template");

      await page.getByRole("button", { name: "Edit" }).click();
      await page.locator('[data-testid="template-editor"] .monaco-editor .view-lines').click();
      await page.keyboard.press("Control+Home");
      await page.keyboard.type("# edited in the viewer\n");
      await expect
        .poll(() => own.locator("pre[data-code]").textContent())
        .toMatch(/^# edited in the viewer\n/);
      // the other clients still come from their own templates
      expect(await page.locator('[data-testid="snippet"] pre[data-code]').nth(1).textContent()).not.toContain(
        "# edited in the viewer",
      );
      await shot("inference-template-edit");
    },
  );

  it.runIf(inference && sampleNames.length > 0)(
    "the access token typed in the snippet options never reaches the URL; a token in an old link is dropped, not used",
    async () => {
      const view =
        "?view=template:inference/python/requests/conversational&sample=llama-cpp-python-chat&provider=groq";
      await page.goto(url(view));
      const own = page.locator('[data-testid="snippet"]').first().locator("pre[data-code]");
      await expect.poll(() => own.textContent()).toContain("API_URL");
      const token = page.getByLabel("accessToken");
      await token.fill("hf_typed_secret");
      await expect.poll(() => own.textContent()).toContain("hf_typed_secret");
      expect(page.url()).not.toContain("hf_typed_secret");
      expect(query().has("accessToken")).toBe(false);
      // The field says so.
      const note = await token.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${note}"]`).textContent()).toMatch(/never put in the URL/);
      // The other options are still shared through the link, still without the token.
      await page.getByLabel("billTo").fill("my-org");
      await expect.poll(() => query().get("billTo")).toBe("my-org");
      expect(page.url()).not.toContain("hf_typed_secret");
      await shot("access-token");
      await token.fill("");
      await page.getByLabel("billTo").fill("");

      await page.goto(url(`${view}&accessToken=hf_old_link_secret&max_tokens=64`));
      await expect.poll(() => own.textContent()).toContain("64");
      expect(page.url()).not.toContain("hf_old_link_secret");
      expect(query().get("max_tokens")).toBe("64");
      expect(await own.textContent()).not.toContain("hf_old_link_secret");
      expect(await token.inputValue()).toBe("");
    },
    60_000,
  );
});

describe("viewer in Chromium: dark scheme, and no page errors", () => {
  it("dark scheme stays readable", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(url(`?view=template:${FIXTURE_TEMPLATE_ID}&sample=fixture-model`));
    await page.locator('[data-testid="snippet"] .monaco-editor').first().waitFor();
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe("rgb(22, 24, 29)");
    await shot("dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("ran without page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
