/**
 * Shared by the viewer's end-to-end tests and its bench: build the viewer, serve viewer/dist on 127.0.0.1, and
 * drive Chromium through playwright-core (which downloads no browser of its own; chromium.ts says which one).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Locator } from "playwright-core";
import { findChromium } from "./chromium.js";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const distDir = join(repoRoot, "viewer", "dist");

/**
 * The browser tests' fixture template and sample record. They are written (not kept in git) under
 * test/artifacts/viewer-fixtures/, where formatters leave them alone, and an `--mode e2e` build adds them
 * (viewer/src/data/fixtures.e2e.ts). Production builds never contain them.
 */
export const FIXTURE_DIR = join(repoRoot, "test", "artifacts", "viewer-fixtures");
export const FIXTURE_TEMPLATE_ID = "test/artifacts/viewer-fixtures/templates/python/greeting";
export const FIXTURE_FILES: Record<string, string> = {
  "templates/python/greeting.hbs": [
    "# Fixture template of the viewer's browser tests (not part of the catalogue).",
    "from transformers import pipeline",
    "",
    "pipe = pipeline({{py pipeline_tag}}, model={{py id}})",
    "{{#if tags}}",
    "# tags: {{py tags}}",
    "{{/if}}",
    "",
  ].join("\n"),
  "samples/fixture-model.yaml": [
    "# Fixture sample record of the viewer's browser tests (not part of the catalogue).",
    "id: fixture-org/fixture-model",
    "pipeline_tag: text-classification",
    "library_name: transformers",
    "tags:",
    "  - fixture",
    "",
  ].join("\n"),
};

export function writeFixtures(): void {
  rmSync(FIXTURE_DIR, { recursive: true, force: true });
  for (const [path, content] of Object.entries(FIXTURE_FILES)) {
    const file = join(FIXTURE_DIR, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, content);
  }
}

/** Where the browser tests' build goes (with their fixtures; never viewer/dist, the production build). */
export const e2eDistDir = join(repoRoot, "test", "artifacts", "viewer-e2e-dist");

/**
 * Builds the static viewer with the project's own vite config: production into viewer/dist, or with
 * `mode: "e2e"` (adds the fixtures above) into the given directory.
 */
export async function buildViewer({
  mode = "production",
  outDir = distDir,
  minify = true,
}: { mode?: string; outDir?: string; minify?: boolean } = {}): Promise<void> {
  if (mode === "e2e") writeFixtures();
  const { build } = await import("vite");
  // A production build in every mode: Vite picks production JSX and React builds from NODE_ENV (under vitest
  // it is "test"), so the browser tests and the bench run what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: join(repoRoot, "viewer", "vite.config.ts"),
      root: join(repoRoot, "viewer"),
      mode,
      logLevel: "warn",
      build: {
        outDir,
        emptyOutDir: true,
        ...(minify ? {} : { minify: false, cssMinify: false, reportCompressedSize: false }),
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ttf": "font/ttf",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/**
 * A static file server for `dir` on 127.0.0.1, port chosen by the system; `extra` serves more files at given
 * paths (e.g. what `npm start -- --base` adds to the viewer).
 */
export async function serveStatic(
  dir: string = distDir,
  extra: Record<string, string> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = extra[path] ?? normalize(join(root, path));
    if (!extra[path] && !file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, "index.html");
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      // Vite names what it writes under assets/ by content, so those may be kept as a static host keeps them.
      // Chromium keeps a script's compiled code only where its cache may keep the script: with no-store, each page
      // load compiled the viewer's JS again (a second of the 2.5 a load took here).
      "cache-control": file.startsWith(join(root, "assets") + sep)
        ? "public, max-age=31536000, immutable"
        : "no-store",
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * Launches headless Chromium (see chromium.ts for which) with a fresh profile directory (removed on close) and
 * returns its one context. The flags are the harness's own, not @sparticuz/chromium's serverless list, which turns
 * off web security and site isolation: the tests must see the browser a user has.
 */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const executable = await findChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), "hubkit-viewer-chromium-"));
  let context: BrowserContext;
  try {
    // playwright sets --user-data-dir itself from this argument (it refuses the flag in args).
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: executable.path,
      headless: true,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      colorScheme: options.colorScheme ?? "light",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(
      `Chromium (${executable.source}: ${executable.path}) did not start: ${(error as Error).message}\n` +
        "Set CHROMIUM_PATH to a working Chromium; the npm package's Chromium needs the system libraries " +
        "libnss3, libnspr4 and libexpat1 (Debian: apt-get install libnss3 libexpat1).",
      { cause: error },
    );
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A Monaco editor's whole text, when it fits on screen: its rendered lines in the order they are laid out. */
export function monacoText(editor: Locator): Promise<string> {
  return editor.locator(".view-line").evaluateAll((lines) =>
    lines
      .map((l) => [parseFloat((l as HTMLElement).style.top), l.textContent!.replace(/\u00a0/g, " ")] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, text]) => text)
      .join("\n"),
  );
}
