/**
 * Rendering for the template view, with the project's own code only:
 * - templates compile with src/templating (the function the generator uses), partials from templates/partials;
 * - snippets come from the runtime's own functions (getInferenceSnippets, the library snippet functions);
 * - an edited template is previewed by passing those functions the generated template table with the edited
 *   template in its place, so the preview gets exactly the data, helpers and escaping of the build.
 */
import {
  getInferenceSnippets,
  snippets,
  type InferenceSnippet,
  type InferenceSnippetOptions,
} from "../../../src/index.js";
import { INFERENCE_TEMPLATES } from "../../../src/generated/inference-templates.gen.js";
import { LIBRARY_SNIPPET_BUILDERS } from "../../../src/generated/library-snippets.gen.js";
import { LIBRARY_TEMPLATES } from "../../../src/generated/library-templates.gen.js";
import { renderInferenceSnippets } from "../../../src/snippets/getInferenceSnippets.js";
import type { LibrarySnippet } from "../../../src/snippets/libraries/types.js";
import {
  compileTemplate,
  instantiate,
  type TemplateDiagnostic,
} from "../../../generator/templating/compile.js";
import { templateFileInput } from "../../../generator/templating/template-file.js";
import { TEMPLATE_SOURCES } from "./files.js";
import type { TemplateInfo } from "./templates.js";

export type { InferenceSnippetOptions, TemplateDiagnostic };

/** A sample record as the runtime's snippet functions take it (samples are plain YAML data in the viewer). */
type SampleModel = Record<string, unknown>;
type ModelData = Parameters<typeof getInferenceSnippets>[0];
type ProviderMapping = Parameters<typeof getInferenceSnippets>[2];

/** A compiled template standing in for the generated one of the same key. */
export interface EditedTemplate {
  key: string;
  render: (data: unknown) => string;
}

/** A generated template table with `edited` in its place (the table itself when nothing is edited). */
function withEdited<T extends Readonly<Record<string, unknown>>>(table: T, edited?: EditedTemplate): T {
  return edited ? { ...table, [edited.key]: edited.render } : table;
}

/**
 * The runtime's inference snippets of a sample record for a provider, with its own provider mapping; with
 * `edited`, an edited template takes the place of the generated one.
 */
export function inferenceSnippets(
  model: SampleModel,
  provider: string,
  options: InferenceSnippetOptions,
  edited?: EditedTemplate,
): InferenceSnippet[] {
  const mapping = model.inferenceProviderMapping as ProviderMapping;
  const templates = withEdited(INFERENCE_TEMPLATES, edited);
  return renderInferenceSnippets(templates, model as unknown as ModelData, provider, mapping, options);
}

/** The runtime's snippets of a library for a sample record; with `edited`, an edited template takes its place. */
export function librarySnippets(
  library: string,
  model: SampleModel,
  edited?: EditedTemplate,
): LibrarySnippet[] {
  if (!Object.hasOwn(LIBRARY_SNIPPET_BUILDERS, library)) return [];
  const build = LIBRARY_SNIPPET_BUILDERS[library as keyof typeof LIBRARY_SNIPPET_BUILDERS];
  return build(withEdited(LIBRARY_TEMPLATES, edited)).describe(model as never);
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

/** Compiles a template file's text as the generator does (templateFileInput: the same source and options). */
export function compile(file: string, source: string): Compiled {
  try {
    const input = templateFileInput(file, source);
    const result = compileTemplate(
      { file, source: input.source },
      { partial: partialLookup, trimEnd: input.trimEnd },
    );
    return result.ok ? { ok: true, render: instantiate(result.code) } : { ok: false, errors: result.errors };
  } catch (e) {
    return {
      ok: false,
      errors: [{ file, line: 1, col: 1, message: e instanceof Error ? e.message : String(e) }],
    };
  }
}

/** The key of a template's compiled function in the generated tables, when the runtime has one. */
export function templateKey(t: TemplateInfo): string | undefined {
  if (t.kind === "inference") {
    const key = `${t.language}/${t.client}/${t.name}`;
    return Object.hasOwn(INFERENCE_TEMPLATES, key) ? key : undefined;
  }
  if (t.kind === "library") {
    const key = `${t.library}/${t.name}`;
    return Object.hasOwn(LIBRARY_TEMPLATES, key) ? key : undefined;
  }
  return undefined;
}
