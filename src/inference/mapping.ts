/** The hub's provider mapping: which providers serve a model, under which id, for which task. */
import { InferenceClientInputError } from "./errors.js";
import { hubGet, providerMessage, type Transport } from "./http.js";
import { describeTask } from "./methods.js";
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import type { ProviderMapping } from "./request.js";

export const DEFAULT_HUB_URL = "https://huggingface.co";

export interface MappingEntry extends ProviderMapping {
  provider: string;
  task: string;
  status?: string;
}

/** GET {hub}/api/models/{model}?expand[]=inferenceProviderMapping; entries in the hub's order. */
export async function fetchMapping(model: string, hubUrl: string, t: Transport): Promise<MappingEntry[]> {
  const url = `${hubUrl}/api/models/${model}?expand[]=inferenceProviderMapping`;
  const headers: Record<string, string> = t.secret?.startsWith("hf_")
    ? { Authorization: `Bearer ${t.secret}` }
    : {};
  const { res, text, body, error } = await hubGet(t, url, headers);
  const fail = (detail: string) =>
    error(`Failed to fetch inference provider mapping for model ${model}: ${detail}`);
  if (!res.ok)
    throw fail(
      `${res.status} ${providerMessage(body) ?? (text.trim().slice(0, 200) || "status code (no body)")}`,
    );
  if (body === undefined) throw fail("malformed API response, invalid JSON");
  const raw = (body as { inferenceProviderMapping?: unknown }).inferenceProviderMapping;
  if (Array.isArray(raw)) return raw as MappingEntry[];
  if (raw && typeof raw === "object") {
    return Object.entries(raw as Record<string, Omit<MappingEntry, "provider">>).map(([provider, e]) => ({
      ...e,
      provider,
    }));
  }
  return [];
}

/**
 * The entry of `provider` for `task`, or an InputError naming what is available.
 * A "staging" entry is used, with a console warning.
 */
export function selectMapping(
  entries: MappingEntry[],
  model: string,
  provider: string,
  task: string,
): ProviderMapping {
  const entry = entries.find((e) => e.provider === provider);
  if (!entry) {
    const available = entries.map((e) => e.provider);
    throw new InferenceClientInputError(
      `We have not been able to find inference provider information for model ${model} with provider ${provider}; ` +
        (available.length
          ? `providers serving it: ${available.join(", ")} (or use provider "auto").`
          : "no provider serves it."),
    );
  }
  if (!entryTaskFits(entry, task)) {
    throw new InferenceClientInputError(
      `Model ${model} is not supported for task ${task} and provider ${provider}. Supported task: ${entry.task}; call ${describeTask(entry.task)} instead.`,
    );
  }
  if (entry.status === "staging") {
    console.warn(
      `Model ${model} is in staging with provider ${provider} (hub mapping status "staging"): meant for testing; it may change or stop working.`,
    );
  }
  return {
    providerId: provider === "hf-inference" ? model : entry.providerId,
    adapter: entry.adapter,
    adapterWeightsPath: entry.adapterWeightsPath,
  };
}

/** Whether a mapping entry is for `task` (hf-inference serves feature-extraction and sentence-similarity alike). */
function entryTaskFits(entry: MappingEntry, task: string): boolean {
  if (entry.task === task) return true;
  return (
    entry.provider === "hf-inference" &&
    [task, entry.task].every((x) => x === "feature-extraction" || x === "sentence-similarity")
  );
}

/**
 * The "auto" policy: the first provider the hub lists for the model whose entry is for the task and that
 * `serves` (a provider hubkit knows, with that task). InputError when the hub lists none, naming what it lists.
 */
export function autoProvider(entries: MappingEntry[], model: string, task: string): string {
  if (entries.length === 0)
    throw new InferenceClientInputError(`No Inference Provider available for model ${model}.`);
  const fit = entries.find((e) => entryTaskFits(e, task) && serves(e.provider, task));
  if (fit) return fit.provider;
  throw new InferenceClientInputError(
    `No Inference Provider available for model ${model} and task ${describeTask(task)}; the hub lists: ${entries.map((e) => `${e.provider} (${e.task})`).join(", ")}.`,
  );
}

/** Whether hubkit knows `provider` and it has `task` (own properties only: the hub may list any name). */
export function serves(provider: string, task: string): boolean {
  return Object.hasOwn(PROVIDERS, provider) && Object.hasOwn(PROVIDERS[provider as ProviderId].tasks, task);
}

/**
 * "org/name:provider" (the auto-router's way to name a provider) outside the auto-router: the suffix names the
 * provider when none is given, must agree with the one given, and is never part of the hub lookup. Models of
 * client-side-only providers ("openai/ft:gpt-4o:org:id") keep their colons.
 */
export function withProviderSuffix(
  model: string,
  provider: ProviderId | "auto",
): [string, ProviderId | "auto"] {
  const at = model.lastIndexOf(":");
  if (at < 0 || (provider !== "auto" && PROVIDERS[provider as ProviderId]?.clientSideOnly))
    return [model, provider];
  const named = model.slice(at + 1) as ProviderId;
  if (provider !== "auto" && provider !== named) {
    throw new InferenceClientInputError(
      `Model "${model}" names provider ${named}, but the call names provider ${provider}: pass model "${model.slice(0, at)}" with provider "${provider}", or leave the provider out.`,
    );
  }
  return [model.slice(0, at), named];
}
