/**
 * The built viewer (test/viewer/built.ts) in Chromium for one test file: opened before its tests, closed after
 * them. Chromium starts first, so a machine that cannot run it fails fast and clearly. The page's uncaught errors
 * and console errors are collected for a test to check.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { builtViewer } from "./built.js";
import { launchChromium, repoRoot, serveStatic } from "./harness.js";

const ARTIFACTS = join(repoRoot, "test", "artifacts");

export interface ViewerSession {
  page: Page;
  /** Errors the page threw or logged. */
  errors: string[];
  /** The viewer's URL with `search` (e.g. "?view=library:peft"). */
  url(search?: string): string;
  /** A screenshot in test/artifacts/viewer-<name>.png, for a reviewer to look at. */
  shot(name: string): Promise<Buffer>;
}

export interface SessionOptions {
  /** Extra files the server answers, by URL path (see serveStatic). */
  routes?: Record<string, string>;
  /** Browser permissions the page is granted (e.g. the clipboard's). */
  permissions?: string[];
}

export function viewerSession({ routes = {}, permissions = [] }: SessionOptions = {}): ViewerSession {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  const session: ViewerSession = {
    page: undefined as unknown as Page,
    errors: [],
    url: (search = "") => `${server!.url}${search}`,
    shot: (name) => session.page.screenshot({ path: join(ARTIFACTS, `viewer-${name}.png`), fullPage: false }),
  };
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    server = await serveStatic(await builtViewer(), routes);
    if (permissions.length) await browser.context.grantPermissions(permissions);
    session.page = await browser.context.newPage();
    session.page.on("pageerror", (e) => session.errors.push(e.message));
    session.page.on("console", (m) => {
      if (m.type() === "error") session.errors.push(m.text());
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return session;
}
