/**
 * The catalogue assembled from its files' texts: each file parsed with positions and checked against its schema
 * (by folder or name), then put in the catalogue's orders. No file system: the generator reads the texts from
 * disk (catalogue.ts), the viewer from its bundle, to check an edited file exactly as `npm run validate` does.
 */
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
import type { FlowFile } from "./flow-hooks.js";
import { parseYaml, type YamlSource } from "./load.js";
import type { FileLoad } from "./load-cache.js";
import type { SchemaName, Schemas } from "./schemas.js";

/** Folders of one-record-per-file data: folder under catalogue/ -> schema of each file. */
export const COLLECTIONS = {
  tasks: "task.schema.json",
  libraries: "library.schema.json",
  providers: "provider.schema.json",
  samples: "model-record.schema.json",
  "local-apps": "local-app.schema.json",
  "task-specs": "task-spec.schema.json",
} as const satisfies Record<string, SchemaName>;

/** Single files directly under catalogue/ -> schema. */
export const SINGLES = {
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

export interface CatalogueTexts {
  root: string;
  version: string;
  flows: FlowFile[];
  /** Text of every catalogue file, by repository path ("catalogue/libraries/diffusers.yaml"). */
  texts: ReadonlyMap<string, string>;
}

/** Loads one file: parse and schema check, or a cached result of the same (see load-cache.ts). */
export type LoadOne = (file: string, text: string, schema: SchemaName) => FileLoad;

/** The catalogue of `texts`, or every problem found (never a half catalogue). */
export function assembleCatalogue(
  { root, version, flows, texts }: CatalogueTexts,
  schemas: Schemas,
  loadOne: LoadOne = (file, text, schema) => loadFile(schemas, file, text, schema),
): LoadCatalogueResult {
  const diagnostics: Diagnostic[] = [];
  const load = <T>(file: string, schema: SchemaName): YamlSource<T> | undefined => {
    const text = texts.get(file);
    if (text === undefined) {
      diagnostics.push({ file, line: 1, col: 1, message: "missing: the catalogue needs this file" });
      return undefined;
    }
    const found = loadOne(file, text, schema);
    diagnostics.push(...found.diagnostics);
    return found.source as YamlSource<T> | undefined;
  };
  const collection = <T>(dir: keyof typeof COLLECTIONS) =>
    [...texts.keys()]
      .filter((file) => file.startsWith(`catalogue/${dir}/`))
      .sort()
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
      version,
      flows,
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
export function loadFile(schemas: Schemas, file: string, text: string, schema: SchemaName): FileLoad {
  const result = parseYaml(file, text);
  if (!result.ok) return { source: undefined, diagnostics: result.diagnostics };
  const problems = schemas.validate(result.source, schema);
  return {
    source: problems.length === 0 ? result.source : undefined,
    diagnostics: [...schemaLineDiagnostics(result.source, schema), ...problems],
  };
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
