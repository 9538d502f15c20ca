/**
 * `hubkit chat-template render`: renders a model's chat template for a conversation and prints the prompt.
 * The prompt is written exactly, without an added newline. User mistakes (missing file, bad JSON) print one line
 * naming the file and exit 1; template errors print the diagnostic. `hubkit chat-template check` is in
 * ../chat-template-check.ts.
 */
import { applyChatTemplate, Template, TemplateError } from "../../chat-template/index.js";
import {
  InputFileError,
  readJson,
  readText,
  templateFromTokenizerConfig,
  type TemplateSource,
} from "../chat-template-files.js";
import { runCheck } from "../chat-template-check.js";
import { parseCommandArgs, UsageError } from "../usage.js";
import { PROCESS_IO, type Io } from "../io.js";

export const summary =
  "render a chat template for a conversation, or check it against common conversations (sandboxed Jinja)";

const USAGE =
  "hubkit chat-template render (--template FILE | --tokenizer-config FILE) --messages FILE [--add-generation-prompt] [--tools FILE]\n" +
  "       hubkit chat-template check FILE   (a template, tokenizer_config.json or model record .json)";

function readMessages(file: string): unknown[] {
  const data = readJson(file);
  const messages = Array.isArray(data) ? data : (data as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages))
    throw new InputFileError(`${file}: expected a list of messages (or an object with "messages")`);
  return messages;
}

function readTools(file: string): unknown[] {
  const data = readJson(file);
  const tools = Array.isArray(data) ? data : (data as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools))
    throw new InputFileError(`${file}: expected a list of tools (or an object with "tools")`);
  return tools;
}

/** `file:line:col  error  reason`, then what was being evaluated and the template's line with a caret. */
export function describeTemplateError(label: string, error: TemplateError): string {
  const where = error.line === undefined ? label : `${label}:${error.line}:${error.column}`;
  const context = error.diagnostic.split("\n").slice(1);
  return [`${where}  error  ${error.reason}`, ...context].join("\n");
}

export async function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      options: {
        template: { type: "string" },
        "tokenizer-config": { type: "string" },
        messages: { type: "string" },
        tools: { type: "string" },
        "add-generation-prompt": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    },
    USAGE,
  );
  if (values.help) {
    io.log(`usage: ${USAGE}`);
    return 0;
  }
  if (positionals[0] === "check") {
    if (positionals.length !== 2) throw new UsageError(`check takes one file\nusage: ${USAGE}`);
    return runCheck(positionals[1], io);
  }
  if (positionals.length !== 1 || positionals[0] !== "render") {
    throw new UsageError(`expected the subcommand "render" or "check"\nusage: ${USAGE}`);
  }
  if (Boolean(values.template) === Boolean(values["tokenizer-config"])) {
    throw new UsageError(`give exactly one of --template and --tokenizer-config\nusage: ${USAGE}`);
  }
  if (!values.messages) throw new UsageError(`--messages is required\nusage: ${USAGE}`);

  let source: TemplateSource | undefined;
  try {
    source = values.template
      ? { text: readText(values.template), label: values.template }
      : templateFromTokenizerConfig(values["tokenizer-config"]!);
    const template = new Template(source.text);
    const output = applyChatTemplate(template, {
      messages: readMessages(values.messages),
      tools: values.tools ? readTools(values.tools) : null,
      add_generation_prompt: values["add-generation-prompt"] ?? false,
      ...(source.bosToken === undefined ? {} : { bos_token: source.bosToken }),
      ...(source.eosToken === undefined ? {} : { eos_token: source.eosToken }),
    });
    io.write(output);
    return 0;
  } catch (error) {
    // A file the user named that cannot be read or has the wrong shape: their mistake, exit 2 (as hubkit infer).
    if (error instanceof InputFileError) {
      io.error(`hubkit chat-template: ${error.message}`);
      return 2;
    }
    // The template itself failed: the command's failure, exit 1.
    if (!(error instanceof TemplateError && source)) throw error;
    io.error(describeTemplateError(source.label, error));
    return 1;
  }
}
