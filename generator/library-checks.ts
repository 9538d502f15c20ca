/**
 * Checks between library files, their templates and the sample records: every template a library names
 * exists, every folder of templates/libraries/ is a known library, every template is used, derive
 * functions exist, paths start at `model` or a derived value; sample names equal their file names.
 */
import { basename } from "node:path";
import * as derive from "../src/snippets/libraries/derive.js";
import type { Catalogue, DataPath, SnippetCondition, SnippetEntry } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { Templates } from "./templates.js";

export function libraryTemplateChecks(catalogue: Catalogue, templates: Templates): Diagnostic[] {
  const out: Diagnostic[] = [];
  const libraryIds = new Set(catalogue.libraries.map((l) => l.data.id));
  const byLibrary = new Map<string, Set<string>>();
  for (const t of templates.libraries) {
    const [library, name] = t.key.split("/");
    if (!libraryIds.has(library)) {
      const guess = closest(library, libraryIds);
      out.push({
        file: t.file,
        line: 1,
        col: 1,
        message: `templates/libraries/${library}/ does not name a known library${guess ? `; did you mean "${guess}"?` : ""}`,
        rule: "templates/known-library",
        tip: "libraries are the files in catalogue/libraries/",
      });
      continue;
    }
    if (!byLibrary.has(library)) byLibrary.set(library, new Set());
    byLibrary.get(library)!.add(name);
  }

  const functions = new Set(Object.keys(derive));
  const tasksOf = new Map(catalogue.libraries.map((l) => [l.data.id, l.data.tasks]));
  for (const source of catalogue.libraries) {
    const library = source.data;
    const at = (pointer: string, message: string, rule: string, tip?: string): Diagnostic => ({
      file: source.file,
      ...source.locate(pointer),
      message,
      rule,
      ...(tip ? { tip } : {}),
    });
    const available = byLibrary.get(library.id) ?? new Set<string>();
    let firstTaskSource: true | string | undefined;
    const used = new Set<string>();
    const derived = new Set(Object.keys(library.derive ?? {}));
    const checkPath = (path: DataPath, pointer: string) => {
      const head = path.split(".")[0];
      if (head !== "model" && !derived.has(head)) {
        out.push(
          at(
            pointer,
            `${pointer} "${path}" must start with model. or name a derived value (${[...derived].join(", ") || "none declared"})`,
            "libraries/known-path",
          ),
        );
      }
    };
    const checkEntry = (entry: SnippetEntry, pointer: string) => {
      used.add(entry.template);
      if (!available.has(entry.template)) {
        const guess = closest(entry.template, available);
        out.push(
          at(
            `${pointer}/template`,
            `${pointer}/template "${entry.template}" has no file templates/libraries/${library.id}/${entry.template}.hbs${guess ? `; did you mean "${guess}"?` : ""}`,
            "libraries/template-exists",
          ),
        );
      }
      if (entry.each) checkPath(entry.each, `${pointer}/each`);
      const taskSource = entry.when?.libraryTask;
      if (taskSource === true && !library.tasks) {
        out.push(
          at(
            `${pointer}/when/libraryTask`,
            `${pointer}/when/libraryTask needs the library's own /tasks list`,
            "libraries/library-task",
          ),
        );
      } else if (typeof taskSource === "string" && !tasksOf.get(taskSource)) {
        const known = tasksOf.has(taskSource);
        const guess = known ? undefined : closest(taskSource, libraryIds);
        out.push(
          at(
            `${pointer}/when/libraryTask`,
            known
              ? `${pointer}/when/libraryTask "${taskSource}" names a library without a /tasks list`
              : `${pointer}/when/libraryTask "${taskSource}" is not a known library${guess ? `; did you mean "${guess}"?` : ""}`,
            "libraries/library-task",
          ),
        );
      }
      if (taskSource !== undefined) {
        if (firstTaskSource === undefined) firstTaskSource = taskSource;
        else if (taskSource !== firstTaskSource) {
          out.push(
            at(
              `${pointer}/when/libraryTask`,
              `${pointer}/when/libraryTask must name the same task list as the library's other libraryTask conditions`,
              "libraries/library-task",
            ),
          );
        }
      }
      if (entry.when)
        conditionPaths(entry.when).forEach(([key, path]) => checkPath(path, `${pointer}/when/${key}`));
    };
    (library.snippets ?? []).forEach((item, i) => {
      if ("oneOf" in item) item.oneOf.forEach((entry, j) => checkEntry(entry, `/snippets/${i}/oneOf/${j}`));
      else checkEntry(item, `/snippets/${i}`);
    });
    for (const [name, rule] of Object.entries(library.derive ?? {})) {
      if ("function" in rule && !functions.has(rule.function)) {
        const guess = closest(rule.function, functions);
        out.push(
          at(
            `/derive/${name}/function`,
            `/derive/${name}/function "${rule.function}" is not exported by src/snippets/libraries/derive.ts${guess ? `; did you mean "${guess}"?` : ""}`,
            "libraries/derive-function",
          ),
        );
      }
      const from = "from" in rule ? rule.from : "identifier" in rule ? rule.identifier : undefined;
      if (from !== undefined && from.split(".")[0] !== "model") {
        out.push(
          at(
            `/derive/${name}`,
            `/derive/${name} reads "${from}"; derived values read the record: model.<field>...`,
            "libraries/known-path",
          ),
        );
      }
    }
    for (const name of available) {
      if (!used.has(name)) {
        out.push({
          file: `templates/libraries/${library.id}/${name}.hbs`,
          line: 1,
          col: 1,
          message: `template "${name}" is not named by ${source.file} /snippets; declare it or delete it`,
          rule: "libraries/template-used",
        });
      }
    }
  }

  // A record may still name a library by a former key (see /aliases); a suggestion names the current key.
  const current = new Map(
    catalogue.libraries.flatMap((l) =>
      [l.data.id, ...(l.data.aliases ?? [])].map((name) => [name, l.data.id]),
    ),
  );
  for (const sample of catalogue.samples) {
    const expected = basename(sample.file, ".yaml");
    if (sample.data.name !== expected) {
      out.push({
        file: sample.file,
        ...sample.locate("/name"),
        message: `/name "${sample.data.name}" must equal the file name "${expected}"`,
        rule: "catalogue/id-is-file-name",
      });
    }
    const lib = sample.data.library_name;
    if (typeof lib === "string" && !current.has(lib)) {
      const near = closest(lib, current.keys());
      const guess = near && current.get(near);
      out.push({
        file: sample.file,
        ...sample.locate("/library_name"),
        message: `/library_name "${lib}" is not a known library${guess ? `; did you mean "${guess}"?` : ""}`,
        rule: "catalogue/known-library",
      });
    }
  }
  return out;
}

function conditionPaths(when: SnippetCondition): [string, DataPath][] {
  return [
    ...(when.set ?? []).map((p, i): [string, DataPath] => [`set/${i}`, p]),
    ...(when.unset ?? []).map((p, i): [string, DataPath] => [`unset/${i}`, p]),
    ...(when.listHas ? [["listHas/list", when.listHas.list] as [string, DataPath]] : []),
  ];
}
