/** The unit corpus, rendered by hubkit and checked against expected outputs and against Python's jinja2. */
import { describe, expect, it } from "vitest";
import { Template, TemplateError } from "../../src/chat-template/index.js";
import { CORPUS, CORPUS_SUITE } from "./corpus.js";
import { describeAgainstJinja2 } from "./differential.js";
import { fixedNow } from "./jinja2.js";

type Outcome = { output: string } | { error: TemplateError };

function renderWithHubkit(template: string, context: Record<string, unknown>): Outcome {
  try {
    return { output: new Template(template).render(context, { now: fixedNow }) };
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return { error };
  }
}

const outcomes = CORPUS.map((c) => renderWithHubkit(c.template, c.context ?? {}));

describe("unit corpus", () => {
  it("has at least 300 cases with unique names", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CORPUS.map((c) => c.name)).size).toBe(CORPUS.length);
  });

  describe.each(CORPUS.map((c, i) => [c.name, c, outcomes[i]] as const))("%s", (_, c, outcome) => {
    if (c.error) {
      it("fails with a TemplateError", () => {
        expect(outcome).toHaveProperty("error");
      });
    } else {
      it("renders the expected output", () => {
        if ("error" in outcome) throw outcome.error;
        if (c.expected !== undefined) expect(outcome.output).toBe(c.expected);
      });
    }
  });
});

describeAgainstJinja2(CORPUS_SUITE, (i) => outcomes[i]);
