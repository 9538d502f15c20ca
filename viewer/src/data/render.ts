/**
 * Rendering for the template view, with the project's own code only:
 * - templates compile with src/templating (the function the generator uses), partials from templates/partials;
 * - snippets come from the runtime: getInferenceSnippets (found under src/snippets/ when it is on main) and
 *   MODEL_LIBRARIES_UI_ELEMENTS[key].snippets;
 * - an edited template is previewed by putting its compiled function in place of the generated one in
 *   INFERENCE_TEMPLATES / LIBRARY_TEMPLATES for the duration of one runtime call, so the preview gets exactly the
 *   data, helpers and escaping of the build.
 */
import { INFERENCE_TEMPLATES, LIBRARY_TEMPLATES } from "../../../src/generated/index.js";
import { compileTemplate, instantiate, type TemplateDiagnostic } from "../../../src/templating/compile.js";
import { TEMPLATE_SOURCES } from "./files.js";
import type { TemplateInfo } from "./templates.js";

export type { TemplateDiagnostic };

export interface InferenceSnippet {
  language: string;
  client: string;
  content: string;
}

type GetInferenceSnippets = (
  model: unknown,
  provider: string,
  mapping?: unknown,
  opts?: Record<string, unknown>,
) => InferenceSnippet[];

/** getInferenceSnippets from whichever module under src/snippets/ exports it; undefined until that lands. */
export const getInferenceSnippets: GetInferenceSnippets | undefined = (() => {
  const modules = import.meta.glob(["../../../src/snippets/**/*.ts", "!**/*.test.ts", "!**/*.d.ts"], {
    eager: true,
  }) as Record<string, Record<string, unknown>>;
  for (const mod of Object.values(modules)) {
    const fn =
      mod.getInferenceSnippets ?? (mod.snippets as Record<string, unknown> | undefined)?.getInferenceSnippets;
    if (typeof fn === "function") return fn as GetInferenceSnippets;
  }
  return undefined;
})();

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

/** The generated registry and key that hold a template's compiled function, if any. */
export function registrySlot(
  t: TemplateInfo,
): { registry: Record<string, (data: unknown) => string>; key: string } | undefined {
  if (t.kind === "inference")
    return { registry: INFERENCE_TEMPLATES, key: `${t.language}/${t.client}/${t.name}` };
  if (t.kind === "library") return { registry: LIBRARY_TEMPLATES, key: `${t.library}/${t.name}` };
  return undefined;
}

/**
 * Runs `call` with `render` standing in for the template's generated function, then puts the original back.
 * Calls are synchronous, so nothing else can observe the swap.
 */
export function withTemplate<T>(
  t: TemplateInfo,
  render: ((data: unknown) => string) | undefined,
  call: () => T,
): T {
  const slot = registrySlot(t);
  if (!slot || !render) return call();
  const had = Object.prototype.hasOwnProperty.call(slot.registry, slot.key);
  const original = slot.registry[slot.key];
  slot.registry[slot.key] = render;
  try {
    return call();
  } finally {
    if (had) slot.registry[slot.key] = original;
    else delete slot.registry[slot.key];
  }
}
