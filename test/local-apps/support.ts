/**
 * What the local-app tests share: every sample record rendered through every app it shows, without a chosen
 * file and with each file the sample lists (catalogue/samples/*.yaml `files`), and the helpers that check
 * commands and links. Everything is read from the catalogue, so a new app or sample needs no edit here.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/** The bash found at startup: the scripts run with an empty PATH. */
const BASH = execFileSync("bash", ["--norc", "-c", "command -v bash"], { encoding: "utf8" }).trim();

const DRIVER = readFileSync(new URL("./argv-driver.sh", import.meta.url), "utf8");

/**
 * The commands each script runs, with their arguments after the shell has read them: every script is run by
 * a real bash in which no program exists (PATH is empty), so each command line reaches
 * command_not_found_handle, which records its words. Nothing runs; the words show what a user's shell would
 * pass. Commands of one pipeline are sorted (they run at once).
 */
export function commandWords(scripts: string[]): string[][][] {
  // A block without the text that varies (an install step) is the same in many scripts: each distinct one runs once.
  const distinct = [...new Set(scripts)];
  const ran = runEach(distinct);
  const words = new Map(distinct.map((script, i) => [script, ran[i]]));
  return scripts.map((script) => words.get(script)!);
}

/** commandWords of distinct scripts, in one bash, each in a subshell of its own. */
function runEach(scripts: string[]): string[][][] {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-local-apps-"));
  try {
    // ":" keeps a script that is only a comment (an install hint) a valid subshell.
    const body = scripts.map((s) => `(\n${s}\n:\n) </dev/null 2>/dev/null\n__end\n`).join("");
    execFileSync(BASH, ["--norc", "--noprofile", "-c", `${DRIVER}\n${body}`], {
      cwd: dir,
      env: { PATH: "/nonexistent", HOME: dir, OUT: join(dir, "out") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const out = readFileSync(join(dir, "out"), "utf8");
    return out
      .split("\x1d")
      .slice(0, scripts.length)
      .map((script) =>
        script
          .split("\x1e")
          .slice(0, -1)
          .map((call) => call.split("\x1f").slice(0, -1))
          .sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1)),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
