/**
 * The generator's validate step: the checks that span files, then the catalogue against its templates. No file
 * system: the viewer runs it on an edited file too, so its markers say what `npm run validate` says.
 */
import type { Catalogue } from "./catalogue-types.js";
import { crossCheck } from "./checks.js";
import type { Diagnostic } from "./diagnostics.js";
import { libraryTemplateChecks } from "./library-checks.js";
import { localAppTemplateChecks } from "./local-app-checks.js";
import { checkSnippetTemplates } from "./snippet-checks.js";
import { snippetClientChecks } from "./snippet-client-checks.js";
import type { Templates } from "./template-files.js";

/** Every problem of a loaded catalogue and its templates, in stages: each stage needs the ones before it clean. */
export function validateCatalogue(
  catalogue: Catalogue,
  templates: Templates,
  templateProblems: Diagnostic[],
): Diagnostic[] {
  const crossFile = crossCheck(catalogue);
  if (crossFile.length > 0) return [...crossFile, ...templateProblems];
  const snippets = [
    ...templateProblems,
    ...checkSnippetTemplates(catalogue, templates),
    ...snippetClientChecks(catalogue, templates),
  ];
  if (snippets.length > 0) return snippets;
  return [...libraryTemplateChecks(catalogue, templates), ...localAppTemplateChecks(catalogue, templates)];
}
