/** Reading the user's files for `hubkit chat-template`: templates, tokenizer configs, model records, messages. */
import { readFileSync } from "node:fs";

/** A problem with one of the user's files: printed as `file: problem` or `file:line:col  error  problem`. */
export class InputFileError extends Error {}

export function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      `${file}: cannot read file (${code === "ENOENT" ? "no such file" : (code ?? (error as Error).message)})`,
    );
  }
}

export function readJson(file: string): unknown {
  const text = readText(file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputFileError(`${file}: invalid JSON: ${(error as Error).message.replace(/\s+/g, " ")}`);
  }
}

export interface TemplateSource {
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
export function templateFromTokenizerConfig(file: string): TemplateSource {
  const config = readJson(file) as Record<string, unknown> | null;
  if (!config || typeof config !== "object") throw new InputFileError(`${file}: expected a JSON object`);
  return templateFromConfig(file, config);
}

function templateFromConfig(file: string, config: Record<string, unknown>): TemplateSource {
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

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  const item = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return item && typeof item === "object" ? (item as Record<string, unknown>) : undefined;
}

/**
 * A template file, or a JSON file holding one: a tokenizer_config.json (`chat_template`), or a model record as
 * the hub's API gives it (`config.tokenizer_config.chat_template`, `config.chat_template_jinja` or
 * `config.processor_config.chat_template`).
 */
export function templateFromFile(file: string): TemplateSource {
  if (!file.endsWith(".json")) return { text: readText(file), label: file };
  const data = readJson(file);
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new InputFileError(`${file}: expected a JSON object`);
  const record = data as Record<string, unknown>;
  if ("chat_template" in record) return templateFromConfig(file, record);
  const config = objectAt(record, "config");
  const tokenizer = objectAt(config, "tokenizer_config");
  const tokens = { bosToken: tokenText(tokenizer?.bos_token), eosToken: tokenText(tokenizer?.eos_token) };
  if (tokenizer?.chat_template) return { ...templateFromConfig(file, tokenizer), ...tokens };
  if (typeof config?.chat_template_jinja === "string")
    return { text: config.chat_template_jinja, label: `${file} (chat_template_jinja)`, ...tokens };
  const processor = objectAt(config, "processor_config");
  if (processor?.chat_template) return { ...templateFromConfig(file, processor), ...tokens };
  throw new InputFileError(
    `${file}: no chat template found (looked for chat_template, config.tokenizer_config.chat_template, ` +
      "config.chat_template_jinja and config.processor_config.chat_template)",
  );
}
