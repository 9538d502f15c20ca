/**
 * Mistakes that TypeScript would have caught, made from plain JavaScript: an InputError naming the field and
 * what was expected, before anything is sent. Loose about everything else, on purpose: extra fields and the older
 * argument forms still reach the provider. Kept small: this code ships in every client bundle.
 */
import { InferenceClientInputError } from "./errors.js";
import { CALLS } from "./methods.js";

function refuse(field: string, expected: string, got: unknown): never {
  const kind =
    typeof got === "string" ? JSON.stringify(got) : Array.isArray(got) ? "a list" : got && typeof got;
  throw new InferenceClientInputError(`${field} must be ${expected}, got ${kind}`);
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object";

/** The constructor's arguments: a token string and an options object, either omitted. */
export function checkClientArguments(accessToken: unknown, options: unknown): void {
  if (accessToken !== undefined && typeof accessToken !== "string")
    refuse("accessToken (the first argument of new InferenceClient)", "a string", accessToken);
  if (options !== undefined && !isObject(options)) refuse("options", "an object", options);
  checkEndpointUrl((options as { endpointUrl?: unknown } | undefined)?.endpointUrl);
}

export function checkEndpointUrl(url: unknown): void {
  if (url !== undefined && !/^https?:\/\/[^/\s]/i.test(url as string))
    refuse("endpointUrl", "an absolute http(s) URL", url);
}

/** A call's arguments: an object; a model id if any; a task method's inputs (chat: messages) when it needs them. */
export function checkCallArguments(task: string, args: unknown): asserts args is Record<string, unknown> {
  if (!isObject(args)) refuse("args", "an object", args);
  const { model, inputs, messages } = args;
  if (model !== undefined && !/^\S+$/.test(model as string))
    refuse("model", 'an id such as "org/name"', model);
  checkEndpointUrl(args.endpointUrl);
  const input = CALLS[task]?.input;
  if (input === "messages" && !Array.isArray(messages)) refuse("messages", "a list of messages", messages);
  // A file-or-prompt task (image-text-to-image, ...) may have its prompt alone in parameters.
  if ((input === "text" || input === "file") && inputs === undefined && args.data === undefined)
    throw new InferenceClientInputError("inputs is required");
}
