/**
 * Every real chat template in test/fixtures/chat-templates, rendered with every conversation of conversations.ts,
 * must print exactly what Python's jinja2 prints (or fail where jinja2 fails).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyChatTemplate,
  Template,
  TemplateError,
  TemplateRaisedError,
} from "../../src/chat-template/index.js";
import { CONVERSATIONS, SPECIAL_TOKENS } from "./conversations.js";
import { fixedNow, JINJA2_TIMEOUT_MS, renderWithJinja2, type ReferenceResult } from "./jinja2.js";

const fixtures = fileURLToPath(new URL("../fixtures/chat-templates/", import.meta.url));
const templates = readdirSync(fixtures)
  .filter((file) => file.endsWith(".jinja"))
  .sort()
  .map((file) => ({ file, source: readFileSync(fixtures + file, "utf8") }));

const cases = templates.flatMap(({ file, source }) =>
  CONVERSATIONS.map((conversation) => ({
    file,
    source,
    conversation,
    context: {
      add_generation_prompt: false,
      tools: null,
      documents: null,
      ...SPECIAL_TOKENS,
      ...conversation.input,
    },
  })),
);

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

  let reference: ReferenceResult[] = [];
  beforeAll(() => {
    reference = renderWithJinja2(cases.map(({ source, context }) => ({ template: source, context })));
  }, JINJA2_TIMEOUT_MS);

  it.each(cases.map((c, i) => [c.file, c.conversation.name, i] as const))(
    "%s with %s matches jinja2",
    (_, __, i) => {
      const ours = render(cases[i].source, cases[i].context);
      const theirs = reference[i];
      if ("error" in theirs) {
        expect("error" in ours ? "error" : ours.output, `jinja2 failed: ${theirs.error}`).toBe("error");
      } else {
        expect("error" in ours ? `error: ${ours.error.message}` : ours.output).toBe(theirs.output);
      }
    },
  );

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
