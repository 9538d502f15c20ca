/**
 * `hubkit infer <task> [--model M] [--provider P] [--input TEXT|@file] [--param k=v]... [--endpoint-url U] [--stream] [--output FILE]`
 * Without --model, a --provider other than auto takes the task's default model from the hub (/api/tasks).
 * Token: <PROVIDER>_API_KEY (e.g. FAL_AI_API_KEY, sent directly to the provider) when --provider is given and it is set,
 * else HF_TOKEN. HF_ENDPOINT and HF_ROUTER_URL override the hub and router origins.
 */
import { accessSync, constants, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  InferenceClient,
  InferenceClientError,
  InferenceClientInputError,
  InferenceClientRoutingError,
  PROVIDER_IDS,
} from "../../inference/index.js";
import { chunkText, messageText } from "../../inference/answer-text.js";
import { contentTypeOfFile } from "../../inference/media-types.js";
import { closest } from "../../did-you-mean.js";
import { TASK_PARAMETERS } from "../../generated/task-parameters.gen.js";
import { CHAT, TASK_IO, takesFile } from "../../tasks/task-io.js";
import { taskHelp } from "../task-help.js";
import { parseCommandArgs, UsageError } from "../usage.js";
import { PROCESS_IO, type Io } from "../io.js";

export const summary =
  "run one inference call (chat, text generation, text-to-image, ...) against a provider or endpoint";

const USAGE =
  "hubkit infer <task> [--model M] [--provider P] [--input TEXT|@file] [--param key=value]... [--endpoint-url URL] [--bill-to ORG] [--stream] [--output FILE]";
/** The tasks --stream works with, as the user names them ("chat and text-generation"). */
const STREAMING = Object.keys(TASK_IO)
  .filter((task) => TASK_IO[task].streamMethod)
  .map((task) => (task === CHAT ? "chat" : task))
  .join(", ")
  .replace(/, ([^,]*)$/, " and $1");

export async function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
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
  const task = positionals[0] === "chat" ? CHAT : positionals[0];
  if (values.help && !task) {
    io.log(`usage: ${USAGE}\ntasks: ${Object.keys(TASK_IO).join(", ")} (chat = ${CHAT})`);
    return 0;
  }
  if (!task || positionals.length > 1)
    throw new UsageError(
      `expected one task, got ${positionals.length ? positionals.join(" ") : "none"}\nusage: ${USAGE}`,
    );
  const taskIo = TASK_IO[task];
  if (!taskIo)
    throw new UsageError(`unknown task "${task}"; known: chat, ${Object.keys(TASK_IO).join(", ")}`);
  if (values.help) {
    io.log(taskHelp(task, USAGE));
    return 0;
  }
  const provider = values.provider;
  if (provider && provider !== "auto" && !(PROVIDER_IDS as readonly string[]).includes(provider)) {
    throw new UsageError(`unknown provider "${provider}"; known: auto, ${PROVIDER_IDS.join(", ")}`);
  }
  // file-or-prompt: the prompt alone, as --param prompt=...
  if (values.input === undefined && taskIo.input !== "file-or-prompt")
    throw new UsageError(`--input is required (text, JSON, or @file)\nusage: ${USAGE}`);
  if (taskIo.output === "file" && !values.output)
    throw new UsageError(`${task} returns a file: pass --output FILE`);
  if (values.stream && !taskIo.streamMethod) throw new UsageError(`--stream works with ${STREAMING} only`);

  const parameters = parseParams(values.param ?? []);
  checkParamNames(task, Object.keys(parameters));
  if (values.output) checkWritable(values.output);
  const token = routeToken(io.env, provider, task, values["endpoint-url"] !== undefined);
  const client = new InferenceClient(token, {
    provider: provider as "auto" | undefined,
    endpointUrl: values["endpoint-url"],
    billTo: values["bill-to"],
    hubUrl: io.env.HF_ENDPOINT,
    routerUrl: io.env.HF_ROUTER_URL,
  });
  const args: Record<string, unknown> = { model: values.model };
  const input = values.input === undefined ? undefined : readInput(values.input, takesFile(taskIo));
  if (taskIo.input === "messages")
    Object.assign(args, { messages: [{ role: "user", content: String(input) }] }, parameters);
  else Object.assign(args, { inputs: input }, Object.keys(parameters).length ? { parameters } : {});

  return callAndPrint(client, task, args, { stream: values.stream, output: values.output }, io);
}

/** Makes the call and prints its answer (or writes the file); a failed call is exit 1, a user mistake a UsageError. */
async function callAndPrint(
  client: InferenceClient,
  task: string,
  args: Record<string, unknown>,
  values: { stream?: boolean; output?: string },
  io: Io,
): Promise<number> {
  const taskIo = TASK_IO[task];
  try {
    const methods = client as unknown as Record<string, (a: unknown) => unknown>;
    if (values.stream) {
      const stream = methods[taskIo.streamMethod!].call(client, args) as AsyncIterable<unknown>;
      for await (const chunk of stream) io.write(chunkText(chunk));
      io.write("\n");
      return 0;
    }
    const result = await methods[taskIo.method].call(client, args);
    if (result instanceof Blob) {
      writeFileSync(values.output!, new Uint8Array(await result.arrayBuffer()));
      io.error(`wrote ${result.size} bytes (${result.type || "unknown type"}) to ${values.output}`);
    } else if (taskIo.output === "message") io.log(messageText(result));
    else io.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    // Bad input, or a route that cannot work with the token given: the user's to fix, not the provider's.
    if (error instanceof InferenceClientInputError || error instanceof InferenceClientRoutingError)
      throw new UsageError(error.message);
    if (
      error instanceof InferenceClientError ||
      (error as Error).name === "TimeoutError" ||
      (error as Error).name === "AbortError"
    ) {
      io.error(`hubkit infer: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * The token for the route, from the environment; a route that cannot work with what is set is a usage error
 * naming the variable to set, before anything is sent. An endpoint URL (a local server, say) needs no token.
 */
function routeToken(
  env: NodeJS.ProcessEnv,
  provider: string | undefined,
  task: string,
  toEndpoint: boolean,
): string {
  const hubToken = env.HF_TOKEN ?? "";
  if (toEndpoint) return hubToken;
  if (!provider || provider === "auto") {
    if (hubToken.startsWith("hf_")) return hubToken;
    const route = task === CHAT ? "the auto-router" : "a provider picked by the hub";
    throw new UsageError(
      `${route} needs a Hugging Face token: export HF_TOKEN=hf_... (or name a provider with --provider and set its <PROVIDER>_API_KEY)`,
    );
  }
  const keyVariable = `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
  const token = env[keyVariable] || hubToken;
  if (!token)
    throw new UsageError(
      `no token for ${provider}: export ${keyVariable}=... (its own key, sent to ${provider} directly) or HF_TOKEN=hf_... (billed through the hub)`,
    );
  return token;
}

/**
 * A --param name that is a likely typo of one of the task's options (as --help lists them, chat's included) is a
 * usage error before anything is sent; a name far from all of them is a provider's own option and is sent. The
 * client checks the values' types (and the names again, for tasks with a parameters object).
 */
function checkParamNames(task: string, names: string[]): void {
  const known = (TASK_PARAMETERS[task] ?? []).map((option) => option.name);
  const shown = task === CHAT ? "chat" : task;
  for (const name of names) {
    const guess = known.includes(name) ? undefined : closest(name, known);
    if (guess)
      throw new UsageError(
        `--param ${name} is not an option of ${shown} (did you mean "${guess}"?); hubkit infer ${shown} --help lists them`,
      );
  }
}

/** The answer is paid for: make sure it can be written before asking for it. */
function checkWritable(output: string): void {
  const folder = dirname(resolve(output));
  const problem = (() => {
    if (isFolder(output)) return "it is a folder";
    if (!isFolder(folder)) return `no such folder ${folder}`;
    try {
      accessSync(folder, constants.W_OK);
      return undefined;
    } catch {
      return `folder ${folder} is not writable`;
    }
  })();
  if (problem) throw new UsageError(`cannot write --output ${output}: ${problem}`);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
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
      ? new Blob([new Uint8Array(bytes)], { type: contentTypeOfFile(file) ?? "" })
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
