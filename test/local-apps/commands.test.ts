/**
 * Every command of every app on every sample page: it parses (bash -n), a JSON block is JSON, the chosen file's
 * quant label reaches every command that names the repo, no upstream placeholder is left where hubkit fills it,
 * and LOCAL_APPS (the upstream's call shape) gives what describeLocalApps gives.
 */
import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalApp } from "../../src/index.js";
import { parseGGUFQuantLabel } from "../../src/gguf.js";
import type { LocalAppView } from "../../src/local-apps/index.js";
import { bashSyntaxErrors } from "../support/interpreters.js";
import { LOCAL_APP_RULES } from "../../src/generated/local-apps.gen.js";
import { describeLocalApps } from "../../src/local-apps/index.js";
import { jsonBlocks, MODEL_SAMPLES, PAGES, shellBlocks, type Page } from "./support.js";

const where = (page: Page) => `${page.sample.name} [${page.file ?? "no file"}]`;
const blocks = PAGES.flatMap((page) => page.apps.flatMap((app) => shellBlocks(app, where(page))));

/** Every text of a view a user copies: setups and blocks, or the plain string. */
const texts = (view: LocalAppView): string[] =>
  view.text !== undefined
    ? [view.text]
    : (view.tabs ?? []).flatMap((t) => [
        ...(t.setup === undefined ? [] : [t.setup]),
        ...t.content.map((b) => b.text),
      ]);

describe(`local-app commands: ${PAGES.length} pages, ${blocks.length} shell blocks`, () => {
  it("every shell block parses (bash -n)", () => {
    const errors = bashSyntaxErrors(blocks.map((b) => b.text));
    expect(blocks.flatMap((b, i) => (errors[i] ? [`${b.where}: ${errors[i]}`] : []))).toEqual([]);
  });

  it("every JSON block is JSON (after its comment lines)", () => {
    const views = PAGES.flatMap((p) => p.apps);
    const json = views.flatMap(jsonBlocks);
    expect(json.length).toBeGreaterThan(0);
    for (const text of json) expect(() => JSON.parse(text)).not.toThrow();
  });

  it("no command carries {{QUANT_TAG}}, and {{GGUF_FILE}} only when no file is chosen", () => {
    for (const page of PAGES)
      for (const view of page.apps)
        for (const text of texts(view)) {
          expect(text, `${where(page)} ${view.key}`).not.toContain("{{QUANT_TAG}}");
          if (page.file !== undefined)
            expect(text, `${where(page)} ${view.key}`).not.toContain("{{GGUF_FILE}}");
        }
  });

  it("with a chosen file, every command naming the repo names the file's quant (or the file)", () => {
    const labelled = PAGES.filter((p) => p.file !== undefined && parseGGUFQuantLabel(p.file));
    expect(labelled.length).toBeGreaterThan(5);
    for (const page of labelled) {
      const { id } = page.sample.model;
      const label = parseGGUFQuantLabel(page.file!)!;
      for (const view of page.apps)
        for (const text of texts(view)) {
          const after = text.split(id).slice(1);
          for (const rest of after)
            expect(
              rest.startsWith(`:${label}`) || rest.startsWith(`/${page.file}`),
              `${where(page)} ${view.key}: ${id}${rest.slice(0, 30)}`,
            ).toBe(true);
        }
    }
  });

  it("a file names a quant only in the commands of GGUF records (vLLM, Docker Model Runner, Ryzen AI Lemonade)", () => {
    const others = MODEL_SAMPLES.filter((s) => !LOCAL_APP_RULES.ggufLoadable(s.model));
    const commands = (views: LocalAppView[]) => views.filter((v) => !v.link).map(texts);
    let compared = 0;
    for (const { name, model } of others) {
      const without = commands(describeLocalApps(model));
      expect(commands(describeLocalApps(model, "sub/x-Q4_K_M.gguf")), name).toEqual(without);
      compared += without.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("LOCAL_APPS gives what a page shows: displayOnModelPage, snippet (string or tabs), deeplink", () => {
    for (const page of PAGES) {
      const { model } = page.sample;
      const shown = new Set(page.apps.map((a) => a.key));
      for (const [key, app] of Object.entries(LOCAL_APPS as Record<string, LocalApp>))
        expect(app.displayOnModelPage(model), `${where(page)} ${key}`).toBe(shown.has(key as never));
      for (const view of page.apps) {
        const app = (LOCAL_APPS as Record<string, LocalApp>)[view.key];
        if (view.link) expect(app.deeplink!(model, page.file).href).toBe(view.link.href);
        else if (view.text !== undefined) expect(app.snippet!(model, page.file)).toBe(view.text);
        else
          expect(app.snippet!(model, page.file)).toEqual(
            view.tabs!.map((t) => ({
              title: t.title,
              ...(t.setup === undefined ? {} : { setup: t.setup }),
              content: t.content.length === 1 ? t.content[0].text : t.content.map((b) => b.text),
            })),
          );
      }
    }
  });
});
