/**
 * Every real chat template in test/fixtures/chat-templates, paired with every conversation of conversations.ts and
 * every conversation `hubkit chat-template check` renders (so the check's verdicts are jinja2's): the cases
 * real-templates.test.ts compares with jinja2.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CONVERSATIONS, SPECIAL_TOKENS, type Conversation } from "./conversations.js";
import type { ReferenceSuite } from "./jinja2-fixtures.js";
import { CHECK_CONVERSATIONS } from "../../src/chat-template/check-conversations.js";

const fixtures = fileURLToPath(new URL("../fixtures/chat-templates/", import.meta.url));

export const TEMPLATES = readdirSync(fixtures)
  .filter((file) => file.endsWith(".jinja"))
  .sort()
  .map((file) => ({ file, source: readFileSync(fixtures + file, "utf8") }));

export interface RealTemplateCase {
  file: string;
  source: string;
  conversation: Conversation;
  context: Record<string, unknown>;
}

const CHECKED: Conversation[] = CHECK_CONVERSATIONS.map(({ name, variables }) => ({
  name: `check: ${name}`,
  input: variables,
}));

export const REAL_TEMPLATE_CASES: RealTemplateCase[] = TEMPLATES.flatMap(({ file, source }) =>
  [...CONVERSATIONS, ...CHECKED].map((conversation) => ({
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

export const REAL_TEMPLATES_SUITE: ReferenceSuite = {
  name: "real-templates",
  cases: REAL_TEMPLATE_CASES.map((c) => ({
    label: `${c.file} with ${c.conversation.name}`,
    reference: { template: c.source, context: c.context },
  })),
};
