/** Reads templates/ from disk and compiles it (template-files.ts). */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import type { Diagnostic } from "./diagnostics.js";
import type { KnownNames } from "./templating/compile.js";
import { compileTemplateFiles, type Templates } from "./template-files.js";

/** `specialise`: see compileTemplateFiles. */
export function loadTemplates(
  root: string,
  specialise?: (library: string) => KnownNames,
): { templates: Templates; diagnostics: Diagnostic[] } {
  const dir = `${root}/templates`;
  const found = existsSync(dir) ? walk(dir).map((path) => relative(root, path).split("\\").join("/")) : [];
  return compileTemplateFiles(
    new Map(found.map((file) => [file, readFileSync(`${root}/${file}`, "utf8")])),
    specialise,
  );
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}
