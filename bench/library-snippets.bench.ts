/**
 * Per-call time of MODEL_LIBRARIES_UI_ELEMENTS[key].snippets(model) over the sample records, and the same
 * calls next to hand-written template-literal functions (bench/hand-literals; the target: as fast as those).
 */
import { MODEL_SAMPLES } from "../src/generated/samples.gen.js";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../src/index.js";
import type { ModelData } from "../src/tasks/model-data.js";
import { HAND_WRITTEN } from "./hand-literals/index.js";
import type { Snippets } from "./hand-literals/strings.js";
import { BenchUsageError, interleaved, type BenchRow } from "./harness.js";

const element = (key: string) =>
  (MODEL_LIBRARIES_UI_ELEMENTS as Record<string, { snippets?: Snippets }>)[key];
const keys = Object.keys(MODEL_LIBRARIES_UI_ELEMENTS).filter((k) => element(k).snippets);

/**
 * Microseconds per call of `call(i)` over `n` inputs: the best of several rounds of about `roundMs`
 * each, after a warm-up. The minimum is the figure least disturbed by other processes on the machine.
 */
function perCall(n: number, call: (i: number) => unknown, { rounds = 7, roundMs = 60 } = {}): number {
  let sink = 0;
  for (let r = 0; r < 20; r++) for (let i = 0; i < n; i++) sink += (call(i) as unknown[]).length;
  const batch = Math.max(n, 2000 - (2000 % n));
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (let k = 0; k < batch; k += n) for (let i = 0; i < n; i++) sink += (call(i) as unknown[]).length;
      calls += batch;
      elapsed = performance.now() - start;
    }
    best = Math.min(best, (elapsed * 1000) / calls);
  }
  if (sink < 0) console.log(sink);
  return best;
}

/** One pass over a mix of [snippets function, model] calls, as `interleaved` runs it: the sum of the snippet counts. */
const passOver = (mix: [Snippets, ModelData][]) => () => {
  let sink = 0;
  for (let i = 0; i < mix.length; i++) sink += mix[i][0](mix[i][1]).length;
  return sink;
};

/**
 * Each covered library on its own samples, generated against hand-written, with the method of the page mix
 * (fewer rounds, about 100,000 calls a round whatever the number of samples): which library the mix's
 * ratio owes its excess to. Sorted from the slowest relative to its hand-written twin.
 */
function aloneRatios(models: ModelData[]): BenchRow[] {
  const byLibrary = new Map<string, ModelData[]>();
  for (const m of models) byLibrary.set(m.library_name!, [...(byLibrary.get(m.library_name!) ?? []), m]);
  const results = [...byLibrary].map(([key, samples]) => {
    const a = samples.map((m): [Snippets, ModelData] => [element(key).snippets!, m]);
    const b = samples.map((m): [Snippets, ModelData] => [HAND_WRITTEN[key], m]);
    const passes = Math.ceil(100_000 / samples.length);
    const options = { alternations: 7, passes, warmup: passes / 5 };
    return { key, ...interleaved(passOver(a), passOver(b), samples.length, options) };
  });
  return results
    .sort((x, y) => y.ratio - x.ratio)
    .map(({ key, a, b, ratio }) => ({
      name: `alone: ${key} (${byLibrary.get(key)!.length} samples; ${a.toPrecision(2)} / ${b.toPrecision(2)} µs/call)`,
      value: ratio,
      unit: "ratio",
    }));
}

export default async function librarySnippetsBench(): Promise<BenchRow[]> {
  const own = MODEL_SAMPLES.filter((s) => keys.includes(s.model.library_name!));
  const rows: BenchRow[] = [];
  const target = "≈ 0.3 µs";
  const load = (await import("node:os")).loadavg()[0];
  rows.push({ name: `machine load average (1 min) while measuring`, value: load, unit: "" });

  // The page mix: every sample with its own library, for the libraries that have a hand-written twin.
  const covered = own.filter((s) => HAND_WRITTEN[s.model.library_name!]);
  for (const { model } of covered) {
    const key = model.library_name!;
    const generated = JSON.stringify(element(key).snippets!(model));
    if (JSON.stringify(HAND_WRITTEN[key](model)) !== generated)
      throw new Error(`hand-written ${key} differs from the templates for ${model.id}`);
  }
  const generatedMix = covered.map((s): [Snippets, ModelData] => [
    element(s.model.library_name!).snippets!,
    s.model,
  ]);
  const handMix = covered.map((s): [Snippets, ModelData] => [HAND_WRITTEN[s.model.library_name!], s.model]);
  const libraries = new Set(covered.map((s) => s.model.library_name)).size;
  const mix = `${libraries} libraries × their ${covered.length} samples, interleaved`;
  // A server rendering model pages calls one library after another: the generated functions (A) and the
  // hand-written ones (B) each run the whole mix, in alternating rounds in this process.
  const { a, b, ratio } = interleaved(passOver(generatedMix), passOver(handMix), covered.length);
  rows.push({ name: `page mix (${mix}): templates`, value: a, unit: "µs/call" });
  rows.push({ name: `page mix (${mix}): hand-written template literals`, value: b, unit: "µs/call" });
  rows.push({
    name: `page mix (${mix}): templates / hand-written (median of 15 rounds)`,
    value: ratio,
    unit: "ratio",
    target: "≤ 1",
    ok: ratio <= 1,
  });

  // HUBKIT_BENCH_PER_LIBRARY=1: every covered library alone; =pruna-ai,timm: those only.
  const alone = process.env.HUBKIT_BENCH_PER_LIBRARY;
  if (alone) {
    const chosen = alone === "1" ? undefined : alone.split(",");
    const unknown = chosen?.filter((key) => !covered.some((s) => s.model.library_name === key));
    if (unknown?.length)
      throw new BenchUsageError(
        `HUBKIT_BENCH_PER_LIBRARY: ${unknown.join(", ")} has no hand-written twin in bench/hand-literals/ ` +
          `(expected 1, or keys among: ${[...new Set(covered.map((s) => s.model.library_name))].join(", ")})`,
      );
    const models = covered.map((s) => s.model).filter((m) => !chosen || chosen.includes(m.library_name!));
    rows.push(...aloneRatios(models));
  }

  const all: [Snippets, ModelData][] = keys.flatMap((k) =>
    MODEL_SAMPLES.map((s): [Snippets, ModelData] => [element(k).snippets!, s.model]),
  );
  const allTime = perCall(all.length, (i) => all[i][0](all[i][1]));
  rows.push({
    name: `snippets(model): ${keys.length} libraries × ${MODEL_SAMPLES.length} samples (${all.length} calls)`,
    value: allTime,
    unit: "µs/call",
    target,
    ok: allTime <= 0.45,
  });
  // Each library timed on its own samples, then the mean over libraries (every library weighs the same).
  const perLibrary = keys.map((key) => {
    const samples = MODEL_SAMPLES.filter((s) => s.model.library_name === key).map((s) => s.model);
    const snippets = element(key).snippets!;
    return { key, time: perCall(samples.length, (i) => snippets(samples[i]), { rounds: 5, roundMs: 25 }) };
  });
  const mean = perLibrary.reduce((sum, l) => sum + l.time, 0) / perLibrary.length;
  rows.push({
    name: `snippets(model): mean over ${keys.length} libraries, each on its own samples`,
    value: mean,
    unit: "µs/call",
    target,
    ok: mean <= 0.45,
  });
  const slowest = perLibrary.sort((x, y) => y.time - x.time)[0];
  rows.push({
    name: `snippets(model): slowest library (${slowest.key})`,
    value: slowest.time,
    unit: "µs/call",
  });
  return rows;
}
