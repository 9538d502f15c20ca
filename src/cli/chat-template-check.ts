/**
 * `hubkit chat-template check <file|model-record.json>`: renders the template with the fixed check conversations
 * and prints one line per conversation, with the diagnostic of those that raise. Exit 0 when every conversation
 * the template claims to support renders, 1 otherwise, 2 for user mistakes (missing file, bad JSON).
 */
import { checkChatTemplate, type ConversationCheck, type TemplateCheck } from "../chat-template/check.js";
import { InputFileError, templateFromFile } from "./chat-template-files.js";
import { PROCESS_IO, type Io } from "./io.js";

const STATUS_WIDTH = 11;

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

function conversationLines(check: ConversationCheck): string[] {
  const claim = check.claimed ? "" : " (not claimed)";
  const problems = check.problems.length ? `: ${check.problems.join("; ")}` : "";
  const lines = [`  ${check.status.padEnd(STATUS_WIDTH)}${check.name}${claim}${problems}`];
  if (check.diagnostic && check.claimed) lines.push(indent(check.diagnostic, "      "));
  return lines;
}

/** The report as printed: what the template claims, one line per conversation, and the verdict. */
export function formatCheck(label: string, report: TemplateCheck): string {
  if (report.syntaxError) return `${label}: does not parse\n${indent(report.syntaxError, "  ")}\nfail`;
  const features = Object.entries(report.supports);
  const claimed = features.filter(([, on]) => on).map(([feature]) => feature);
  const lines = [`${label}: claims ${claimed.length ? claimed.join(", ") : "plain chat only"}`];
  for (const conversation of report.conversations) lines.push(...conversationLines(conversation));
  const failing = report.conversations.filter((c) => c.claimed && c.status !== "renders").length;
  lines.push(failing ? `fail: ${failing} claimed conversation(s) do not render cleanly` : "ok");
  return lines.join("\n");
}

export function runCheck(file: string, io: Io = PROCESS_IO): number {
  let source;
  try {
    source = templateFromFile(file);
  } catch (error) {
    if (!(error instanceof InputFileError)) throw error;
    io.error(`hubkit chat-template check: ${error.message}`);
    return 2;
  }
  const tokens = {
    ...(source.bosToken === undefined ? {} : { bos_token: source.bosToken }),
    ...(source.eosToken === undefined ? {} : { eos_token: source.eosToken }),
  };
  const report = checkChatTemplate(source.text, tokens);
  io.log(formatCheck(source.label, report));
  return report.ok ? 0 : 1;
}
