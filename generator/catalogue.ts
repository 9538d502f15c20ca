/**
 * The generator's load step: every file of catalogue/ parsed with positions and validated against its schema.
 * Returns the whole catalogue, or every problem found (never a half catalogue); the checks that span files come
 * next (checks.ts), run by generate.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type {
  Catalogue,
  LibraryFile,
  LocalAppFile,
  LocalAppRegistryFile,
  ModalitiesFile,
  PipelineOrderFile,
  ProviderAnswersFile,
  ProviderFile,
  QuantizationFile,
  SampleFile,
  SnippetClientsFile,
  TaskFile,
  TaskSpecDefinitionsFile,
  TaskSpecFile,
} from "./catalogue-types.js";
import type { Diagnostic } from "./diagnostics.js";
import { loadFlows } from "./flows.js";
import { parseYaml, type YamlSource } from "./load.js";
import type { FileLoad, LoadCache } from "./load-cache.js";
import { Schemas, type SchemaName } from "./schemas.js";

/** Folders of one-record-per-file data: folder under catalogue/ -> schema of each file. */
const COLLECTIONS = {
  tasks: "task.schema.json",
  libraries: "library.schema.json",
  providers: "provider.schema.json",
  samples: "model-record.schema.json",
  "local-apps": "local-app.schema.json",
  "task-specs": "task-spec.schema.json",
} as const satisfies Record<string, SchemaName>;

/** Single files directly under catalogue/ -> schema. */
const SINGLES = {
  "modalities.yaml": "modalities.schema.json",
  "pipeline-order.yaml": "pipeline-order.schema.json",
  "quantization.yaml": "quantization.schema.json",
  "provider-answers.yaml": "provider-answers.schema.json",
  "local-app-registry.yaml": "local-app-registry.schema.json",
  "snippet-clients.yaml": "snippet-clients.schema.json",
  "task-spec-definitions.yaml": "task-spec-definitions.schema.json",
} as const satisfies Record<string, SchemaName>;

export type LoadCatalogueResult =
  { ok: true; catalogue: Catalogue } | { ok: false; diagnostics: Diagnostic[] };

/** `cache`, when given, reuses the schemas and the per-file results of earlier loads (see load-cache.ts). */
export function loadCatalogue(root: string, cache?: LoadCache): LoadCatalogueResult {
  const compile = () => new Schemas(`${root}/schemas`);
  const schemas = cache ? cache.schemasOf(`${root}/schemas`, compile) : compile();
  const diagnostics: Diagnostic[] = [];

  const load = <T>(file: string, schema: SchemaName): YamlSource<T> | undefined => {
    const text = readFileSync(`${root}/${file}`, "utf8");
    const compute = () => loadFile(schemas, file, text, schema);
    const found = cache ? cache.file(schemas, file, text, schema, compute) : compute();
    diagnostics.push(...found.diagnostics);
    return found.source as YamlSource<T> | undefined;
  };

  diagnostics.push(...unknownEntries(root));
  const collection = <T>(dir: keyof typeof COLLECTIONS) =>
    listYaml(root, `catalogue/${dir}`, diagnostics)
      .map((file) => load<T>(file, COLLECTIONS[dir]))
      .filter((s): s is YamlSource<T> => s !== undefined);
  const single = <T>(name: keyof typeof SINGLES) => load<T>(`catalogue/${name}`, SINGLES[name]);

  const tasks = collection<TaskFile>("tasks");
  const libraries = collection<LibraryFile>("libraries");
  const samples = collection<SampleFile>("samples");
  const modalities = single<ModalitiesFile>("modalities.yaml");
  const pipelineOrder = single<PipelineOrderFile>("pipeline-order.yaml");
  const quantization = single<QuantizationFile>("quantization.yaml");
  const providers = collection<ProviderFile>("providers");
  const providerAnswers = single<ProviderAnswersFile>("provider-answers.yaml");
  const localApps = collection<LocalAppFile>("local-apps");
  const localAppRegistry = single<LocalAppRegistryFile>("local-app-registry.yaml");
  const snippetClients = single<SnippetClientsFile>("snippet-clients.yaml");
  const taskSpecs = collection<TaskSpecFile>("task-specs");
  const taskSpecDefinitions = single<TaskSpecDefinitionsFile>("task-spec-definitions.yaml");
  if (
    diagnostics.length > 0 ||
    !modalities ||
    !pipelineOrder ||
    !quantization ||
    !providerAnswers ||
    !localAppRegistry ||
    !snippetClients ||
    !taskSpecDefinitions
  )
    return { ok: false, diagnostics };

  const position = new Map(pipelineOrder.data.order.map((id, i) => [id, i]));
  tasks.sort((a, b) => (position.get(a.data.id) ?? Infinity) - (position.get(b.data.id) ?? Infinity));
  libraries.sort((a, b) => (a.data.id < b.data.id ? -1 : a.data.id > b.data.id ? 1 : 0));
  providers.sort((a, b) => (a.data.id < b.data.id ? -1 : a.data.id > b.data.id ? 1 : 0));
  samples.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const appPosition = new Map(localAppRegistry.data.order.map((id, i) => [id, i]));
  localApps.sort(
    (a, b) => (appPosition.get(a.data.id) ?? Infinity) - (appPosition.get(b.data.id) ?? Infinity),
  );
  return {
    ok: true,
    catalogue: {
      root,
      version: (JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { version: string }).version,
      flows: loadFlows(root),
      tasks,
      libraries,
      samples,
      modalities,
      pipelineOrder,
      quantization,
      providers,
      providerAnswers,
      localApps,
      localAppRegistry,
      snippetClients,
      taskSpecs,
      taskSpecDefinitions,
      schemas,
    },
  };
}

/** One file parsed and checked: its first line, then its schema. */
function loadFile(schemas: Schemas, file: string, text: string, schema: SchemaName): FileLoad {
  const result = parseYaml(file, text);
  if (!result.ok) return { source: undefined, diagnostics: result.diagnostics };
  const problems = schemas.validate(result.source, schema);
  return {
    source: problems.length === 0 ? result.source : undefined,
    diagnostics: [...schemaLineDiagnostics(result.source, schema), ...problems],
  };
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

/** Each file names its schema on its first line so editors validate it as it is typed. */
function schemaLineDiagnostics(source: YamlSource, schema: SchemaName): Diagnostic[] {
  const depth = source.file.split("/").length - 1;
  const expected = `# yaml-language-server: $schema=${"../".repeat(depth)}schemas/${schema}`;
  const firstLine = source.text.split("\n", 1)[0].trimEnd();
  return firstLine === expected
    ? []
    : [
        {
          file: source.file,
          line: 1,
          col: 1,
          message: `first line must be "${expected}"`,
          rule: "catalogue/schema-line",
        },
      ];
}
