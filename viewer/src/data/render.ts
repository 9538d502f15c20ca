/**
 * Rendering for the template view, with the project's own code only:
 * - templates compile with src/templating (the function the generator uses), partials from templates/partials;
 * - snippets come from the runtime: getInferenceSnippets and MODEL_LIBRARIES_UI_ELEMENTS[key].snippets;
 * - an edited template is previewed by standing its compiled function in for the generated one during one
 *   runtime call (template-hooks.ts), so the preview gets exactly the data, helpers and escaping of the build.
 */
import {
  getInferenceSnippets,
  snippets,
  type InferenceSnippet,
  type InferenceSnippetOptions,
} from "../../../src/index.js";
import { compileTemplate, instantiate, type TemplateDiagnostic } from "../../../src/templating/compile.js";
import { TEMPLATE_SOURCES } from "./files.js";
import { hasSlot, withOverride, type Group } from "./template-hooks.js";
import type { TemplateInfo } from "./templates.js";

export type { InferenceSnippetOptions, TemplateDiagnostic };

/** A sample record as the runtime's snippet functions take it (samples are plain YAML data in the viewer). */
type SampleModel = Record<string, unknown>;
type ModelData = Parameters<typeof getInferenceSnippets>[0];
type ProviderMapping = Parameters<typeof getInferenceSnippets>[2];

/** The runtime's inference snippets of a sample record for a provider, with its own provider mapping. */
export function inferenceSnippets(
  model: SampleModel,
  provider: string,
  options: InferenceSnippetOptions,
): InferenceSnippet[] {
  const mapping = model.inferenceProviderMapping as ProviderMapping;
  return getInferenceSnippets(model as unknown as ModelData, provider, mapping, options);
}

/** The name of the inference template the runtime picks for a sample record (snippetTemplate). */
export function inferenceTemplateName(
  model: SampleModel,
  options?: InferenceSnippetOptions,
): string | undefined {
  return snippets.snippetTemplate(model as unknown as ModelData, options)?.template;
}

export function partialLookup(name: string): { file: string; source: string } | undefined {
  const file = `templates/partials/${name}.hbs`;
  const source = TEMPLATE_SOURCES[file];
  return source === undefined ? undefined : { file, source };
}

export type Compiled =
  { ok: true; render: (data: unknown) => string } | { ok: false; errors: TemplateDiagnostic[] };

/** Compiles a template source as the generator does. */
export function compile(file: string, source: string): Compiled {
  try {
    const result = compileTemplate({ file, source }, { partial: partialLookup });
    return result.ok ? { ok: true, render: instantiate(result.code) } : { ok: false, errors: result.errors };
  } catch (e) {
    return {
      ok: false,
      errors: [{ file, line: 1, col: 1, message: e instanceof Error ? e.message : String(e) }],
    };
  }
}

/** The registry group and key of a template's compiled function, if it has one. */
export function registrySlot(t: TemplateInfo): { group: Group; key: string } | undefined {
  const slot: { group: Group; key: string } | undefined =
    t.kind === "inference"
      ? { group: "inference", key: `${t.language}/${t.client}/${t.name}` }
      : t.kind === "library"
        ? { group: "libraries", key: `${t.library}/${t.name}` }
        : undefined;
  return slot && hasSlot(slot.group, slot.key) ? slot : undefined;
}

/**
 * Runs `call` with `render` standing in for the template's generated function wherever the runtime uses it
 * (see template-hooks.ts), then puts the original back. Calls are synchronous, so nothing else sees the swap.
 */
export function withTemplate<T>(
  t: TemplateInfo,
  render: ((data: unknown) => string) | undefined,
  call: () => T,
): T {
  const slot = registrySlot(t);
  return slot ? withOverride(slot.group, slot.key, render, call) : call();
}
