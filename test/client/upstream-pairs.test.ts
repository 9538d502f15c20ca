/**
 * hubkit serves every provider x task pair of the upstream client of November 2026 (a copy of the reference's
 * list in test/fixtures/upstream-provider-tasks.json), with a loopback protocol case for each; it may serve more
 * (the providers the upstream dropped stay).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../src/generated/providers.gen.js";
import { ALL_CASES } from "../fixtures/providers/index.js";

const upstream = JSON.parse(
  readFileSync(new URL("../fixtures/upstream-provider-tasks.json", import.meta.url), "utf8"),
) as { pairs: Record<string, string[]> };
const upstreamPairs = Object.entries(upstream.pairs).flatMap(([provider, tasks]) =>
  tasks.map((task) => `${provider} ${task}`),
);
const served = (pair: string) => {
  const [provider, task] = pair.split(" ");
  return Boolean((PROVIDERS as Record<string, { tasks: Record<string, unknown> }>)[provider]?.tasks[task]);
};

describe("the upstream's provider x task pairs", () => {
  it("the copy of the reference holds 89 pairs", () => {
    expect(upstreamPairs).toHaveLength(89);
  });

  it("hubkit serves each of them, and each has a loopback protocol case", () => {
    expect(upstreamPairs.filter((pair) => !served(pair))).toEqual([]);
    const cased = new Set(ALL_CASES.map((c) => `${c.provider} ${c.task}`));
    expect(upstreamPairs.filter((pair) => !cased.has(pair))).toEqual([]);
  });
});
