/**
 * Rendering for the template view, with the project's own code only:
 * - templates compile with src/templating (the function the generator uses), partials from templates/partials;
 * - snippets come from the runtime: getInferenceSnippets (found under src/snippets/ when it is on main) and
 *   MODEL_LIBRARIES_UI_ELEMENTS[key].snippets;
 * - an edited template is previewed by standing its compiled function in for the generated one during one
 *   runtime call (template-hooks.ts), so the preview gets exactly the data, helpers and escaping of the build.
 */
import { compileTemplate, instantiate, type TemplateDiagnostic } from "../../../src/templating/compile.js";
import { TEMPLATE_SOURCES } from "./files.js";
import { hasSlot, withOverride, type Group } from "./template-hooks.js";
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

const snippetModules = Object.values(
  import.meta.glob(["../../../src/snippets/**/*.ts", "!**/*.test.ts", "!**/*.d.ts"], {
    eager: true,
  }) as Record<string, Record<string, unknown>>,
);

function findExport<T>(name: string): T | undefined {
  for (const mod of snippetModules) if (typeof mod[name] === "function") return mod[name] as T;
  return undefined;
}

/** getInferenceSnippets from whichever module under src/snippets/ exports it; undefined until that lands. */
export const getInferenceSnippets = findExport<GetInferenceSnippets>("getInferenceSnippets");

/** The runtime's choice of inference template for a record (snippetTemplate), when the runtime has it. */
export const snippetTemplate =
  findExport<(model: unknown, opts?: Record<string, unknown>) => { template: string } | undefined>(
    "snippetTemplate",
  );

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
