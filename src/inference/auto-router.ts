/**
 * The hub's chat auto-router: one OpenAI-compatible endpoint, {router}/v1/chat/completions, that picks the
 * provider on the server side from the model ("org/name", or "org/name:provider" to name one). Chat calls with
 * provider "auto" go there without any hub lookup. Pure, like buildRequest: the client sends this request and
 * the raw-HTTP snippets print it.
 */
import { InferenceClientRoutingError } from "./errors.js";
import { callerFields } from "./body.js";
import { DEFAULT_ROUTER_URL, requestHeaders, type BuiltRequest, type RequestOptions } from "./request.js";
import type { TaskSpec } from "./spec.js";

/** The route's path under the router origin. */
export const AUTO_ROUTER_PATH = "v1/chat/completions";

/**
 * How the router's answer is read: an OpenAI chat completion, checked as any provider's (the chat providers name
 * ChatCompletionOutput, so its shape is among the generated ones).
 */
export const AUTO_ROUTER_SPEC: TaskSpec = {
  path: AUTO_ROUTER_PATH,
  output: { expect: "ChatCompletionOutput" },
};

/** Names the route in error messages ("Received malformed response from the auto-router conversational API"). */
export const AUTO_ROUTER_NAME = "the auto-router";

export const AUTO_ROUTER_TOKEN_MESSAGE =
  'Cannot select auto-router when using non-Hugging Face API key. Pass a Hugging Face token (hf_...) to let the router pick the provider, or name a provider ({provider: "groq"}) to call it with its own key.';

export interface AutoRouterInput {
  /** The model exactly as the caller gave it ("org/name" or "org/name:provider"). */
  model: string;
  /** The caller's fields: messages, max_tokens, ... (control fields such as provider are not sent). */
  args: Record<string, unknown>;
  options?: RequestOptions;
}

/** Throws InferenceClientRoutingError unless the token is a hub token: the router bills the hub account. */
export function checkAutoRouterToken(token: string | undefined): void {
  if (!token?.startsWith("hf_")) throw new InferenceClientRoutingError(AUTO_ROUTER_TOKEN_MESSAGE);
}

export function buildAutoRouterRequest({ model, args, options = {} }: AutoRouterInput): BuiltRequest {
  checkAutoRouterToken(options.accessToken);
  const body: Record<string, unknown> = { model, ...callerFields(args) };
  if (options.stream) body.stream = true;
  return {
    url: `${options.routerUrl ?? DEFAULT_ROUTER_URL}/${AUTO_ROUTER_PATH}`,
    method: "POST",
    headers: requestHeaders(`Bearer ${options.accessToken}`, body, options),
    body,
  };
}
