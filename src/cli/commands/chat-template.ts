/**
 * `hubkit chat-template render`: renders a model's chat template for a conversation and prints the prompt.
 * The prompt is written exactly, without an added newline. User mistakes (missing file, bad JSON, template
 * errors) print one line naming the file and exit 1.
 */
import { readFileSync } from "node:fs";
import { applyChatTemplate, Template, TemplateError } from "../../chat-template/index.js";
import { parseCommandArgs, UsageError } from "../usage.js";

export const summary =
  "render a chat template for a conversation (sandboxed Jinja, as transformers renders it)";

const USAGE =
  "hubkit chat-template render (--template FILE | --tokenizer-config FILE) --messages FILE [--add-generation-prompt] [--tools FILE]";

/** A problem with one of the user's files: printed as `file: problem` or `file:line:col  error  problem`. */
class InputFileError extends Error {}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      `${file}: cannot read file (${code === "ENOENT" ? "no such file" : (code ?? (error as Error).message)})`,
    );
  }
}

function readJson(file: string): unknown {
  const text = readText(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputFileError(`${file}: invalid JSON: ${(error as Error).message.replace(/\s+/g, " ")}`);
  }
}

interface TemplateSource {
  text: string;
  /** How errors name the template: the file, or the file plus the field it came from. */
  label: string;
  bosToken?: string;
  eosToken?: string;
}

function tokenText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { content?: unknown }).content === "string") {
    return (value as { content: string }).content;
  }
  return undefined;
}

/** tokenizer_config.json: `chat_template` is a string or a list of {name, template} (the "default" one is used). */
function templateFromTokenizerConfig(file: string): TemplateSource {
  const config = readJson(file) as Record<string, unknown> | null;
  if (!config || typeof config !== "object") throw new InputFileError(`${file}: expected a JSON object`);
  let text: unknown = config.chat_template;
  if (Array.isArray(text)) {
    const named = text.find((entry) => entry && typeof entry === "object" && entry.name === "default");
    if (!named) throw new InputFileError(`${file}: chat_template is a list without a "default" entry`);
    text = named.template;
  }
  if (typeof text !== "string") throw new InputFileError(`${file}: no chat_template string found`);
  return {
    text,
    label: `${file} (chat_template)`,
    bosToken: tokenText(config.bos_token),
    eosToken: tokenText(config.eos_token),
  };
}

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

export async function run(argv: string[]): Promise<number> {
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
    console.log(`usage: ${USAGE}`);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "render") {
    throw new UsageError(`expected the subcommand "render"\nusage: ${USAGE}`);
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
    process.stdout.write(output);
    return 0;
  } catch (error) {
    if (error instanceof InputFileError) console.error(`hubkit chat-template: ${error.message}`);
    else if (error instanceof TemplateError && source)
      console.error(describeTemplateError(source.label, error));
    else throw error;
    return 1;
  }
}
