/**
 * Checks between library files, their templates and the sample records: every template a library names
 * exists, every folder of templates/libraries/ is a known library, every template is used, derive
 * functions exist, paths start at `model` or a derived value; sample names equal their file names.
 */
import * as derive from "../src/snippets/libraries/derive.js";
import type { Catalogue, DataPath, SnippetCondition, SnippetEntry } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import { fileStem } from "./load.js";
import type { Templates } from "./template-files.js";

export function libraryTemplateChecks(catalogue: Catalogue, templates: Templates): Diagnostic[] {
  const { byLibrary, diagnostics } = templateFolders(catalogue, templates);
  const functions = new Set(Object.keys(derive));
  const tasksOf = new Map(catalogue.libraries.map((l) => [l.data.id, l.data.tasks]));
  const libraryIds = new Set(tasksOf.keys());
  for (const source of catalogue.libraries) {
    const available = byLibrary.get(source.data.id) ?? new Set<string>();
    const used = new Set<string>();
    diagnostics.push(...snippetEntryChecks(source, { available, used, tasksOf, libraryIds }));
    diagnostics.push(...deriveChecks(source, functions));
    diagnostics.push(...unusedTemplates(source, available, used));
  }
  diagnostics.push(...sampleChecks(catalogue));
  return diagnostics;
}

type LibrarySource = Catalogue["libraries"][number];

const at = (
  source: LibrarySource,
  pointer: string,
  message: string,
  rule: string,
  tip?: string,
): Diagnostic => ({ file: source.file, ...source.locate(pointer), message, rule, ...(tip ? { tip } : {}) });

const didYouMean = (value: string, known: Iterable<string>) => {
  const guess = closest(value, known);
  return guess ? `; did you mean "${guess}"?` : "";
};

/** The templates of each library folder; a folder that names no library is an error. */
function templateFolders(catalogue: Catalogue, templates: Templates) {
  const diagnostics: Diagnostic[] = [];
  const libraryIds = new Set(catalogue.libraries.map((l) => l.data.id));
  const byLibrary = new Map<string, Set<string>>();
  for (const t of templates.libraries) {
    const [library, name] = t.key.split("/");
    if (!libraryIds.has(library)) {
      diagnostics.push({
        file: t.file,
        line: 1,
        col: 1,
        message: `templates/libraries/${library}/ does not name a known library${didYouMean(library, libraryIds)}`,
        rule: "templates/known-library",
        tip: "libraries are the files in catalogue/libraries/",
      });
      continue;
    }
    if (!byLibrary.has(library)) byLibrary.set(library, new Set());
    byLibrary.get(library)!.add(name);
  }
  return { byLibrary, diagnostics };
}

interface EntryContext {
  /** The library's template names. */
  available: Set<string>;
  /** Filled with the template names the library's entries name. */
  used: Set<string>;
  tasksOf: Map<string, string[] | undefined>;
  libraryIds: Set<string>;
}

/** Each snippet entry: its template exists, its paths resolve, its libraryTask condition names one task list. */
function snippetEntryChecks(source: LibrarySource, ctx: EntryContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const firstTaskSource: { value?: true | string } = {};
  const check = (entry: SnippetEntry, pointer: string) => {
    ctx.used.add(entry.template);
    if (!ctx.available.has(entry.template)) {
      const message = `${pointer}/template "${entry.template}" has no file templates/libraries/${source.data.id}/${entry.template}.hbs${didYouMean(entry.template, ctx.available)}`;
      out.push(at(source, `${pointer}/template`, message, "libraries/template-exists"));
    }
    const paths: [string, DataPath][] = [
      ...(entry.each ? [["each", entry.each] as [string, DataPath]] : []),
      ...(entry.when
        ? conditionPaths(entry.when).map(([key, path]): [string, DataPath] => [`when/${key}`, path])
        : []),
    ];
    for (const [key, path] of paths) out.push(...pathCheck(source, path, `${pointer}/${key}`));
    out.push(...libraryTaskCheck(source, entry, pointer, ctx, firstTaskSource));
  };
  (source.data.snippets ?? []).forEach((item, i) => {
    if ("oneOf" in item) item.oneOf.forEach((entry, j) => check(entry, `/snippets/${i}/oneOf/${j}`));
    else check(item, `/snippets/${i}`);
  });
  return out;
}

/** A path starts at `model` or names a value the library derives. */
function pathCheck(source: LibrarySource, path: DataPath, pointer: string): Diagnostic[] {
  const derived = Object.keys(source.data.derive ?? {});
  if (path.split(".")[0] === "model" || derived.includes(path.split(".")[0])) return [];
  const message = `${pointer} "${path}" must start with model. or name a derived value (${derived.join(", ") || "none declared"})`;
  return [at(source, pointer, message, "libraries/known-path")];
}

/** when.libraryTask names a library with a /tasks list (true: this one's), the same one in every entry. */
function libraryTaskCheck(
  source: LibrarySource,
  entry: SnippetEntry,
  pointer: string,
  ctx: EntryContext,
  first: { value?: true | string },
): Diagnostic[] {
  const taskSource = entry.when?.libraryTask;
  if (taskSource === undefined) return [];
  const here = `${pointer}/when/libraryTask`;
  const problem = (message: string) => [at(source, here, message, "libraries/library-task")];
  if (first.value === undefined) first.value = taskSource;
  else if (taskSource !== first.value)
    return problem(`${here} must name the same task list as the library's other libraryTask conditions`);
  if (taskSource === true)
    return source.data.tasks ? [] : problem(`${here} needs the library's own /tasks list`);
  if (ctx.tasksOf.get(taskSource)) return [];
  return problem(
    ctx.tasksOf.has(taskSource)
      ? `${here} "${taskSource}" names a library without a /tasks list`
      : `${here} "${taskSource}" is not a known library${didYouMean(taskSource, ctx.libraryIds)}`,
  );
}

/** Derived values: a function derive.ts exports, reading the record. */
function deriveChecks(source: LibrarySource, functions: Set<string>): Diagnostic[] {
  return Object.entries(source.data.derive ?? {}).flatMap(([name, rule]) => {
    const out: Diagnostic[] = [];
    if ("function" in rule && !functions.has(rule.function)) {
      const message = `/derive/${name}/function "${rule.function}" is not exported by src/snippets/libraries/derive.ts${didYouMean(rule.function, functions)}`;
      out.push(at(source, `/derive/${name}/function`, message, "libraries/derive-function"));
    }
    const from = "from" in rule ? rule.from : "identifier" in rule ? rule.identifier : undefined;
    if (from !== undefined && from.split(".")[0] !== "model") {
      const message = `/derive/${name} reads "${from}"; derived values read the record: model.<field>...`;
      out.push(at(source, `/derive/${name}`, message, "libraries/known-path"));
    }
    return out;
  });
}

/** Every template of the library's folder is named by one of its entries. */
function unusedTemplates(source: LibrarySource, available: Set<string>, used: Set<string>): Diagnostic[] {
  return [...available]
    .filter((name) => !used.has(name))
    .map((name) => ({
      file: `templates/libraries/${source.data.id}/${name}.hbs`,
      line: 1,
      col: 1,
      message: `template "${name}" is not named by ${source.file} /snippets; declare it or delete it`,
      rule: "libraries/template-used",
    }));
}

/** Sample names equal their file names; a sample's library is known (a former key counts, see /aliases). */
function sampleChecks(catalogue: Catalogue): Diagnostic[] {
  const current = new Map(
    catalogue.libraries.flatMap((l) =>
      [l.data.id, ...(l.data.aliases ?? [])].map((name) => [name, l.data.id]),
    ),
  );
  return catalogue.samples.flatMap((sample) => {
    const out: Diagnostic[] = [];
    const expected = fileStem(sample.file);
    if (sample.data.name !== expected) {
      const message = `/name "${sample.data.name}" must equal the file name "${expected}"`;
      out.push({ file: sample.file, ...sample.locate("/name"), message, rule: "catalogue/id-is-file-name" });
    }
    const lib = sample.data.library_name;
    if (typeof lib === "string" && !current.has(lib)) {
      const near = closest(lib, current.keys());
      const guess = near && current.get(near);
      const message = `/library_name "${lib}" is not a known library${guess ? `; did you mean "${guess}"?` : ""}`;
      out.push({
        file: sample.file,
        ...sample.locate("/library_name"),
        message,
        rule: "catalogue/known-library",
      });
    }
    return out;
  });
}

function conditionPaths(when: SnippetCondition): [string, DataPath][] {
  return [
    ...(when.set ?? []).map((p, i): [string, DataPath] => [`set/${i}`, p]),
    ...(when.unset ?? []).map((p, i): [string, DataPath] => [`unset/${i}`, p]),
    ...(when.listHas ? [["listHas/list", when.listHas.list] as [string, DataPath]] : []),
  ];
}
