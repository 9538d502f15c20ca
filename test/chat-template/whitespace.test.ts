/**
 * Whitespace control is where chat templates most often go wrong, so this renders a few hundred generated
 * combinations of text, tags and modifiers (`-`, `+`) and requires jinja2's exact output for each.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Template } from "../../src/chat-template/index.js";
import { JINJA2_TIMEOUT_MS, renderWithJinja2, type ReferenceResult } from "./jinja2.js";

const TEXTS = ["", "a", " ", "  ", "\n", "\n  ", "  \n", "\t\n\t", "b\n\n", "\n c \n"];
const BLOCK_MODIFIERS = ["", "-", "+"];
const PRINT_MODIFIERS = ["", "-"];

/** A small deterministic generator (mulberry32), so the cases are the same on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(count: number): string[] {
  const next = random(2024);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const block = (body: string) => `{%${pick(BLOCK_MODIFIERS)} ${body} ${pick(BLOCK_MODIFIERS)}%}`;
  const templates = new Set<string>();
  while (templates.size < count) {
    const print = `{{${pick(PRINT_MODIFIERS)} 'x' ${pick(PRINT_MODIFIERS)}}}`;
    const comment = `{#${pick(PRINT_MODIFIERS)} c ${pick(PRINT_MODIFIERS)}#}`;
    const loop = next() < 0.5;
    templates.add(
      [
        pick(TEXTS),
        block(loop ? "for i in [1, 2]" : "if true"),
        pick(TEXTS),
        print,
        pick(TEXTS),
        comment,
        pick(TEXTS),
        block(loop ? "endfor" : "endif"),
        pick(TEXTS),
      ].join(""),
    );
  }
  return [...templates];
}

const templates = generate(400);

describe("whitespace control against jinja2", () => {
  let reference: ReferenceResult[] = [];
  beforeAll(() => {
    reference = renderWithJinja2(templates.map((template) => ({ template, context: {} })));
  }, JINJA2_TIMEOUT_MS);

  it.each(templates.map((template, i) => [JSON.stringify(template), i] as const))("%s", (_, i) => {
    const theirs = reference[i];
    if ("error" in theirs) throw new Error(`jinja2 failed on a generated case: ${theirs.error}`);
    expect(new Template(templates[i]).render()).toBe(theirs.output);
  });
});
