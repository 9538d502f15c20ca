/**
 * `npm run bench`: runs every bench/*.bench.ts (each default-exports `() => Promise<BenchRow[]>`)
 * and prints one table. A row that misses its target is marked, and the exit code stays 0: this is a report.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BenchUsageError, type BenchRow } from "./harness.js";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts") && (!only || f.includes(only)))
  .sort();
const suites = readdirSync(here).filter((f) => f.endsWith(".bench.ts"));
if (files.length === 0) {
  console.error(
    `bench: no suite matches "${only}"; the suites: ${suites.map((f) => f.replace(".bench.ts", "")).join(", ")}`,
  );
  process.exit(2);
}

// A suite runs in a process of its own (this script, started again with HUBKIT_BENCH_SUITE): what one suite leaves
// behind (sockets, a large heap, code compiled for other inputs) would otherwise slow the next one down. Measured:
// the inference-snippets figure doubled (12 -> 23 us per call) when it ran after the client suite in one process.
const childSuite = process.env.HUBKIT_BENCH_SUITE;
if (childSuite !== undefined) {
  const mod = (await import(pathToFileURL(join(here, childSuite)).href)) as {
    default: () => Promise<BenchRow[]>;
  };
  try {
    process.stdout.write(JSON.stringify(await mod.default()));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof BenchUsageError)) throw error;
    console.error(`bench: ${error.message}`);
    process.exit(2);
  }
}

const rows: { suite: string; row: BenchRow }[] = [];
const loadBefore = loadavg()[0];
for (const file of files) {
  const suite = file.replace(/\.bench\.ts$/, "");
  process.stderr.write(`bench: ${suite} ...\n`);
  let output: string;
  try {
    output = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, HUBKIT_BENCH_SUITE: file },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // The suite's process has said what went wrong on stderr (inherited): stop with its exit code.
    process.exit((error as { status?: number }).status ?? 1);
  }
  for (const row of JSON.parse(output) as BenchRow[]) rows.push({ suite, row });
}

const format = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toPrecision(3));
const table = [
  ["suite", "measure", "value", "unit", "target", ""],
  ...rows.map(({ suite, row }) => [
    suite,
    row.name,
    format(row.value),
    row.unit,
    row.target ?? "",
    row.ok === undefined ? "" : row.ok ? "ok" : "MISSED",
  ]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
for (const [i, r] of table.entries()) {
  console.log(
    r
      .map((cell, c) => (c === 2 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join("  ")
      .trimEnd(),
  );
  if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
// Timings depend on what else the machine runs: the load averages let a reader judge a figure.
const cores = availableParallelism();
console.log(
  `\nmachine: ${cores} cores; 1-minute load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after the run`,
);
