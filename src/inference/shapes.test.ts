import { describe as suite, expect, it } from "vitest";
import { describe, shapeMatcher } from "./shapes.js";

const matches = shapeMatcher({
  Reply: { text: "string", "score?": ["number", "null"], "replies?": ["Reply"] },
  Label: { label: "string", score: "number" },
});

suite("answer shapes", () => {
  it("checks required and optional fields, and allows extra ones", () => {
    expect(matches("Label", { label: "cat", score: 0.9, extra: true })).toBe(true);
    expect(matches("Label", { label: "cat" })).toBe(false);
    expect(matches("Label", { label: "cat", score: "high" })).toBe(false);
    expect(matches("Reply", { text: "hi", score: null })).toBe(true);
    expect(matches("Reply", { text: "hi", score: "1" })).toBe(false);
  });

  it("checks arrays of a shape and alternatives", () => {
    expect(matches(["Label"], [{ label: "a", score: 1 }])).toBe(true);
    expect(matches(["Label"], [{ label: "a", score: 1 }, { label: "b" }])).toBe(false);
    expect(matches(["Label"], { label: "a", score: 1 })).toBe(false);
    expect(matches(["string", ["number"]], [1, 2])).toBe(true);
    expect(matches(["string", ["number"]], true)).toBe(false);
  });

  it("checks a shape that refers to itself, to any depth", () => {
    const tree = { text: "a", replies: [{ text: "b", replies: [{ text: "c", replies: [] }] }] };
    expect(matches("Reply", tree)).toBe(true);
    tree.replies[0].replies[0].text = 3 as unknown as string;
    expect(matches("Reply", tree)).toBe(false);
  });

  it("gives the same verdicts on a second call (the checks are kept)", () => {
    const shape = { "items?": ["Label"] };
    expect([matches(shape, { items: [] }), matches(shape, { items: [1] }), matches(shape, {})]).toEqual([
      true,
      false,
      true,
    ]);
    expect(matches(shape, { items: [1] })).toBe(false);
  });

  it("says what was expected", () => {
    expect(describe(["ClassificationOutput"])).toBe("Array<{label: string, score: number}>");
  });
});
