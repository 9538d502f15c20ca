/**
 * Local-app snippets on a page mix, next to hand-written template-literal functions doing the same (issue 22: at
 * least as fast). The mix is every sample record's pages (MODEL_SAMPLES, each without a chosen file and with each
 * file it lists, as test/local-apps/support.ts makes them) × the 24 apps in registry order, called as a page server
 * calls them: for each page, each app's displayOnModelPage(model), then for an app shown its snippet(model, file) or
 * deeplink(model, file).href.
 *
 * A is hubkit's LOCAL_APPS; B is bench/hand-literals/local-apps.ts. B uses the same display predicates (the very
 * functions of LOCAL_APPS), the same template data (localAppData) and the same escaping (shWord, json, the link
 * encoders): what differs is the rendering, and the comparison is of the rendering. Before timing, every shown
 * (page, app) pair is checked to give the same output on both sides (the snippet deep-equal, the link's href equal).
 *
 * Both sides run the whole mix in alternating rounds in one process (harness.ts `interleaved`). The rule: A meets
 * the target when the median of the per-round ratios A/B is at most 1.05 (equal, within the bench's noise). Most
 * (page, app) pairs of the mix only ask displayOnModelPage, shared by both sides; a second comparison times the
 * shown pairs' snippet and deeplink calls alone, where the rendering is the whole of the work.
 */
import { loadavg } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { MODEL_SAMPLES } from "../src/generated/samples.gen.js";
import { LOCAL_APP_KEYS, LOCAL_APPS } from "../src/local-apps/index.js";
import type { ModelData } from "../src/tasks/model-data.js";
import { HAND_WRITTEN_LOCAL_APPS, type PageApp } from "./hand-literals/local-apps.js";
import { interleaved, type BenchRow } from "./harness.js";

interface Page {
  sample: string;
  model: ModelData;
  file: string | undefined;
}

// The pages of test/local-apps/support.ts (pagesOf), made here: that module starts a bash when it is loaded.
const PAGES: Page[] = MODEL_SAMPLES.flatMap((s) =>
  [undefined, ...(s.files ?? [])].map((file) => ({ sample: s.name, model: s.model, file })),
);

const A: PageApp[] = LOCAL_APP_KEYS.map((key) => LOCAL_APPS[key]);
const B: PageApp[] = LOCAL_APP_KEYS.map((key) => HAND_WRITTEN_LOCAL_APPS[key]);

/** What an app gives a page: its snippet, or its link's href. */
const output = (app: PageApp, { model, file }: Page) =>
  app.deeplink ? app.deeplink(model, file).href : app.snippet!(model, file);

/** The shown (app index, page) pairs, after checking that A and B give the same output for each. */
function checkedShownPairs(): [number, Page][] {
  const shown: [number, Page][] = [];
  for (const page of PAGES)
    for (let i = 0; i < A.length; i++) {
      if (!A[i].displayOnModelPage(page.model)) continue;
      const [a, b] = [output(A[i], page), output(B[i], page)];
      if (!isDeepStrictEqual(a, b))
        throw new Error(
          `bench/hand-literals/local-apps.ts: ${LOCAL_APP_KEYS[i]} on sample ${page.sample} ` +
            `(${page.model.id}, file ${page.file ?? "none"}) differs from LOCAL_APPS:\n` +
            `LOCAL_APPS:   ${JSON.stringify(a)}\nhand-written: ${JSON.stringify(b)}`,
        );
      shown.push([i, page]);
    }
  return shown;
}

/** A page server's pass over the mix: every page, every app asked, the shown ones rendered. */
const servePages = (apps: PageApp[]) => () => {
  let sink = 0;
  for (let p = 0; p < PAGES.length; p++) {
    const { model, file } = PAGES[p];
    for (let i = 0; i < apps.length; i++) {
      const app = apps[i];
      if (!app.displayOnModelPage(model)) continue;
      sink += app.deeplink
        ? app.deeplink(model, file).href.length
        : (app.snippet!(model, file) as { length: number }).length;
    }
  }
  return sink;
};

/** A pass over the shown pairs only: their snippet and deeplink calls, no display predicate. */
const renderShown = (apps: PageApp[], shown: [number, Page][]) => () => {
  let sink = 0;
  for (let s = 0; s < shown.length; s++) {
    const app = apps[shown[s][0]];
    const { model, file } = shown[s][1];
    sink += app.deeplink
      ? app.deeplink(model, file).href.length
      : (app.snippet!(model, file) as { length: number }).length;
  }
  return sink;
};

/** At most this ratio A/B counts as "at least as fast": the two sides differ by up to a few % from run to run. */
const NOISE = 1.05;

export default async function localAppsBench(): Promise<BenchRow[]> {
  const shown = checkedShownPairs();
  const rows: BenchRow[] = [
    { name: "machine load average (1 min) while measuring", value: loadavg()[0], unit: "" },
  ];
  const mix = `${PAGES.length} pages × ${A.length} apps, ${shown.length} shown`;
  const page = interleaved(servePages(A), servePages(B), PAGES.length, { passes: 20, warmup: 400 });
  rows.push(
    { name: `page mix (${mix}): LOCAL_APPS`, value: page.a, unit: "µs/page" },
    { name: `page mix (${mix}): hand-written template literals`, value: page.b, unit: "µs/page" },
    {
      name: `page mix: LOCAL_APPS / hand-written (median of 15 rounds; ok ≤ ${NOISE})`,
      value: page.ratio,
      unit: "ratio",
      target: "≤ hand-written literals",
      ok: page.ratio <= NOISE,
    },
  );
  const calls = `${shown.length} snippet and deeplink calls`;
  const render = interleaved(renderShown(A, shown), renderShown(B, shown), shown.length, {
    passes: 40,
    warmup: 800,
  });
  rows.push(
    { name: `shown apps only (${calls}): LOCAL_APPS`, value: render.a, unit: "µs/call" },
    { name: `shown apps only (${calls}): hand-written template literals`, value: render.b, unit: "µs/call" },
    {
      name: `shown apps only: LOCAL_APPS / hand-written (median of 15 rounds; ok ≤ ${NOISE})`,
      value: render.ratio,
      unit: "ratio",
      target: "≤ hand-written literals",
      ok: render.ratio <= NOISE,
    },
  );
  return rows;
}
