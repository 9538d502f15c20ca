/**
 * `hubkit infer <task> --help`: what the task takes and returns, and its options with their types, from the task
 * specs (catalogue/task-specs/*.yaml, emitted as TASK_PARAMETERS).
 */
import { TASK_PARAMETERS } from "../generated/task-parameters.gen.js";
import { CHAT, TASK_IO } from "../tasks/task-io.js";

const INPUT_WORDS: Record<string, string> = {
  text: "--input TEXT or JSON (or @file)",
  file: "--input @file",
  "file-or-prompt": "--input @file, or none when --param prompt=... holds the prompt",
  messages: "--input TEXT: the user's message",
};
const OUTPUT_WORDS: Record<string, string> = {
  json: "prints the answer as JSON",
  file: "writes a file (--output FILE)",
  message: "prints the answer's text",
};

const TYPE_COLUMN = 24;

export function taskHelp(task: string, usage: string): string {
  const io = TASK_IO[task];
  const name = task === CHAT ? `chat (${CHAT})` : task;
  const parameters = TASK_PARAMETERS[task] ?? [];
  const nameWidth = Math.max(0, ...parameters.map((p) => p.name.length));
  // A long type (an enum of many values) gets its description on a line of its own, so the column stays narrow.
  const typeWidth = Math.max(0, ...parameters.map((p) => p.type.length).filter((n) => n <= TYPE_COLUMN));
  const lines = [
    `usage: ${usage.replace("<task>", task === CHAT ? "chat" : task)}`,
    `${name}: takes ${INPUT_WORDS[io.input]}; ${OUTPUT_WORDS[io.output]}${io.streamMethod ? "; --stream prints it as it comes" : ""}`,
  ];
  if (parameters.length === 0) lines.push("options: none of its own");
  else {
    lines.push("options (--param name=value; a value is read as JSON when it parses, else as text):");
    for (const { name: option, type, description = "" } of parameters) {
      const head = `  ${option.padEnd(nameWidth)}  ${type.padEnd(typeWidth)}`;
      if (type.length <= TYPE_COLUMN) lines.push(`${head}  ${description}`.trimEnd());
      else lines.push(head, `${" ".repeat(nameWidth + typeWidth + 6)}${description}`);
    }
  }
  return lines.join("\n");
}
