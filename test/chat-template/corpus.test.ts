/** The unit corpus, rendered by hubkit and checked against expected outputs and against Python's jinja2. */
import { beforeAll, describe, expect, it } from "vitest";
import { Template, TemplateError } from "../../src/chat-template/index.js";
import { CORPUS } from "./corpus.js";
import { fixedNow, JINJA2_TIMEOUT_MS, renderWithJinja2, type ReferenceResult } from "./jinja2.js";

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

describe("unit corpus against Python jinja2", () => {
  let reference: ReferenceResult[] = [];
  beforeAll(() => {
    reference = renderWithJinja2(CORPUS.map((c) => ({ template: c.template, context: c.context ?? {} })));
  }, JINJA2_TIMEOUT_MS);

  it.each(CORPUS.map((c, i) => [c.name, i] as const))("%s", (_, i) => {
    const ours = outcomes[i];
    const theirs = reference[i];
    if (CORPUS[i].difference) {
      const summary = (o: { output: string } | { error: unknown }) => ("error" in o ? "error" : o.output);
      expect(summary(ours), `documented difference: ${CORPUS[i].difference}`).not.toBe(summary(theirs));
    } else if ("error" in theirs) {
      expect(
        "error" in ours ? "error" : `output ${JSON.stringify(ours.output)}`,
        `jinja2 failed: ${theirs.error}`,
      ).toBe("error");
    } else {
      expect("error" in ours ? `error: ${ours.error.message}` : ours.output).toBe(theirs.output);
    }
  });
});
