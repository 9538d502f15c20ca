/**
 * The unit corpus: small templates covering every construct the engine supports. Each case is rendered by hubkit
 * and by Python's jinja2 (corpus.test.ts); outputs must be byte-identical, and errors must be errors on both sides.
 * `expected`, when given, is also asserted directly. `error` marks cases that must fail to render or parse.
 * `difference` marks a deliberate difference from jinja2 (listed in docs/chat-template.md): the differential test
 * then asserts that the two engines do differ, so the list stays true.
 *
 * The cases live in corpus/*.ts by topic; this module collects them in a fixed order.
 */
import type { ReferenceSuite } from "./jinja2-fixtures.js";
import { cases, type CorpusCase } from "./corpus/define.js";
import "./corpus/expressions.js";
import "./corpus/statements.js";
import "./corpus/filters.js";
import "./corpus/methods-and-idioms.js";
import "./corpus/semantics.js";
import "./corpus/jinja2-rules.js";
import "./corpus/filters-more.js";

export type { CorpusCase };

export const CORPUS: readonly CorpusCase[] = cases;

export const CORPUS_SUITE: ReferenceSuite = {
  name: "corpus",
  cases: CORPUS.map((c) => ({
    label: c.name,
    reference: { template: c.template, context: c.context ?? {} },
    difference: c.difference,
  })),
};
