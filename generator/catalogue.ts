/**
 * The generator's load step: every file of catalogue/ read from disk, parsed with positions and validated against
 * its schema (catalogue-files.ts). Returns the whole catalogue, or every problem found (never a half catalogue);
 * the checks that span files come next (checks.ts), run by generate.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import {
  assembleCatalogue,
  COLLECTIONS,
  loadFile,
  SINGLES,
  type LoadCatalogueResult,
} from "./catalogue-files.js";
import type { Diagnostic } from "./diagnostics.js";
import { loadFlows } from "./flows.js";
import type { LoadCache } from "./load-cache.js";
import { Schemas } from "./schemas.js";

export type { LoadCatalogueResult };

/** `cache`, when given, reuses the schemas and the per-file results of earlier loads (see load-cache.ts). */
export function loadCatalogue(root: string, cache?: LoadCache): LoadCatalogueResult {
  const read = readSchemaDocuments(`${root}/schemas`);
  if (read.problems.length > 0) return { ok: false, diagnostics: read.problems };
  const compile = () => new Schemas(read.documents);
  const schemas = cache ? cache.schemasOf(read.documents, compile) : compile();
  if (schemas.problems.length > 0) return { ok: false, diagnostics: schemas.problems };
  const diagnostics: Diagnostic[] = [...unknownEntries(root)];
  const files = [
    ...Object.keys(COLLECTIONS).flatMap((dir) => listYaml(root, `catalogue/${dir}`, diagnostics)),
    ...Object.keys(SINGLES)
      .map((name) => `catalogue/${name}`)
      .filter((file) => existsSync(`${root}/${file}`)),
  ];
  const texts = new Map(files.map((file) => [file, readFileSync(`${root}/${file}`, "utf8")]));
  const version = (JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { version: string }).version;
  const loaded = assembleCatalogue(
    { root, version, flows: loadFlows(root), texts },
    schemas,
    cache &&
      ((file, text, schema) =>
        cache.file(schemas, file, text, schema, () => loadFile(schemas, file, text, schema))),
  );
  if (diagnostics.length === 0) return loaded;
  return { ok: false, diagnostics: [...diagnostics, ...(loaded.ok ? [] : loaded.diagnostics)] };
}

/** Every schema of schemas/, by file name; a file that is not JSON is a problem at its place. */
function readSchemaDocuments(dir: string): {
  documents: Record<string, Record<string, unknown>>;
  problems: Diagnostic[];
} {
  const documents: Record<string, Record<string, unknown>> = {};
  const problems: Diagnostic[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) {
    const text = readFileSync(`${dir}/${name}`, "utf8");
    try {
      documents[name] = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      const at = /position (\d+)/.exec(String(error))?.[1];
      const before = text.slice(0, at === undefined ? 0 : Number(at)).split("\n");
      problems.push({
        file: `schemas/${name}`,
        line: before.length,
        col: before[before.length - 1].length + 1,
        message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
        rule: "schemas/json",
      });
    }
  }
  return { documents, problems };
}

function listYaml(root: string, dir: string, diagnostics: Diagnostic[]): string[] {
  if (!existsSync(`${root}/${dir}`)) return [];
  const files: string[] = [];
  for (const name of readdirSync(`${root}/${dir}`).sort()) {
    if (name.endsWith(".yaml")) files.push(`${dir}/${name}`);
    else
      diagnostics.push({
        file: `${dir}/${name}`,
        line: 1,
        col: 1,
        message: `not a .yaml file; ${dir}/ holds one <id>.yaml per record`,
      });
  }
  return files;
}

/** Anything in catalogue/ that the generator would not read is an error, never skipped silently. */
function unknownEntries(root: string): Diagnostic[] {
  const known = new Set<string>([...Object.keys(COLLECTIONS), ...Object.keys(SINGLES)]);
  return readdirSync(`${root}/catalogue`)
    .filter(
      (name) =>
        !known.has(name) || name in COLLECTIONS !== statSync(`${root}/catalogue/${name}`).isDirectory(),
    )
    .map((name) => ({
      file: `catalogue/${name}`,
      line: 1,
      col: 1,
      message: `unexpected entry in catalogue/; known: ${[...known].sort().join(", ")}`,
    }));
}
