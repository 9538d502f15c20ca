/**
 * `hubkit infer <task> [--model M] [--provider P] [--input TEXT|@file] [--param k=v]... [--endpoint-url U] [--stream] [--output FILE]`
 * Without --model, a --provider other than auto takes the task's default model from the hub (/api/tasks).
 * Token: <PROVIDER>_API_KEY (e.g. FAL_AI_API_KEY, sent directly to the provider) when --provider is given and it is set,
 * else HF_TOKEN. HF_ENDPOINT and HF_ROUTER_URL override the hub and router origins.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname } from "node:path";
import {
  InferenceClient,
  InferenceClientError,
  InferenceClientInputError,
  PROVIDER_IDS,
} from "../../inference/index.js";
import { METHOD_OF_TASK } from "../../inference/methods.js";
import { parseCommandArgs, UsageError } from "../usage.js";

export const summary =
  "run one inference call (chat, text generation, text-to-image, ...) against a provider or endpoint";

const USAGE =
  "hubkit infer <task> [--model M] [--provider P] [--input TEXT|@file] [--param key=value]... [--endpoint-url URL] [--bill-to ORG] [--stream] [--output FILE]";
const BINARY_INPUT = new Set([
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "image-to-image",
  "image-to-text",
  "image-classification",
  "image-segmentation",
  "object-detection",
  "image-to-video",
  "image-text-to-image",
  "image-text-to-video",
]);
/** Tasks whose input is optional (image + text: the prompt alone, as --param prompt=...). */
const OPTIONAL_INPUT = new Set(["image-text-to-image", "image-text-to-video"]);
const FILE_OUTPUT = new Set([
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "image-to-image",
  "image-to-video",
  "image-text-to-image",
  "image-text-to-video",
  "text-to-audio",
]);
const TYPES: Record<string, string> = {
  ".wav": "audio/wav",
  ".mp3": "audio/mpeg",
  ".flac": "audio/flac",
  ".m4a": "audio/mp4",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
};

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      allowPositionals: true,
      options: {
        model: { type: "string", short: "m" },
        provider: { type: "string", short: "p" },
        input: { type: "string", short: "i" },
        param: { type: "string", multiple: true },
        "endpoint-url": { type: "string" },
        "bill-to": { type: "string" },
        stream: { type: "boolean" },
        output: { type: "string", short: "o" },
        help: { type: "boolean", short: "h" },
      },
    },
    USAGE,
  );
  if (values.help) {
    console.log(`usage: ${USAGE}\ntasks: ${Object.keys(METHOD_OF_TASK).join(", ")} (chat = conversational)`);
    return 0;
  }
  const task = positionals[0] === "chat" ? "conversational" : positionals[0];
  if (!task || positionals.length > 1)
    throw new UsageError(
      `expected one task, got ${positionals.length ? positionals.join(" ") : "none"}\nusage: ${USAGE}`,
    );
  if (!METHOD_OF_TASK[task])
    throw new UsageError(`unknown task "${task}"; known: chat, ${Object.keys(METHOD_OF_TASK).join(", ")}`);
  const provider = values.provider;
  if (provider && provider !== "auto" && !(PROVIDER_IDS as readonly string[]).includes(provider)) {
    throw new UsageError(`unknown provider "${provider}"; known: auto, ${PROVIDER_IDS.join(", ")}`);
  }
  if (values.input === undefined && !OPTIONAL_INPUT.has(task))
    throw new UsageError(`--input is required (text, JSON, or @file)\nusage: ${USAGE}`);
  if (FILE_OUTPUT.has(task) && !values.output)
    throw new UsageError(`${task} returns a file: pass --output FILE`);
  if (values.stream && task !== "conversational" && task !== "text-generation")
    throw new UsageError("--stream works with chat and text-generation only");

  const keyVariable =
    provider && provider !== "auto" ? `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY` : undefined;
  const token = (keyVariable && process.env[keyVariable]) || process.env.HF_TOKEN || "";
  const client = new InferenceClient(token, {
    provider: provider as "auto" | undefined,
    endpointUrl: values["endpoint-url"],
    billTo: values["bill-to"],
    hubUrl: process.env.HF_ENDPOINT,
    routerUrl: process.env.HF_ROUTER_URL,
  });
  const args: Record<string, unknown> = { model: values.model };
  const parameters = parseParams(values.param ?? []);
  const input = values.input === undefined ? undefined : readInput(values.input, BINARY_INPUT.has(task));
  if (task === "conversational")
    Object.assign(args, { messages: [{ role: "user", content: String(input) }] }, parameters);
  else Object.assign(args, { inputs: input }, Object.keys(parameters).length ? { parameters } : {});

  try {
    if (values.stream) {
      const stream =
        task === "conversational"
          ? client.chatCompletionStream(args as never)
          : client.textGenerationStream(args as never);
      for await (const chunk of stream as AsyncIterable<Record<string, unknown>>)
        process.stdout.write(chunkText(chunk));
      process.stdout.write("\n");
      return 0;
    }
    const method = METHOD_OF_TASK[task] as keyof InferenceClient;
    const result = await (client[method] as (a: unknown) => Promise<unknown>).call(client, args);
    if (result instanceof Blob) {
      writeFileSync(values.output!, new Uint8Array(await result.arrayBuffer()));
      console.error(`wrote ${result.size} bytes (${result.type || "unknown type"}) to ${values.output}`);
    } else if (task === "conversational") {
      console.log(
        (result as { choices: { message: { content?: string } }[] }).choices[0]?.message?.content ?? "",
      );
    } else console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof InferenceClientInputError) throw new UsageError(error.message);
    if (
      error instanceof InferenceClientError ||
      (error as Error).name === "TimeoutError" ||
      (error as Error).name === "AbortError"
    ) {
      console.error(`hubkit infer: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

function readInput(input: string, binary: boolean): unknown {
  if (input.startsWith("@")) {
    const file = input.slice(1);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      throw new UsageError(
        `cannot read --input file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    return binary
      ? new Blob([new Uint8Array(bytes)], { type: TYPES[extname(file).toLowerCase()] ?? "" })
      : parseMaybeJson(bytes.toString("utf8"));
  }
  if (binary) throw new UsageError("this task takes a file: pass --input @path/to/file");
  return parseMaybeJson(input);
}

function parseMaybeJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input looks like JSON but does not parse: ${(error as Error).message}`);
  }
}

function parseParams(list: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of list) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--param expects key=value, got "${item}"`);
    const raw = item.slice(eq + 1);
    try {
      out[item.slice(0, eq)] = JSON.parse(raw);
    } catch {
      out[item.slice(0, eq)] = raw;
    }
  }
  return out;
}

function chunkText(chunk: Record<string, unknown>): string {
  const choice = (chunk.choices as { delta?: { content?: string }; text?: string }[] | undefined)?.[0];
  return choice?.delta?.content ?? choice?.text ?? (chunk.token as { text?: string } | undefined)?.text ?? "";
}
