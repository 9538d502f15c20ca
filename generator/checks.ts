/** Checks that span files: ids vs file names, references between records, orders and enumerations. */
import type { Catalogue } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import { fileStem, type YamlSource } from "./load.js";
import { localAppChecks } from "./local-app-checks.js";
import { providerChecks } from "./provider-checks.js";
import { snippetExampleChecks } from "./snippet-example-checks.js";
import { taskSpecChecks } from "./task-spec-checks.js";

export function crossCheck(catalogue: Catalogue): Diagnostic[] {
  const { tasks, libraries } = catalogue;
  const taskIds = new Set(tasks.map((t) => t.data.id));
  const libraryIds = new Set(libraries.map((l) => l.data.id));
  return [
    ...idsMatchFileNames(tasks),
    ...idsMatchFileNames(libraries),
    ...references(
      tasks,
      "/detail/canonicalId",
      (t) => (t.data.detail?.canonicalId ? [t.data.detail.canonicalId] : []),
      taskIds,
      "task",
    ),
    ...tasks.flatMap((t) =>
      t.data.detail?.canonicalId === t.data.id
        ? [
            diagnostic(
              t,
              "/detail/canonicalId",
              `/detail/canonicalId points at the task itself; name another task or remove it`,
            ),
          ]
        : [],
    ),
    ...tasks.flatMap((t) =>
      t.data.snippet?.hubClients?.length && !t.data.client
        ? [
            diagnostic(
              t,
              "/snippet/hubClients",
              `/snippet/hubClients lists hub clients, but the task has no client block: they would have no method to call`,
              "catalogue/hub-client-method",
            ),
          ]
        : [],
    ),
    ...references(tasks, "/detail/libraries", (t) => t.data.detail?.libraries ?? [], libraryIds, "library"),
    ...references(libraries, "/tasks", (l) => l.data.tasks ?? [], taskIds, "task"),
    ...libraryAliases(catalogue, libraryIds),
    ...pipelineOrder(catalogue, taskIds),
    ...modalities(catalogue),
    ...quantization(catalogue),
    ...idsMatchFileNames(catalogue.providers),
    ...providerChecks(catalogue, taskIds),
    ...idsMatchFileNames(catalogue.localApps),
    ...localAppChecks(catalogue),
    ...taskSpecChecks(catalogue),
    ...snippetExampleChecks(catalogue),
  ];
}

function diagnostic(
  source: YamlSource,
  pointer: string,
  message: string,
  rule = "catalogue/cross-check",
): Diagnostic {
  return { file: source.file, ...source.locate(pointer), message, rule };
}

/** The file name is the public id; two files may not claim the same id. */
function idsMatchFileNames(sources: YamlSource<{ id: string }>[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const named = (source: YamlSource<{ id: string }>) => source.data.id === fileStem(source.file);
  // The file named after an id owns it, so a copy is the one reported, whatever the order of the file names.
  const owner = new Map<string, string>();
  for (const source of [...sources.filter(named), ...sources.filter((s) => !named(s))]) {
    const { id } = source.data;
    const other = owner.get(id);
    if (other)
      out.push(diagnostic(source, "/id", `/id "${id}" is already the id of ${other}`, "catalogue/unique-id"));
    else owner.set(id, source.file);
  }
  for (const source of sources.filter((s) => !named(s))) {
    const expected = fileStem(source.file);
    out.push(
      diagnostic(
        source,
        "/id",
        `/id "${source.data.id}" must equal the file name "${expected}"`,
        "catalogue/id-is-file-name",
      ),
    );
  }
  return out;
}

/** Each value listed at `pointer` (a string, or a list of strings) must be a known id. */
function references<T>(
  sources: YamlSource<T>[],
  pointer: string,
  values: (source: YamlSource<T>) => string[],
  known: Set<string>,
  what: "task" | "library",
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const source of sources) {
    const list = values(source);
    const isList = Array.isArray(pointerValue(source.data, pointer));
    list.forEach((value, i) => {
      if (!known.has(value))
        out.push(unknownReference(source, isList ? `${pointer}/${i}` : pointer, value, known, what));
    });
  }
  return out;
}

const FOLDER_OF = { task: "tasks", library: "libraries", provider: "providers" } as const;

/** `value`, at `at` in `source`, names no file of the catalogue's folder of `what`s. */
function unknownReference(
  source: YamlSource,
  at: string,
  value: string,
  known: Set<string>,
  what: keyof typeof FOLDER_OF,
): Diagnostic {
  const guess = closest(value, known);
  return {
    ...diagnostic(
      source,
      at,
      `${at} "${value}" is not a known ${what}${guess ? `; did you mean "${guess}"?` : ""}`,
      `catalogue/known-${what}`,
    ),
    tip: `${FOLDER_OF[what]} are the files in catalogue/${FOLDER_OF[what]}/`,
  };
}

/**
 * A renamed library lists its former keys in /aliases. An alias is not a library key (the old file is gone, or two
 * records would answer to one name) and belongs to one library only.
 */
function libraryAliases({ libraries }: Catalogue, libraryIds: Set<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const owner = new Map<string, string>();
  for (const source of libraries) {
    (source.data.aliases ?? []).forEach((alias, i) => {
      const at = `/aliases/${i}`;
      const other = owner.get(alias);
      if (alias === source.data.id) {
        out.push(
          diagnostic(
            source,
            at,
            `${at} "${alias}" is this library's own key; list only former keys`,
            "catalogue/library-alias",
          ),
        );
      } else if (libraryIds.has(alias)) {
        out.push({
          ...diagnostic(
            source,
            at,
            `${at} "${alias}" is still a library (catalogue/libraries/${alias}.yaml); a former key has no file of its own`,
            "catalogue/library-alias",
          ),
          tip: `when renaming ${alias} to ${source.data.id}, delete catalogue/libraries/${alias}.yaml and templates/libraries/${alias}/`,
        });
      } else if (other) {
        out.push(
          diagnostic(
            source,
            at,
            `${at} "${alias}" is already an alias of ${other}`,
            "catalogue/library-alias",
          ),
        );
      } else owner.set(alias, source.file);
    });
  }
  return out;
}

function pointerValue(data: unknown, pointer: string): unknown {
  return pointer
    .slice(1)
    .split("/")
    .reduce<unknown>(
      (v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined),
      data,
    );
}

function pipelineOrder({ pipelineOrder: order, tasks }: Catalogue, taskIds: Set<string>): Diagnostic[] {
  const listed = new Set(order.data.order);
  const unknown = order.data.order.flatMap((id, i) =>
    taskIds.has(id)
      ? []
      : [diagnostic(order, `/order/${i}`, `/order/${i} "${id}" has no file catalogue/tasks/${id}.yaml`)],
  );
  const missing = tasks
    .filter((t) => !listed.has(t.data.id))
    .map((t) =>
      diagnostic(
        t,
        "/id",
        `task "${t.data.id}" is not listed in catalogue/pipeline-order.yaml; add it where it should appear`,
      ),
    );
  return [...unknown, ...missing];
}

/** catalogue/modalities.yaml (labels, order) and the task schema's enum must name the same modalities. */
function modalities({ modalities: file, schemas }: Catalogue): Diagnostic[] {
  const taskSchema = schemas.documents.get("task.schema.json") as {
    properties: { modality: { enum: string[] } };
  };
  const allowed = taskSchema.properties.modality.enum;
  const listed = file.data.modalities.map((m) => m.id);
  const out = listed.flatMap((id, i) =>
    allowed.includes(id)
      ? []
      : [
          diagnostic(
            file,
            `/modalities/${i}/id`,
            `/modalities/${i}/id "${id}" is not in task.schema.json's modality enum (${allowed.join(", ")})`,
          ),
        ],
  );
  for (const id of allowed) {
    if (!listed.includes(id))
      out.push(diagnostic(file, "/modalities", `modality "${id}" of task.schema.json has no entry here`));
  }
  return out;
}

function quantization({ quantization: file }: Catalogue): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const map of ["fileTypes", "tensorTypes"] as const) {
    const byValue = new Map<number, string>();
    for (const [name, value] of Object.entries(file.data[map])) {
      const other = byValue.get(value);
      if (other !== undefined)
        out.push(
          diagnostic(file, `/${map}/${name}`, `/${map}/${name} has value ${value}, already used by ${other}`),
        );
      else byValue.set(value, name);
    }
  }
  file.data.order.forEach((name, i) => {
    if (!(name in file.data.fileTypes))
      out.push(diagnostic(file, `/order/${i}`, `/order/${i} "${name}" is not one of fileTypes`));
  });
  const ordered = new Set(file.data.order);
  for (const name of Object.keys(file.data.fileTypes)) {
    if (!ordered.has(name))
      out.push(
        diagnostic(
          file,
          `/fileTypes/${name}`,
          `file type ${name} is not in /order; add it where its size puts it`,
        ),
      );
  }
  (file.data.fileNameLabels ?? []).forEach((name, i) => {
    if (name in file.data.fileTypes) {
      out.push(
        diagnostic(
          file,
          `/fileNameLabels/${i}`,
          `/fileNameLabels/${i} "${name}" is a file type already; list only labels that are not`,
        ),
      );
    }
  });
  return out;
}
