/**
 * hubkit local-apps: the local apps a model page would offer ("Use this model"), with their commands and links,
 * for a model record (--record file.json, or - for stdin) or one described by flags (--tags, --library,
 * --pipeline, --gguf), and the GGUF file a user chose (--file).
 */
import { readFileSync } from "node:fs";
import { GGUF_FILE_PLACEHOLDER } from "../../local-apps/data.js";
import { describeLocalApps, type LocalAppView } from "../../local-apps/index.js";
import type { ModelData } from "../../tasks/model-data.js";
import { parseCommandArgs, UsageError } from "../usage.js";
import { PROCESS_IO, type Io } from "../io.js";

export const summary =
  "the local apps (llama.cpp, Ollama, LM Studio, ...) a model page offers, with commands and links";

const USAGE =
  "hubkit local-apps --model <id> [--tags a,b] [--library name] [--pipeline task] [--gguf] [--file path.gguf] [--json]\n" +
  "       hubkit local-apps --record <record.json | -> [--model <id>] [--file path.gguf] [--json]   " +
  '(a model record as the hub gives it: {"id", "tags", "pipeline_tag", "library_name", "gguf": {"context_length", "chat_template"}, "config"...}; - reads it from stdin)';

const OPTIONS = {
  model: { type: "string" },
  file: { type: "string" },
  record: { type: "string" },
  tags: { type: "string" },
  library: { type: "string" },
  pipeline: { type: "string" },
  gguf: { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

export async function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const { values } = parseCommandArgs(argv, { options: OPTIONS }, USAGE);
  if (values.help) {
    io.log(`usage: ${USAGE}`);
    return 0;
  }
  const model = values.record !== undefined ? await fromRecord(values, io.stdin) : fromFlags(values);
  if (values.file !== undefined && values.file.trim() === "")
    throw new UsageError("--file is empty; give the path of a file of the repo");
  const apps = describeLocalApps(model, values.file);
  if (values.json) {
    io.log(
      JSON.stringify(
        apps.map((app) => ({ ...app, link: app.link?.href })),
        null,
        2,
      ),
    );
    return apps.length > 0 ? 0 : 1;
  }
  if (apps.length === 0) {
    io.error(
      `hubkit local-apps: no local app is offered for ${model.id} (docs/local-apps.md says when each app is)`,
    );
    return 1;
  }
  const text = apps.map(formatApp).join("\n\n");
  io.log(text);
  // LocalAI names a file and has no default quant: say how to fill its placeholder.
  if (text.includes(GGUF_FILE_PLACEHOLDER))
    io.error(
      `hubkit local-apps: pass --file <path.gguf> to name the file where ${GGUF_FILE_PLACEHOLDER} stands`,
    );
  return 0;
}

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean;
};

function fromFlags(values: Values): ModelData {
  if (!values.model)
    throw new UsageError(`--model is required (or --record with a model record)\nusage: ${USAGE}`);
  const tags = (values.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    id: values.model,
    tags,
    ...(values.pipeline ? { pipeline_tag: values.pipeline } : {}),
    ...(values.library ? { library_name: values.library } : {}),
    // The hub's GGUF metadata; a context length is what makes a repo llama.cpp-loadable.
    ...(values.gguf ? { gguf: { context_length: 1 } } : {}),
  };
}

async function fromRecord(values: Values, stdin: NodeJS.ReadableStream): Promise<ModelData> {
  for (const flag of ["tags", "library", "pipeline", "gguf"] as const)
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} does not go with --record (the record gives the model's ${flag})`);
  const source = values.record === "-" ? "stdin" : values.record!;
  let text: string;
  try {
    text = values.record === "-" ? await readAll(stdin) : readFileSync(values.record!, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read --record ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--record ${source} is not JSON: ${(error as Error).message}`);
  }
  if (record === null || typeof record !== "object" || Array.isArray(record))
    throw new UsageError(`--record ${source} must hold one JSON object (a model record)`);
  const model = { ...(record as Record<string, unknown>) };
  if (values.model !== undefined) model.id = values.model;
  if (typeof model.id !== "string" || model.id === "")
    throw new UsageError(`the record of --record ${source} has no "id"; add one or pass --model <id>`);
  return model as unknown as ModelData;
}

async function readAll(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stdin) text += String(chunk);
  return text;
}

/** An app as text: its name, then its link, or each tab's title, setup and commands (blank lines between). */
function formatApp(app: LocalAppView): string {
  const head = `== ${app.prettyLabel} (${app.key})${app.macOSOnly ? " [macOS only]" : ""}  ${app.docsUrl}`;
  if (app.link) return `${head}\nopen: ${app.link.href}`;
  if (app.text !== undefined) return `${head}\n${app.text}`;
  const tabs = (app.tabs ?? []).map((tab) =>
    [
      `-- ${tab.title}`,
      ...(tab.setup === undefined ? [] : [tab.setup]),
      ...tab.content.map((b) => b.text),
    ].join("\n\n"),
  );
  return [head, ...tabs].join("\n\n");
}
