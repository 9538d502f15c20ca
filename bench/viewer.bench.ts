/**
 * Viewer: preview latency in Chromium and the production bundle size.
 *
 * Latency is measured in the page with performance.now(), from the keydown of a keystroke (captured before the
 * editor sees it: the earliest point, so this slightly overstates the input-event figure) to
 * - the preview's text updated in the DOM (React commit of the re-rendered snippet), and
 * - the preview's read-only Monaco editor repainted with the new text.
 * 50 edits, one character each, into the template editor of the e2e build (the same code as production, plus the
 * browser tests' fixtures): a library template, whose preview is src/templating's compile of the edited text run
 * through the runtime's getLibrarySnippets. The search box's keystroke-to-filtered-tree time is measured the
 * same way.
 * Bundle: every JS file of a production `vite build` of viewer/ (viewer/dist), raw and gzip, and the initial JS
 * (what loads before the first code block needs Monaco).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import {
  buildViewer,
  distDir,
  e2eDistDir,
  launchChromium,
  repoRoot,
  serveStatic,
} from "../test/viewer/harness.js";
import type { BenchRow } from "./harness.js";

const EDITS = 50;
const TARGET_P95_MS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * In the page: arms observers on `targets` (name -> selector); window.__viewerBench resolves once each
 * changed after the next keydown, with the delays in ms. Kept as source text: the page must get it as written (no transpiler helpers).
 */
const ARM = `(targets) => { window.__viewerBench = new Promise((resolve, reject) => {
  let t0 = -1;
  const result = {};
  const observers = [];
  const timer = setTimeout(() => {
    observers.forEach((o) => o.disconnect());
    reject(new Error("no update of " + Object.keys(targets).filter((k) => !(k in result)).join(", ") + " within 3 s"));
  }, 3000);
  document.addEventListener("keydown", () => { t0 = performance.now(); }, { capture: true, once: true });
  for (const [name, selector] of Object.entries(targets)) {
    const el = document.querySelector(selector);
    if (!el) { reject(new Error("no element " + selector)); return; }
    const observer = new MutationObserver(() => {
      if (t0 < 0 || name in result) return;
      result[name] = performance.now() - t0;
      if (Object.keys(result).length === Object.keys(targets).length) {
        observers.forEach((o) => o.disconnect());
        clearTimeout(timer);
        resolve(result);
      }
    });
    observer.observe(el, { characterData: true, childList: true, subtree: true });
    observers.push(observer);
  }
}); }`;

async function armAndPress(
  page: Page,
  key: string,
  targets: Record<string, string>,
): Promise<Record<string, number>> {
  await page.evaluate(`(${ARM})(${JSON.stringify(targets)})`); // armed before the key goes in
  await page.keyboard.press(key);
  return (await page.evaluate("window.__viewerBench")) as Record<string, number>;
}

/** The template edited: a catalogue library template (its preview goes through the runtime's getLibrarySnippets). */
const EDITED_TEMPLATE = "libraries/3dtopia-xl/default";

async function measureEdits(page: Page, url: string): Promise<{ dom: number[]; paint: number[] }> {
  if (!existsSync(join(repoRoot, "templates", `${EDITED_TEMPLATE}.hbs`)))
    throw new Error(
      `bench/viewer.bench.ts edits templates/${EDITED_TEMPLATE}.hbs, which does not exist: ` +
        "set EDITED_TEMPLATE to another library template.",
    );
  await page.goto(`${url}?view=template:${EDITED_TEMPLATE}&edit=1`);
  const editor = page.locator('[data-testid="template-editor"] .monaco-editor .view-lines');
  await editor.waitFor();
  await page.locator('[data-testid="preview"] .monaco-editor .view-lines').first().waitFor();
  await editor.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("End"); // end of line 1, which the preview prints as is
  const dom: number[] = [];
  const paint: number[] = [];
  for (let i = 0; i < EDITS + 5; i++) {
    const key = String.fromCharCode(97 + (i % 26));
    const r = await armAndPress(page, key, {
      dom: '[data-testid="preview"] pre[data-code]',
      paint: '[data-testid="preview"] .monaco-editor .view-lines',
    });
    if (i >= 5) {
      // the first few warm up the JIT and the editor
      dom.push(r.dom);
      paint.push(r.paint);
    }
  }
  return { dom, paint };
}

async function measureSearch(page: Page, url: string): Promise<number[]> {
  await page.goto(url);
  await page.locator('[role="tree"]').waitFor();
  await page.locator(".search").click();
  const times: number[] = [];
  // Each key changes the tree: "" (five closed groups) <-> "t" (every match shown, about 200 rows).
  const keys = ["t", "Backspace"];
  for (let i = 0; i < EDITS + 4; i++) {
    const r = await armAndPress(page, keys[i % keys.length], { tree: ".sidebar" });
    if (i >= 4) times.push(r.tree);
  }
  return times;
}

function bundleSizes(dir: string): { total: number; gzip: number; initialGzip: number; files: number } {
  const assets = join(dir, "assets");
  const js = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const html = readFileSync(join(dir, "index.html"), "utf8");
  let total = 0;
  let gzip = 0;
  let initialGzip = 0;
  for (const f of js) {
    const bytes = readFileSync(join(assets, f));
    const gz = gzipSync(bytes, { level: 9 }).length;
    total += bytes.length;
    gzip += gz;
    if (html.includes(`assets/${f}`)) initialGzip += gz;
  }
  return { total, gzip, initialGzip, files: js.length };
}

export default async function viewerBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await buildViewer(); // production, into viewer/dist
  const size = bundleSizes(distDir);
  await buildViewer({ mode: "e2e", outDir: e2eDistDir });

  const server = await serveStatic(e2eDistDir);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const edits = await measureEdits(page, server.url);
    const search = await measureSearch(page, server.url);
    const p95 = percentile(edits.paint, 95);
    rows.push(
      {
        name: `template edit → preview text in DOM, median (${EDITS} edits; ${EDITED_TEMPLATE}, via getLibrarySnippets)`,
        value: percentile(edits.dom, 50),
        unit: "ms",
      },
      {
        name: "template edit → preview text in DOM, p95",
        value: percentile(edits.dom, 95),
        unit: "ms",
        target: `< ${TARGET_P95_MS} ms`,
        ok: percentile(edits.dom, 95) < TARGET_P95_MS,
      },
      {
        name: "template edit → preview Monaco repainted, median",
        value: percentile(edits.paint, 50),
        unit: "ms",
      },
      {
        name: "template edit → preview Monaco repainted, p95",
        value: p95,
        unit: "ms",
        target: `< ${TARGET_P95_MS} ms`,
        ok: p95 < TARGET_P95_MS,
      },
      {
        name: `search keystroke → tree filtered, median (${EDITS} keys)`,
        value: percentile(search, 50),
        unit: "ms",
      },
      { name: "search keystroke → tree filtered, p95", value: percentile(search, 95), unit: "ms" },
    );
  } finally {
    await browser.close();
    await server.close();
  }
  rows.push(
    {
      name: `bundle: all JS of viewer/dist (${size.files} files, Monaco + its worker included)`,
      value: size.total / 1024,
      unit: "KB",
    },
    { name: "bundle: all JS, gzip", value: size.gzip / 1024, unit: "KB" },
    { name: "bundle: initial JS before Monaco loads, gzip", value: size.initialGzip / 1024, unit: "KB" },
  );
  return rows;
}
