/**
 * A memo of the load step's work that depends only on file contents: the compiled schemas (keyed by every schema
 * file's name and content) and each catalogue file's parse and schema check (keyed by its path, text and schema).
 * For callers that load many near-identical projects in one process (the broken-catalogue tests run the generator
 * once per case, each case changing a file or two of the same ~600): a file's result is the same whichever project
 * it sits in. Cached data is frozen, so a later step that changed it would throw instead of corrupting the next run.
 */
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

  /** The schemas of these documents (by file name), compiled once per distinct set. */
  schemasOf(documents: Record<string, unknown>, compile: () => Schemas): Schemas {
    const key = JSON.stringify(Object.entries(documents).sort(([a], [b]) => (a < b ? -1 : 1)));
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
