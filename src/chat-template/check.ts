/**
 * `checkChatTemplate`: renders a template with a fixed set of conversations (check-conversations.ts) and reports,
 * for each, whether it renders, raises (with the diagnostic) or renders something suspicious. A template is judged
 * on the conversations it claims to support, read from its text: one that never mentions tools is not expected to
 * render tool calls.
 */
import { CHECK_CONVERSATIONS, type CheckConversation, type Feature } from "./check-conversations.js";
import type { Stmt } from "./ast.js";
import { walkExpression, walkStatements } from "./ast-walk.js";
import { TemplateError } from "./errors.js";
import { parse } from "./parser.js";
import { applyChatTemplate, Template } from "./template.js";

export type { Feature };

export interface ConversationCheck {
  name: string;
  needs: Feature[];
  /** Whether the template claims to support everything this conversation needs. */
  claimed: boolean;
  status: "renders" | "raises" | "suspicious";
  /** Why the output looks wrong (status "suspicious"). */
  problems: string[];
  /** The error's diagnostic (status "raises"). */
  diagnostic?: string;
  output?: string;
}

export interface TemplateCheck {
  /** True when every conversation the template claims to support renders without suspicious output. */
  ok: boolean;
  /** What the template claims to support, judged from its text. */
  supports: Record<Feature, boolean>;
  /** The diagnostic when the template does not parse; no conversation is rendered then. */
  syntaxError?: string;
  conversations: ConversationCheck[];
}

export interface CheckOptions {
  bos_token?: string;
  eos_token?: string;
}

/** The words a template that handles each feature cannot avoid (message fields and roles are only text). */
const FEATURE_SIGNS: Record<Exclude<Feature, "tools">, RegExp> = {
  system: /["']system["']/,
  "tool-calls": /\btool_calls\b/,
  "content-parts": /["'](?:text|image|image_url|video)["']/,
  reasoning: /\breasoning(?:_content)?\b/,
};

/**
 * What a template claims to support: tool definitions when it reads the `tools` variable before assigning it (a
 * template that starts with `{% set tools = [] %}` ignores them); the rest when its text names the message role,
 * field or part type involved.
 */
export function claimedFeatures(body: Stmt[], source: string): Record<Feature, boolean> {
  return {
    system: FEATURE_SIGNS.system.test(source),
    tools: readsVariable(body, "tools"),
    "tool-calls": FEATURE_SIGNS["tool-calls"].test(source),
    "content-parts": FEATURE_SIGNS["content-parts"].test(source),
    reasoning: FEATURE_SIGNS.reasoning.test(source),
  };
}

/**
 * Whether the template reads the context variable `name`: some top-level statement reads it before a top-level
 * `set` replaces it. Macro bodies are skipped (a parameter of that name is another variable; the calls that
 * pass the variable are outside), and a `set` inside an `if` does not count as replacing it.
 */
function readsVariable(body: Stmt[], name: string): boolean {
  let reads = false;
  const visitor = { name: (read: string, load: boolean) => void (reads ||= load && read === name) };
  for (const stmt of body) {
    if (stmt.kind === "macro") continue;
    if (stmt.kind === "set") {
      walkExpression(stmt.value, visitor);
      if (reads) return true;
      if (stmt.target.kind === "name" && stmt.target.name === name) return false;
      continue;
    }
    walkStatements([stmt], visitor);
    if (reads) return true;
  }
  return false;
}

/**
 * The text a message contributes that any faithful rendering must contain. Tool results are left out: templates
 * rightly re-encode them (as JSON strings, say).
 */
function messageTexts(message: Record<string, unknown>): string[] {
  const { content } = message;
  if (message.role === "tool") return [];
  if (typeof content === "string") return content.trim() ? [content.trim()] : [];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: { type?: string; text?: unknown }) =>
    part.type === "text" && typeof part.text === "string" ? [part.text.trim()] : [],
  );
}

/** Signs of a template that rendered but lost or garbled part of the conversation. */
export function suspiciousOutput(output: string, conversation: CheckConversation): string[] {
  const problems: string[] = [];
  if (/\{\{|\{%/.test(output)) problems.push("unrendered '{{' or '{%' in the output");
  if (/\bNone\b/.test(output)) problems.push("'None' printed");
  if (/\bUndefined\b/.test(output)) problems.push("'Undefined' printed");
  for (const message of conversation.variables.messages) {
    const missing = messageTexts(message).find((text) => !output.includes(text));
    if (missing !== undefined) problems.push(`the ${String(message.role)} message's text is missing`);
  }
  if (conversation.variables.tools && !output.includes("get_weather"))
    problems.push("the tool definitions or calls are missing");
  return problems;
}

function checkConversation(
  template: Template,
  conversation: CheckConversation,
  supports: Record<Feature, boolean>,
  options: CheckOptions,
): ConversationCheck {
  const { name, needs } = conversation;
  const claimed = needs.every((feature) => supports[feature]);
  const report = { name, needs, claimed, problems: [] as string[] };
  let output: string;
  try {
    output = applyChatTemplate(template, { ...options, ...conversation.variables });
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return { ...report, status: "raises", diagnostic: error.diagnostic };
  }
  const problems = suspiciousOutput(output, conversation);
  return { ...report, status: problems.length ? "suspicious" : "renders", problems, output };
}

/** Renders `template` with every check conversation; see TemplateCheck for what is reported. */
export function checkChatTemplate(template: string | Template, options: CheckOptions = {}): TemplateCheck {
  const source = typeof template === "string" ? template : template.source;
  let compiled: Template;
  try {
    compiled = typeof template === "string" ? new Template(template) : template;
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return {
      ok: false,
      supports: claimedFeatures([], source),
      syntaxError: error.diagnostic,
      conversations: [],
    };
  }
  // Parsed again for the scan of what it reads: Template keeps only compiled closures, and parsing is cheap.
  const supports = claimedFeatures(parse(source, { trimBlocks: true, lstripBlocks: true }), source);
  const conversations = CHECK_CONVERSATIONS.map((c) => checkConversation(compiled, c, supports, options));
  const ok = conversations.every((c) => !c.claimed || c.status === "renders");
  return { ok, supports, conversations };
}
