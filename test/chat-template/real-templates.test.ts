/**
 * Every real chat template in test/fixtures/chat-templates, rendered with every conversation of conversations.ts,
 * must print exactly what Python's jinja2 prints (or fail where jinja2 fails).
 */
import { describe, expect, it } from "vitest";
import {
  applyChatTemplate,
  Template,
  TemplateError,
  TemplateRaisedError,
} from "../../src/chat-template/index.js";
import { CONVERSATIONS, SPECIAL_TOKENS } from "./conversations.js";
import { describeAgainstJinja2 } from "./differential.js";
import { fixedNow } from "./jinja2.js";
import { REAL_TEMPLATE_CASES, REAL_TEMPLATES_SUITE, TEMPLATES as templates } from "./real-template-cases.js";

function render(
  source: string,
  context: Record<string, unknown>,
): { output: string } | { error: TemplateError } {
  try {
    return { output: applyChatTemplate(source, { ...(context as { messages: unknown[] }), now: fixedNow }) };
  } catch (error) {
    if (error instanceof TemplateError) return { error };
    throw error;
  }
}

describe("real chat templates", () => {
  it("has the 44 fixture templates, and each parses", () => {
    expect(templates).toHaveLength(44);
    for (const { source } of templates) expect(() => new Template(source)).not.toThrow();
  });

  it("renders the user's words for every template that accepts a plain four-turn chat", () => {
    const conversation = CONVERSATIONS.find((c) => c.name === "system and four turns, generation prompt")!;
    // smolvlm only reads content given as a list of parts; it prints string content as nothing, as in jinja2.
    const stringContentTemplates = templates.filter(({ file }) => file !== "smolvlm.jinja");
    const rendered = stringContentTemplates.flatMap(({ file, source }) => {
      const outcome = render(source, { ...SPECIAL_TOKENS, ...conversation.input });
      return "output" in outcome ? [{ file, output: outcome.output }] : [];
    });
    expect(rendered.length).toBeGreaterThanOrEqual(35);
    for (const { file, output } of rendered)
      expect(output, file).toContain("Write a haiku about the sea 🌊.");
  });

  it("raises the template's own message for non-alternating roles", () => {
    const source = templates.find((t) => t.file === "mistral-7b-instruct-v0.1.jinja")!.source;
    const conversation = CONVERSATIONS.find((c) => c.name === "non-alternating roles")!;
    expect(() => applyChatTemplate(source, conversation.input)).toThrow(TemplateRaisedError);
    expect(() => applyChatTemplate(source, conversation.input)).toThrow(
      "Conversation roles must alternate user/assistant/user/assistant/...",
    );
  });
});

// Rendered inside the tests that need them, once each: an unexpected exception fails a test, not the file.
const outcomes: ReturnType<typeof render>[] = [];
describeAgainstJinja2(REAL_TEMPLATES_SUITE, (i) => {
  const c = REAL_TEMPLATE_CASES[i];
  return (outcomes[i] ??= render(c.source, c.context));
});
