/**
 * What the local-app tests share: every sample record rendered through every app it shows, without a chosen
 * file and with each file the sample lists (catalogue/samples/*.yaml `files`), and the helpers that read
 * their blocks. Everything is read from the catalogue, so a new app or sample needs no edit here.
 */
import { MODEL_SAMPLES, type ModelSample } from "../../src/generated/samples.gen.js";
import { describeLocalApps, type LocalAppView } from "../../src/local-apps/index.js";

export { MODEL_SAMPLES };

/** One page: a sample with a chosen file (or none) and the apps it shows. */
export interface Page {
  sample: ModelSample;
  file: string | undefined;
  apps: LocalAppView[];
}

export function pagesOf(sample: ModelSample): Page[] {
  return [undefined, ...(sample.files ?? [])].map((file) => ({
    sample,
    file,
    apps: describeLocalApps(sample.model, file),
  }));
}

/** The local apps' own samples (catalogue/samples/local-app-*.yaml) have a fixture even when they show no app. */
export const isLocalAppSample = (sample: ModelSample) => sample.name.startsWith("local-app-");

export const PAGES: Page[] = MODEL_SAMPLES.flatMap((sample) => {
  const pages = pagesOf(sample);
  return isLocalAppSample(sample) || pages.some((p) => p.apps.length > 0) ? pages : [];
});

/** A shell block or setup of an app view, with where it comes from. */
export interface ShellBlock {
  where: string;
  text: string;
}

/** Every shell text of a view: setups, sh blocks and a plain-string snippet. */
export function shellBlocks(view: LocalAppView, where: string): ShellBlock[] {
  if (view.text !== undefined) return [{ where: `${where} ${view.key}`, text: view.text }];
  return (view.tabs ?? []).flatMap((tab) => [
    ...(tab.setup === undefined
      ? []
      : [{ where: `${where} ${view.key} "${tab.title}" setup`, text: tab.setup }]),
    ...tab.content
      .filter((b) => b.language === "sh")
      .map((b, i) => ({ where: `${where} ${view.key} "${tab.title}" #${i}`, text: b.text })),
  ]);
}

/** The JSON blocks of a view (Pi's models.json), without their leading comment lines. */
export function jsonBlocks(view: LocalAppView): string[] {
  return (view.tabs ?? []).flatMap((tab) =>
    tab.content.filter((b) => b.language === "json").map((b) => b.text.replace(/^(#.*\n)+/, "")),
  );
}

/** A page as a fixture: every app's tabs (setup, blocks) or link, in registry order, for review by eye. */
export function formatPages(pages: Page[]): string {
  const sample = pages[0].sample;
  const lines = [`# ${sample.name}: ${sample.model.id}`, `# ${sample.title}`];
  for (const { file, apps } of pages) {
    lines.push("", `======== file: ${file ?? "(none chosen)"}`);
    if (apps.length === 0) lines.push("(no local app)");
    for (const app of apps) {
      const pill = app.macOSOnly ? ", macOS only" : "";
      lines.push("", `---- ${app.key}: ${app.prettyLabel} (${app.mainTask}${pill}) ${app.docsUrl}`);
      if (app.link) lines.push(`link: ${app.link.href}`);
      if (app.text !== undefined) lines.push(app.text);
      for (const tab of app.tabs ?? []) {
        lines.push(`[${tab.title}]`);
        if (tab.setup !== undefined) lines.push("setup:", tab.setup);
        for (const block of tab.content) lines.push(`content (${block.language}):`, block.text);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
