/** Whitespace control: hubkit renders each generated case (whitespace-cases.ts) exactly as jinja2 does. */
import { describe, expect, it } from "vitest";
import { Template } from "../../src/chat-template/index.js";
import { describeAgainstJinja2, type Outcome } from "./differential.js";
import { WHITESPACE_SUITE, WHITESPACE_TEMPLATES } from "./whitespace-cases.js";

function render(template: string): Outcome {
  try {
    return { output: new Template(template).render() };
  } catch (error) {
    return { error: error as Error };
  }
}

const outcomes = WHITESPACE_TEMPLATES.map(render);

describe("whitespace control", () => {
  it("renders 400 distinct generated cases without an error", () => {
    expect(new Set(WHITESPACE_TEMPLATES).size).toBe(400);
    expect(outcomes.filter((o) => "error" in o)).toEqual([]);
  });
});

describeAgainstJinja2(WHITESPACE_SUITE, (i) => outcomes[i]);
