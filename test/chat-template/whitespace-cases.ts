/**
 * A few hundred generated combinations of text, tags and whitespace modifiers (`-`, `+`): the cases
 * whitespace.test.ts compares with jinja2. Whitespace control is where chat templates most often go wrong.
 */
import type { ReferenceSuite } from "./jinja2-fixtures.js";

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

export const WHITESPACE_TEMPLATES = generate(400);

export const WHITESPACE_SUITE: ReferenceSuite = {
  name: "whitespace",
  cases: WHITESPACE_TEMPLATES.map((template) => ({
    label: JSON.stringify(template),
    reference: { template, context: {} },
  })),
};
