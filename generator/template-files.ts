/**
 * Compiles the files of templates/, each by its place in the tree (no file system: the viewer uses it too;
 * templates.ts reads them from disk). Known places:
 *   templates/inference/<language>/<client>/<name>.hbs   inference snippets
 *   templates/libraries/<library>/<name>.hbs             library loading snippets
 *   templates/local-apps/<app or shared>/<name>.hbs      local apps' commands
 *   templates/partials/<language>/<name>.hbs             pieces included with {{> language/name}}
 * Any other file is an error (never skipped).
 */
import { compileTemplate, type KnownNames, type TemplateSource } from "./templating/compile.js";
import type { Diagnostic } from "./diagnostics.js";
import { templateFileInput } from "./templating/template-file.js";

export interface CompiledTemplate {
  /** Key inside its group: "python/requests/basic" (inference) or "diffusers/lora" (libraries). */
  key: string;
  file: string;
  source: string;
  /** JS source of `(d) => string` (see generator/templating/compile.ts). */
  code: string;
  /** The top-level data names the template reads; undefined when it reads the data as a whole. */
  reads: string[] | undefined;
}

export interface Templates {
  inference: CompiledTemplate[];
  libraries: CompiledTemplate[];
  localApps: CompiledTemplate[];
  partials: Map<string, TemplateSource>;
}

type Group = "inference" | "libraries" | "localApps";

/** Where each group lives: templates/<folder>/ (the group's name unless given), `depth` folders deep. */
const PLACES: { group: keyof Templates; folder?: string; depth: number }[] = [
  { group: "inference", depth: 3 },
  { group: "libraries", depth: 2 },
  { group: "localApps", folder: "local-apps", depth: 2 },
  { group: "partials", depth: 2 },
];

/**
 * Compiles the template files given as repository path -> text. `specialise(library)`, when given, is what that library's templates can be compiled knowing of their data
 * (see KnownNames): their code is then specialised to the library.
 */
export function compileTemplateFiles(
  files: ReadonlyMap<string, string>,
  specialise?: (library: string) => KnownNames,
): { templates: Templates; diagnostics: Diagnostic[] } {
  const templates: Templates = { inference: [], libraries: [], localApps: [], partials: new Map() };
  const diagnostics: Diagnostic[] = [];
  const sources: { group: Group; key: string; file: string; source: string; trimEnd: boolean }[] = [];
  for (const file of [...files.keys()].sort()) {
    const parts = file.split("/").slice(1);
    const place = PLACES.find(
      (p) => (p.folder ?? p.group) === parts[0] && parts.length === p.depth + 1 && file.endsWith(".hbs"),
    );
    if (!place) {
      diagnostics.push({
        file,
        line: 1,
        col: 1,
        message:
          "not a template location; templates live at inference/<language>/<client>/<name>.hbs, libraries/<library>/<name>.hbs, local-apps/<app>/<name>.hbs or partials/<language>/<name>.hbs",
        rule: "templates/layout",
      });
      continue;
    }
    const key = parts
      .slice(1)
      .join("/")
      .replace(/\.hbs$/, "");
    const { source, trimEnd } = templateFileInput(file, files.get(file)!);
    if (place.group === "partials") templates.partials.set(key, { file, source });
    else sources.push({ group: place.group as Group, key, file, source, trimEnd });
  }
  for (const { group, key, file, source, trimEnd } of sources) {
    const result = compileTemplate(
      { file, source },
      {
        partial: (name) => templates.partials.get(name),
        trimEnd,
        ...(group === "libraries" ? specialise?.(key.split("/")[0]) : undefined),
      },
    );
    if (result.ok) templates[group].push({ key, file, source, code: result.code, reads: result.reads });
    else diagnostics.push(...result.errors.map((e) => ({ ...e, rule: "templates/compile" })));
  }
  return { templates, diagnostics };
}
