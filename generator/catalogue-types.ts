/**
 * The catalogue's types: the shapes of its files, as their schemas in schemas/ define them (validated before
 * use), and the loaded catalogue that the generator's steps pass along (load -> validate -> emit).
 */
import type { OutputSpec, ProviderSpec, TaskSpec } from "../src/inference/spec.js";
import type { LibraryUiElement, TaskClient } from "../src/tasks/types.js";
import type { FlowFile } from "./flow-hooks.js";
import type { YamlSource } from "./load.js";
import type { Schemas } from "./schemas.js";

/** Every file of catalogue/, parsed and checked against its schema. */
export interface Catalogue {
  root: string;
  /** hubkit's version (package.json). */
  version: string;
  /** The flow files of src/inference/flows/ and the hooks each exports. */
  flows: FlowFile[];
  /** In the order of catalogue/pipeline-order.yaml. */
  tasks: YamlSource<TaskFile>[];
  /** Sorted by id. */
  libraries: YamlSource<LibraryFile>[];
  /** Sample model records (catalogue/samples/<name>.yaml), sorted by name. */
  samples: YamlSource<SampleFile>[];
  modalities: YamlSource<ModalitiesFile>;
  pipelineOrder: YamlSource<PipelineOrderFile>;
  quantization: YamlSource<QuantizationFile>;
  /** Inference providers, sorted by id. */
  providers: YamlSource<ProviderFile>[];
  /** Answers of provider APIs that are no task's output, named by the providers' output.expect. */
  providerAnswers: YamlSource<ProviderAnswersFile>;
  /** Local apps (catalogue/local-apps/<key>.yaml), in the order of catalogue/local-app-registry.yaml. */
  localApps: YamlSource<LocalAppFile>[];
  localAppRegistry: YamlSource<LocalAppRegistryFile>;
  /** The clients of the inference snippets, in result order within each language. */
  snippetClients: YamlSource<SnippetClientsFile>;
  /** What each task's client method takes and returns (catalogue/task-specs/<task>.yaml), sorted by task. */
  taskSpecs: YamlSource<TaskSpecFile>[];
  /** The definitions several task specs share. */
  taskSpecDefinitions: YamlSource<TaskSpecDefinitionsFile>;
  schemas: Schemas;
}

/**
 * A JSON Schema (draft 2020-12) in the subset that task specs use (schemas/task-spec.schema.json#/$defs/schema).
 * Its descriptions become the doc comments of the emitted types.
 */
export interface JsonSchema {
  description?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  /** "base64": a file (base64 text in JSON; a Blob, or bytes as input, in TypeScript). */
  contentEncoding?: "base64";
}

export type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** catalogue/task-specs/<task>.yaml (schemas/task-spec.schema.json). */
export interface TaskSpecFile {
  task: string;
  description: string;
  input: string;
  output: string;
  streamOutput?: string;
  args: string;
  alsoAccepts?: string[];
  result: JsonSchema;
  $defs: Record<string, JsonSchema>;
}

/** catalogue/task-spec-definitions.yaml (schemas/task-spec-definitions.schema.json). */
export interface TaskSpecDefinitionsFile {
  $defs: Record<string, JsonSchema>;
}

/** catalogue/provider-answers.yaml (schemas/provider-answers.schema.json). */
export interface ProviderAnswersFile {
  $defs: Record<string, JsonSchema>;
}

/** catalogue/snippet-clients.yaml (schemas/snippet-clients.schema.json). */
export interface SnippetClientsFile {
  clients: SnippetClientEntry[];
}

export interface SnippetClientEntry {
  id: string;
  language: "python" | "js" | "sh";
  kind: "openai-compatible" | "hub" | "provider-sdk" | "raw-http";
  package?: string;
  providers?: string[];
  cannot?: { providers?: string[]; tasks?: string[]; pairs?: { provider: string; task: string }[] };
}

export interface TaskFile {
  id: string;
  name: string;
  modality: string;
  subtasks?: { type: string; name: string }[];
  hideInModels?: boolean;
  hideInDatasets?: boolean;
  client?: TaskClient;
  snippet?: TaskSnippetFile;
  detail?: TaskDetailFile;
}

/** Inference snippets of a task (schemas/task.schema.json#/$defs/snippet). */
export interface TaskSnippetFile {
  /** Absent: snippets for the task's conversational models only (`messages`). */
  template?: string;
  /** The hub clients with a snippet; each calls the method of the task's `client` block. */
  hubClients?: ("huggingface_hub" | "huggingface.js")[];
  rawHttpOnly?: { provider: string; exceptLibrary?: string }[];
  example?: { inputs: unknown; parameters?: Record<string, unknown> };
  messages?: { role: string; content: unknown }[];
}

export interface TaskDetailFile {
  label: string;
  canonicalId?: string;
  isPlaceholder?: boolean;
  summary: string;
  libraries: string[];
  widgetModels: string[];
  youtubeId?: string;
  datasets: Resource[];
  models: Resource[];
  spaces: Resource[];
  metrics: Resource[];
  demo: { inputs: Record<string, unknown>[]; outputs: Record<string, unknown>[] };
}

export interface Resource {
  id: string;
  description: string;
}

/**
 * A library file is the runtime's registry entry (src/tasks/types.ts) as written in YAML: with an id, the tasks it
 * serves and snippet declarations (the runtime's `snippets` is the function generated from them), without the
 * generated `source`.
 */
export interface LibraryFile extends Omit<LibraryUiElement, "snippets" | "source"> {
  id: string;
  /** Former keys of the library; records that still name one get this library (LIBRARY_ALIASES). */
  aliases?: string[];
  tasks?: string[];
  /** Loading snippets in order: single entries and oneOf groups (see docs/library-snippets.md). */
  snippets?: (SnippetEntry | { oneOf: SnippetEntry[] })[];
  derive?: Record<string, DeriveRule>;
}

export interface ModalitiesFile {
  modalities: { id: string; label: string }[];
}

export interface PipelineOrderFile {
  order: string[];
}

export interface QuantizationFile {
  fileTypes: Record<string, number>;
  tensorTypes: Record<string, number>;
  order: string[];
  labelPrefixes?: string[];
  fileNameLabels?: string[];
}

/** A path in a library template's data: `model.<record field>...` or a derived value's name. */
export type DataPath = string;

export interface SnippetCondition {
  tags?: string[];
  notTags?: string[];
  pipelineTag?: string[];
  notPipelineTag?: string[];
  id?: string[];
  notId?: string[];
  idContains?: string;
  notIdContains?: string[];
  set?: DataPath[];
  unset?: DataPath[];
  listHas?: { list: DataPath; item: string };
  /** true: the library's own tasks; a library key: that library's tasks. */
  libraryTask?: true | string;
}

export interface SnippetEntry {
  template: string;
  language?: "python" | "sh" | "js" | "csharp" | "text";
  when?: SnippetCondition;
  each?: DataPath;
}

export type TableValue = string | number | number[];

export type DeriveRule =
  | { from: DataPath; table: Record<string, TableValue>; default?: TableValue }
  | { firstTag: Record<string, TableValue>; default?: TableValue }
  | { identifier: DataPath; default?: string }
  | { function: string };

export interface SampleFile {
  name: string;
  title: string;
  notes?: string;
  files?: string[];
  id: string;
  [field: string]: unknown;
}

/**
 * catalogue/providers/*.yaml: the runtime's provider types (src/inference/spec.ts) as written in YAML: with an id,
 * without the generated `source`, with a flow that may be a single name, and with `output.expect` naming the JSON
 * Schemas that the generator compiles into the runtime's shape.
 */
export interface ProviderFile extends Omit<ProviderSpec, "tasks" | "source"> {
  id: string;
  tasks: Record<string, ProviderTaskFile>;
}

export interface ProviderTaskFile extends Omit<TaskSpec, "flow" | "output"> {
  flow?: string | string[];
  output?: Omit<OutputSpec, "expect"> & { expect?: ExpectFile };
}

/** A definition's name (`Name[]`: an array of it), or a list of names: the answer matches one of them. */
export type ExpectFile = string | string[];

/** A test of a model record (schemas/local-app-registry.schema.json#/$defs/condition): exactly one key. */
export type LocalAppCondition =
  | { tags: string[] }
  | { pipeline: string[] }
  | { library: string[] }
  | { quantMethod: string[] }
  | { set: string }
  | { chatTemplateContains: string }
  | { rule: string }
  | { allOf: LocalAppCondition[] }
  | { anyOf: LocalAppCondition[] }
  | { not: LocalAppCondition };

/** A copyable block of a tab: a template name (a shell command) or one with its language and condition. */
export type LocalAppBlockFile =
  string | { template: string; language?: "sh" | "json"; when?: LocalAppCondition };

export interface LocalAppTabFile {
  title: string;
  when?: LocalAppCondition;
  setup?: string;
  content: LocalAppBlockFile[];
}

export interface LocalAppDeeplinkFile {
  when?: LocalAppCondition;
  url: string;
  path?: "id";
  query?: Record<string, "id" | "file">;
}

export interface LocalAppFile {
  id: string;
  prettyLabel: string;
  docsUrl: string;
  mainTask: "text-generation" | "text-to-image";
  macOSOnly?: true;
  display: LocalAppCondition;
  snippet?: { text: string } | { tabs: (LocalAppTabFile | { shared: string })[] };
  deeplink?: LocalAppDeeplinkFile[];
}

export interface LocalAppRegistryFile {
  order: string[];
  rules: Record<string, LocalAppCondition>;
  requests: { completion: Record<string, unknown>; greeting: Record<string, unknown>[] };
  sharedTabs?: Record<string, LocalAppTabFile[]>;
}
