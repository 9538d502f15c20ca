/** Access tokens in snippets: placeholders given to the request builder, shown as environment variables. */
import { PROVIDER_IDS } from "../generated/providers.gen.js";
import { Hole } from "../templating/helpers.js";
import type { InferenceSnippetOptions } from "./types.js";

/** Starts with hf_, so the request builder routes it as a hub token. */
export const ROUTED_TOKEN_PLACEHOLDER = "hf_hubkitSnippetTokenPlaceholder";
/** Not hf_: the request builder treats it as a provider key (direct request). */
export const DIRECT_TOKEN_PLACEHOLDER = "hubkit-snippet-provider-key-placeholder";

/**
 * The environment variable a snippet reads the token from: API_TOKEN for a custom endpoint; HF_TOKEN for
 * hf-inference or a routed request; else <PROVIDER>_API_KEY (every "-" turned into "_").
 */
export function tokenEnvVar(provider: string, opts: InferenceSnippetOptions, direct: boolean): string {
  if (opts.endpointUrl) return "API_TOKEN";
  if (provider === "hf-inference" || !direct) return "HF_TOKEN";
  return API_KEY_VARS.get(provider) ?? apiKeyVar(provider);
}

const apiKeyVar = (provider: string) => `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
/** The <PROVIDER>_API_KEY variable of every known provider, computed once. */
const API_KEY_VARS = new Map<string, string>(PROVIDER_IDS.map((id) => [id, apiKeyVar(id)]));

/** The token a client is given in a snippet: the caller's literal token, or the environment variable. */
export function tokenValue(provider: string, opts: InferenceSnippetOptions, direct: boolean): string | Hole {
  return opts.accessToken !== undefined
    ? opts.accessToken
    : new Hole("env", tokenEnvVar(provider, opts, direct));
}

/** A header value with the placeholder token in it becomes a hole reading the environment variable. */
export function revealToken(value: string, placeholder: string, env: string): string | Hole {
  const at = value.indexOf(placeholder);
  return at < 0 ? value : new Hole("env", env, value.slice(0, at), value.slice(at + placeholder.length));
}
