/**
 * getInferenceSnippets: per-call time on a fixed mix of cases covering every task and client; the same calls
 * with the templates parsed at run time by stock Handlebars (for the ratio); the min+gzip size of a bundle that
 * imports only getInferenceSnippets.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { INFERENCE_TEMPLATES } from "../src/generated/inference-templates.gen.js";
import { runtime, truthy } from "../src/templating/helpers.js";
import { getInferenceSnippets } from "../src/snippets/index.js";
import { fixtureCases, fullMatrix, type SnippetCase } from "../test/snippets/matrix.js";
import { minGzipSize, timePerCall, type BenchRow } from "./harness.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The fixture cases plus every 12th case of the full matrix: >= 100 cases, every task and client. */
function mix(): SnippetCase[] {
  const seen = new Set<string>();
  const cases = [...fixtureCases(), ...fullMatrix().filter((_, i) => i % 12 === 0)].filter(
    (c) => !seen.has(c.name) && seen.add(c.name),
  );
  const clients = new Set(
    cases.flatMap((c) =>
      getInferenceSnippets(c.model, c.provider, c.mapping, c.opts).map((s) => `${s.language}/${s.client}`),
    ),
  );
  if (cases.length < 100 || clients.size < 8)
    throw new Error(`bench mix too small: ${cases.length} cases, ${clients.size} clients`);
  return cases;
}

/** Stock Handlebars with the same helpers and partials; every render parses its template again. */
function handlebarsRenderers(): Record<string, (data: unknown) => string> {
  const hb = Handlebars.create();
  const strip = (args: unknown[]) => args.slice(0, -1);
  const hashOf = (args: unknown[]) =>
    (args[args.length - 1] as { hash?: Record<string, unknown> }).hash ?? {};
  for (const [name, fn] of Object.entries(runtime).filter(([n]) =>
    ["py", "js", "json", "sh", "ident", "pyCode", "jsCode", "shWord"].includes(n),
  )) {
    hb.registerHelper(name, (...args: unknown[]) =>
      (fn as (v: unknown, h: unknown) => string)(args[0], hashOf(args)),
    );
  }
  for (const [name, fn] of Object.entries(runtime.v)) {
    hb.registerHelper(name, (...args: unknown[]) =>
      (fn as (...a: unknown[]) => unknown)(...strip(args), hashOf(args)),
    );
  }
  hb.registerHelper("if", function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
    return truthy(value) ? options.fn(this) : options.inverse(this);
  });
  const partials = join(root, "templates/partials");
  for (const language of readdirSync(partials)) {
    for (const file of readdirSync(join(partials, language))) {
      hb.registerPartial(
        `${language}/${file.replace(/\.hbs$/, "")}`,
        readFileSync(join(partials, language, file), "utf8"),
      );
    }
  }
  const sources = join(root, "templates/inference");
  const out: Record<string, (data: unknown) => string> = {};
  for (const key of Object.keys(INFERENCE_TEMPLATES)) {
    const source = readFileSync(join(sources, `${key}.hbs`), "utf8");
    out[key] = (data) => hb.compile(source, { noEscape: true, strict: false })(data);
  }
  return out;
}

export default async function bench(): Promise<BenchRow[]> {
  const cases = mix();
  const callAll = () => {
    for (const c of cases) getInferenceSnippets(c.model, c.provider, c.mapping, c.opts);
  };
  const perCall = timePerCall(callAll, { minMs: 3000, warmup: 200, rounds: 30 }) / cases.length;

  // The same calls, the templates rendered by stock Handlebars parsing them at run time.
  const compiled = { ...INFERENCE_TEMPLATES };
  const runtimeParsed = handlebarsRenderers();
  const same = cases.every((c) => {
    const ours = JSON.stringify(getInferenceSnippets(c.model, c.provider, c.mapping, c.opts));
    Object.assign(INFERENCE_TEMPLATES, runtimeParsed);
    const theirs = JSON.stringify(getInferenceSnippets(c.model, c.provider, c.mapping, c.opts));
    Object.assign(INFERENCE_TEMPLATES, compiled);
    return ours === theirs;
  });
  Object.assign(INFERENCE_TEMPLATES, runtimeParsed);
  const handlebarsPerCall = timePerCall(callAll, { minMs: 2000, warmup: 10 }) / cases.length;
  Object.assign(INFERENCE_TEMPLATES, compiled);

  const size = await minGzipSize(
    `export { getInferenceSnippets } from "./src/snippets/getInferenceSnippets.ts";`,
    root,
  );
  return [
    {
      name: `getInferenceSnippets per call (${cases.length}-case mix, median of 30 rounds)`,
      value: perCall,
      unit: "µs",
      target: "< 15 µs",
      ok: perCall < 15,
    },
    {
      name: `same calls, templates parsed at run time by stock Handlebars${same ? "" : " (OUTPUT DIFFERS)"}`,
      value: handlebarsPerCall,
      unit: "µs",
    },
    {
      name: "speed-up over run-time Handlebars",
      value: handlebarsPerCall / perCall,
      unit: "x",
      target: ">= 25x",
      ok: handlebarsPerCall / perCall >= 25,
    },
    {
      name: "bundle importing only getInferenceSnippets (min+gzip)",
      value: size / 1024,
      unit: "KB",
      target: "<= 25 KB",
      ok: size <= 25 * 1024,
    },
  ];
}
