/** How the JSON Schemas that providers expect become the shapes the client checks answers with. */
import { describe, expect, it } from "vitest";
import { answerShapes } from "./answer-shapes.js";
import type { Catalogue, JsonSchema } from "./catalogue-types.js";

const SHARED: Record<string, JsonSchema> = {
  ClassificationOutput: {
    type: "object",
    required: ["label", "score"],
    properties: { label: { type: "string" }, score: { type: "number" } },
  },
};
const SPEC: Record<string, JsonSchema> = {
  DemoOutputElement: {
    description: "An alias.",
    $ref: "../task-spec-definitions.yaml#/$defs/ClassificationOutput",
  },
  DemoOutput: { type: "array", items: { $ref: "#/$defs/DemoOutputElement" } },
  DemoReason: { enum: ["stop", "length"] },
  DemoAnswer: {
    type: "object",
    required: ["text", "id", "missing"],
    properties: {
      text: { type: "string" },
      id: { type: "integer", minimum: 0 },
      reason: { $ref: "#/$defs/DemoReason" },
      flag: { enum: [true, "never", null] },
      score: { type: ["number", "null"] },
      parts: { anyOf: [{ type: "string" }, { anyOf: [{ type: "number" }, { type: "string" }] }] },
      extra: { type: "object", additionalProperties: { type: "string" } },
      anything: { description: "No type at all." },
    },
  },
};
const ANSWERS: Record<string, JsonSchema> = {
  FileAnswer: { type: "string", contentEncoding: "base64" },
};

const catalogue = {
  taskSpecDefinitions: { data: { $defs: SHARED } },
  taskSpecs: [{ data: { $defs: SPEC } }],
  providerAnswers: { data: { $defs: ANSWERS } },
} as unknown as Catalogue;

describe("answer shapes", () => {
  it("an alias is its target, an array of a definition refers to it by name", () => {
    const shapes = answerShapes(catalogue);
    expect(shapes.expect("DemoOutputElement")).toBe("ClassificationOutput");
    expect(shapes.expect("DemoOutput")).toBe("DemoOutput");
    expect(shapes.named()).toEqual({
      ClassificationOutput: { label: "string", score: "number" },
      DemoOutput: ["ClassificationOutput"],
    });
  });

  it("Name[] is an array of it, a list of names any one of them; a plain type stands in place of its name", () => {
    const shapes = answerShapes(catalogue);
    expect(shapes.expect("DemoOutput[]")).toEqual(["DemoOutput"]);
    expect(shapes.expect(["ClassificationOutput", "DemoOutput[]"])).toEqual([
      "ClassificationOutput",
      ["DemoOutput"],
    ]);
    expect(shapes.expect("FileAnswer")).toBe("blob");
    expect(Object.keys(shapes.named())).toEqual(["ClassificationOutput", "DemoOutput"]);
  });

  it("fields: optional ones marked, integer as number, enums by the types of their values, alternatives flat", () => {
    const shapes = answerShapes(catalogue);
    shapes.expect("DemoAnswer");
    expect(shapes.named().DemoAnswer).toEqual({
      text: "string",
      id: "number",
      "reason?": "string",
      "flag?": ["boolean", "string", "null"],
      "score?": ["number", "null"],
      "parts?": ["string", "number"],
      "extra?": "object",
      "anything?": "unknown",
      missing: "unknown",
    });
  });
});
