/**
 * A memo of the load step's work that depends only on file contents: the compiled schemas (keyed by every schema
 * file's name and text) and each catalogue file's parse and schema check (keyed by its path, text and schema).
 * For callers that load many near-identical projects in one process (the broken-catalogue tests run the generator
 * once per case, each case changing a file or two of the same ~600): a file's result is the same whichever project
 * it sits in. Cached data is frozen, so a later step that changed it would throw instead of corrupting the next run.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";
import { Schemas, type SchemaName } from "./schemas.js";

/** What loading one file found: its source when it parsed and matched its schema, and every problem. */
export interface FileLoad {
  source: YamlSource | undefined;
  diagnostics: Diagnostic[];
}

export class LoadCache {
  private readonly schemas = new Map<string, Schemas>();
  private readonly files = new WeakMap<Schemas, Map<string, FileLoad>>();

  /** The schemas of `dir`, compiled once per distinct set of schema files. */
  schemasOf(dir: string, compile: () => Schemas): Schemas {
    const names = readdirSync(dir).sort();
    const key = names.map((name) => `${name}\0${readFileSync(`${dir}/${name}`, "utf8")}`).join("\0");
    let schemas = this.schemas.get(key);
    if (!schemas) this.schemas.set(key, (schemas = compile()));
    return schemas;
  }

  /** `load()`'s result for `file` with this text and schema, computed once. */
  file(schemas: Schemas, file: string, text: string, schema: SchemaName, load: () => FileLoad): FileLoad {
    let byFile = this.files.get(schemas);
    if (!byFile) this.files.set(schemas, (byFile = new Map()));
    const key = `${file}\0${schema}\0${text}`;
    let found = byFile.get(key);
    if (!found) {
      found = load();
      if (found.source) deepFreeze(found.source.data);
      byFile.set(key, found);
    }
    return found;
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
