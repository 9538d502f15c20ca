/**
 * hubkit snippets: inference snippets of a model, for one call or a batch of model records (JSON lines on stdin).
 */
import { createInterface } from "node:readline";
import { InferenceClientInputError } from "../../inference/errors.js";
import {
  getInferenceSnippet,
  getInferenceSnippets,
  SNIPPET_CLIENTS,
} from "../../snippets/getInferenceSnippets.js";
import type {
  InferenceProviderMappingEntry,
  InferenceProviderOrPolicy,
  InferenceSnippet,
  InferenceSnippetOptions,
  ModelDataMinimal,
  SnippetLanguage,
} from "../../snippets/types.js";
import { parseCommandArgs, UsageError } from "../usage.js";
import { PROCESS_IO, type Io } from "../io.js";

export const summary =
  "inference snippets (python, js, sh) of a model, or of JSON-line model records on stdin (--batch)";

const USAGE =
  "hubkit snippets --model <id> --task <pipeline> [--tags a,b] [--library name] [--provider p] [--provider-id id] " +
  "[--lang python|js|sh] [--client c] [--stream] [--direct] [--bill-to who] [--endpoint-url url] [--json]\n" +
  "       hubkit snippets --batch [--lang ...] [--client ...] < records.jsonl   " +
  '(each line: a model record {"id", "pipeline_tag", "tags"...}, or {"model", "provider", "inferenceProviderMapping", "options"})';

const OPTIONS = {
  model: { type: "string" },
  task: { type: "string" },
  tags: { type: "string" },
  library: { type: "string" },
  provider: { type: "string" },
  "provider-id": { type: "string" },
  lang: { type: "string" },
  client: { type: "string" },
  stream: { type: "boolean" },
  direct: { type: "boolean" },
  "bill-to": { type: "string" },
  "endpoint-url": { type: "string" },
  json: { type: "boolean" },
  batch: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const COMMENT: Record<SnippetLanguage, string> = { python: "#", js: "//", sh: "#" };

export async function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  const { values } = parseCommandArgs(argv, { options: OPTIONS }, USAGE);
  if (values.help) {
    io.log(`usage: ${USAGE}`);
    return 0;
  }
  const lang = values.lang as SnippetLanguage | undefined;
  if (lang !== undefined && !(lang in SNIPPET_CLIENTS))
    throw new UsageError(`--lang must be one of ${Object.keys(SNIPPET_CLIENTS).join(", ")}, got "${lang}"`);
  const known = [...new Set(Object.values(SNIPPET_CLIENTS).flat())];
  if (values.client !== undefined && !known.includes(values.client)) {
    throw new UsageError(`--client must be one of ${known.join(", ")}, got "${values.client}"`);
  }
  const filter = { lang, client: values.client };
  if (values.batch) {
    for (const flag of ["model", "task", "tags", "library", "provider", "provider-id"] as const) {
      if (values[flag] !== undefined)
        throw new UsageError(`--${flag} does not go with --batch (each input line names its model)`);
    }
    return batch(filter, io);
  }
  if (!values.model) throw new UsageError(`--model is required\nusage: ${USAGE}`);
  if (!values.task)
    throw new UsageError(
      `--task is required (the model's pipeline tag, e.g. text-generation)\nusage: ${USAGE}`,
    );
  const model: ModelDataMinimal = {
    id: values.model,
    pipeline_tag: values.task,
    tags: values.tags
      ? values.tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
    library_name: values.library,
  };
  const provider = values.provider ?? "hf-inference";
  const mapping = values["provider-id"]
    ? { provider, providerId: values["provider-id"], task: values.task }
    : undefined;
  const opts: InferenceSnippetOptions = {
    streaming: values.stream || undefined,
    directRequest: values.direct || undefined,
    billTo: values["bill-to"],
    endpointUrl: values["endpoint-url"],
  };
  let snippets: InferenceSnippet[];
  try {
    snippets = select(model, provider, mapping, opts, filter);
  } catch (error) {
    if (
      error instanceof InferenceClientInputError ||
      (error instanceof Error && error.message.startsWith("Template not found"))
    )
      throw new UsageError(error.message);
    throw error;
  }
  if (snippets.length === 0) {
    io.error(
      `hubkit snippets: no inference snippets for task "${values.task}" with provider "${provider}"${lang ? ` in ${lang}` : ""}${values.client ? ` for client ${values.client}` : ""}`,
    );
    return 1;
  }
  if (values.json) io.log(JSON.stringify(snippets, null, 2));
  else if (snippets.length === 1 && lang && values.client) io.write(snippets[0].content);
  else
    io.log(
      snippets.map((s) => `${COMMENT[s.language]} ---- ${s.language} / ${s.client}\n${s.content}`).join("\n"),
    );
  return 0;
}

function select(
  model: ModelDataMinimal,
  provider: string,
  mapping: InferenceProviderMappingEntry | undefined,
  opts: InferenceSnippetOptions,
  filter: { lang?: SnippetLanguage; client?: string },
): InferenceSnippet[] {
  // As typed by the user: the snippet functions check it (an unknown provider is an error listing the known ones).
  const known = provider as InferenceProviderOrPolicy;
  // A language and a client named together ask for that template explicitly ('Template not found' if it has none).
  if (filter.lang && filter.client)
    return [getInferenceSnippet(filter.lang, filter.client, model, known, mapping, opts)];
  return getInferenceSnippets(model, known, mapping, opts).filter(
    (s) => (!filter.lang || s.language === filter.lang) && (!filter.client || s.client === filter.client),
  );
}

/** One JSON line out per line in: {line, model, provider, snippets} or {line, error}. Exit 1 when a line failed. */
async function batch(filter: { lang?: SnippetLanguage; client?: string }, io: Io): Promise<number> {
  let failed = 0;
  let n = 0;
  for await (const text of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    n++;
    if (!text.trim()) continue;
    let result: Record<string, unknown>;
    try {
      const record = JSON.parse(text) as Record<string, unknown>;
      const wrapped =
        record !== null &&
        typeof record === "object" &&
        typeof record.model === "object" &&
        record.model !== null;
      const model = (wrapped ? record.model : record) as ModelDataMinimal;
      const provider = (record.provider as string | undefined) ?? "hf-inference";
      const mapping = record.inferenceProviderMapping as InferenceProviderMappingEntry | undefined;
      const opts = (wrapped ? record.options : undefined) as InferenceSnippetOptions | undefined;
      result = {
        line: n,
        model: model?.id,
        provider,
        snippets: select(model, provider, mapping, opts ?? {}, filter),
      };
    } catch (error) {
      failed++;
      result = {
        line: n,
        error: error instanceof SyntaxError ? `not JSON: ${error.message}` : (error as Error).message,
      };
    }
    io.write(`${JSON.stringify(result)}\n`);
  }
  return failed > 0 ? 1 : 0;
}
