/** Library loading snippets: MODEL_LIBRARIES_UI_ELEMENTS[key].snippets(model), plus a form with languages. */
import { LIBRARY_SNIPPETS } from "../../generated/library-snippets.gen.js";
import { libraryKey } from "../../tasks/library-key.js";
import type { ModelData } from "../../tasks/model-data.js";
import type { LibrarySnippet } from "./types.js";

export type { ChatTemplate, ModelData, WidgetExample } from "../../tasks/model-data.js";
export type { LibrarySnippet, LibrarySnippetLanguage } from "./types.js";
export { KERNEL_LIBRARIES_UI_ELEMENTS, type KernelLibraryUiElement } from "./kernels.js";

/** Keys of the libraries that have loading snippets. */
export const LIBRARIES_WITH_SNIPPETS = Object.keys(LIBRARY_SNIPPETS) as (keyof typeof LIBRARY_SNIPPETS)[];

/**
 * The snippets of a library for a model, each with its template and language (python, sh, js, csharp,
 * or text for a plain message). Empty for a library without snippets. The library may be named by a former
 * key (LIBRARY_ALIASES), as records written before a rename still do.
 */
export function getLibrarySnippets(library: string, model: ModelData): LibrarySnippet[] {
  const key = libraryKey(library);
  const entry =
    key !== undefined && Object.hasOwn(LIBRARY_SNIPPETS, key)
      ? LIBRARY_SNIPPETS[key as keyof typeof LIBRARY_SNIPPETS]
      : undefined;
  return entry ? entry.describe(model) : [];
}
