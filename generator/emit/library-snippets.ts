/**
 * Emits src/generated/library-snippets.gen.ts: for every library that declares `snippets`, a function
 * model -> string[] (and one -> {template, language, content}[]) with the library's `when` conditions and
 * `derive` rules compiled to plain JavaScript, calling the compiled templates of library-templates.gen.ts.
 * Each template is given the model and the derived values it reads, computed where the call is made: a
 * derived value is computed only when a template that prints it runs, and at most once per call (once at the
 * top when a condition reads it), as a hand-written snippet function would.
 */
import type {
  Catalogue,
  DataPath,
  DeriveRule,
  LibraryFile,
  SnippetCondition,
  SnippetEntry,
} from "../catalogue-types.js";
import type { Templates } from "../template-files.js";
import type { KnownNames } from "../templating/compile.js";
import { isIdentifier } from "../../src/templating/helpers.js";
import { header, type EmittedFile } from "./common.js";

export function emitLibrarySnippets(catalogue: Catalogue, templates: Templates): EmittedFile {
  const code = libraryCoder(catalogue, templates);
  const parts: string[] = [];
  const table: string[] = [];
  catalogue.libraries.forEach((library, n) => {
    if (!library.data.snippets) return;
    parts.push(code(library, `L${n}`));
    table.push(`  ${JSON.stringify(library.data.id)}: L${n},\n`);
  });
  const content = `${header("catalogue/libraries/*.yaml (snippets, derive)")}
import { LIBRARY_TEMPLATES as T } from "./library-templates.gen.js";
import * as F from "../snippets/libraries/derive.js";
import { EMPTY, firstTagValue, has, identifierOrUndefined, list } from "../snippets/libraries/support.js";
import type { ModelData } from "../tasks/model-data.js";
import type { LibrarySnippet } from "../snippets/libraries/types.js";

/** Compiled templates by "<library>/<template name>" (library-templates.gen.ts, or a table with one replaced). */
type TemplateTable = Record<string, (data: any) => string>;

${parts.join("\n")}
/**
 * Per library key: its snippet functions over a template table. The viewer previews an edited template by
 * passing a table in which that template is replaced.
 */
export const LIBRARY_SNIPPET_BUILDERS = {
${table.join("")}} as const;

/** Per library key: snippets(model) -> string[], describe(model) -> {template, language, content}[]. */
export const LIBRARY_SNIPPETS = {
${table.map((line) => line.replace(/,\n$/, "(T),\n")).join("")}} as const;
`;
  return { name: "library-snippets.gen.ts", content };
}

/**
 * The code of one library's builder, `function <name>(T: TemplateTable) { ... }` over the names the generated
 * file imports (F, the support functions): the generated file holds one per library, and the viewer previews an
 * edited library file with it.
 */
export function libraryCoder(
  { libraries }: Catalogue,
  templates: Templates,
): (library: Catalogue["libraries"][number], name: string) => string {
  const reads = new Map(templates.libraries.map((t) => [t.key, t.reads]));
  const tasksOf = new Map(libraries.map(({ data }) => [data.id, data.tasks ?? []]));
  return ({ file, data }, name) =>
    libraryCode(data, name, file, tasksOf, (template) => reads.get(`${data.id}/${template}`));
}

/**
 * What a library's templates can be compiled knowing of their data (see CompileOptions): the names they never
 * get, the values other libraries derive and it does not (the partials libraries share test them, e.g.
 * pruna-ai's prunaModel in the diffusers snippets); the names that are always identifiers, its derived
 * values looked up in a table whose entries and default are all names (pruna-ai's prunaModel); and those that
 * are identifiers when set (an `identifier` rule, a table of names without default: transformers' autoModel).
 */
export function librarySpecialisation({ libraries }: Catalogue): (library: string) => KnownNames {
  const derivedAnywhere = new Set(libraries.flatMap(({ data }) => Object.keys(data.derive ?? {})));
  const deriveOf = new Map(libraries.map(({ data }) => [data.id, data.derive ?? {}]));
  return (library) => {
    const own = deriveOf.get(library) ?? {};
    return {
      missingNames: new Set([...derivedAnywhere].filter((name) => !Object.hasOwn(own, name))),
      identifierNames: new Set(Object.keys(own).filter((name) => identifierRule(own[name]) === "always")),
      optionalIdentifierNames: new Set(
        Object.keys(own).filter((name) => identifierRule(own[name]) === "optional"),
      ),
    };
  };
}

/**
 * Whether a derive rule gives an identifier: "always" for a table lookup whose entries and default are all
 * names or an `identifier` rule with a default, "optional" (a name or undefined) for an `identifier` rule or
 * such a table without default.
 */
function identifierRule(rule: DeriveRule): "always" | "optional" | undefined {
  if ("identifier" in rule) return rule.default === undefined ? "optional" : "always";
  if (!("firstTag" in rule || "table" in rule)) return undefined;
  if (!Object.values("firstTag" in rule ? rule.firstTag : rule.table).every(isIdentifier)) return undefined;
  return rule.default === undefined ? "optional" : isIdentifier(rule.default) ? "always" : undefined;
}

/** Every template a library's snippets name, flattened from single entries and oneOf groups. */
export function snippetEntries(library: LibraryFile): SnippetEntry[] {
  return (library.snippets ?? []).flatMap((item) => ("oneOf" in item ? item.oneOf : [item]));
}

/** Names a derived value cannot have as a local variable: JS reserved words and the names the code uses. */
const TAKEN = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if implements import in instanceof interface let new null package private protected public return " +
    "static super switch this throw true try typeof var void while with yield await arguments eval " +
    "m out tags item T F EMPTY has list firstTagValue identifierOrUndefined"
  ).split(" "),
);

type Push = (entry: SnippetEntry, data: string) => string;
type EntryData = (entry: SnippetEntry, item?: string) => string;

function libraryCode(
  library: LibraryFile,
  name: string,
  file: string,
  tasksOf: Map<string, string[]>,
  reads: (template: string) => string[] | undefined,
): string {
  const templates = [...new Set(snippetEntries(library).map((e) => e.template))];
  const tvar = (template: string) => `${name}_t${templates.indexOf(template)}`;
  const consts = templates
    .map((t) => `const ${tvar(t)} = T[${JSON.stringify(`${library.id}/${t}`)}];\n`)
    .join("");
  const tables: string[] = [];
  const tasksSet = `${name}_tasks`;
  // `libraryTask: true` reads the library's own tasks, `libraryTask: <key>` another library's (one source
  // per library, checked by the generator).
  const taskSource = snippetEntries(library).find((e) => e.when?.libraryTask)?.when?.libraryTask;
  if (taskSource !== undefined) {
    const tasks = taskSource === true ? (library.tasks ?? []) : (tasksOf.get(taskSource) ?? []);
    tables.push(`const ${tasksSet} = new Set<string>(${JSON.stringify(tasks)});\n`);
  }
  const local = (key: string) => (TAKEN.has(key) ? `${key}_` : key);
  const { top, data } = derivedValues(library, name, tables, local, reads);
  const items = library.snippets ?? [];
  const unconditional = items.every((item) => !("oneOf" in item) && !item.when && !item.each);
  const usesTags = snippetEntries(library).some(
    (e) => e.when?.tags || e.when?.notTags || e.when?.listHas?.list === "model.tags",
  );
  const fn = (suffix: string, type: string, push: Push) => {
    const head = `function ${name}_${suffix}(m: ModelData): ${type}[] {\n${top}`;
    if (unconditional) {
      return `${head}  return [${items.map((e) => push(e as SnippetEntry, data(e as SnippetEntry))).join(", ")}];\n}\n`;
    }
    const tags = usesTags ? "  const tags = Array.isArray(m.tags) ? m.tags : EMPTY;\n" : "";
    return `${head}${tags}  const out: ${type}[] = [];\n${itemsCode(library, push, tasksSet, data, local)}  return out;\n}\n`;
  };
  return (
    `// ${library.id} (${file})\nfunction ${name}(T: TemplateTable) {\n${consts}${tables.join("")}` +
    fn("snippets", "string", (e, d) => `${tvar(e.template)}(${d})`) +
    fn(
      "describe",
      "LibrarySnippet",
      (e, d) =>
        `{ template: ${JSON.stringify(e.template)}, language: ${JSON.stringify(e.language ?? "python")}, content: ${tvar(e.template)}(${d}) }`,
    ) +
    `return { snippets: ${name}_snippets, describe: ${name}_describe };\n}\n`
  );
}

/**
 * The derived values of a library: the locals at the top of a snippets() call, and the data object each template
 * call is given. Values the conditions read are locals computed once at the top; the others are computed in the
 * template call that reads them, and one that more than one template call of a snippets() call may read
 * (templates of two items, or an `each` item) is kept in a variable the first time it is computed: once per call,
 * and not at all when no template that reads it runs.
 */
function derivedValues(
  library: LibraryFile,
  name: string,
  tables: string[],
  local: (key: string) => string,
  reads: (template: string) => string[] | undefined,
): { top: string; data: EntryData } {
  const rules = Object.entries(library.derive ?? {});
  const derived = new Map(
    rules.map(([key, rule], i) => [key, deriveCode(rule, `${name}_m${i}`, tables, local)]),
  );
  const locals = rules
    .map(([key]) => key)
    .filter((key) => conditionPaths(library).some((p) => p.split(".")[0] === key));
  const readBy = (entry: SnippetEntry, key: string) => reads(entry.template)?.includes(key) ?? true;
  // How many template calls of one snippets() call may read `key` (an `each` entry counts as several).
  const calls = (key: string) =>
    (library.snippets ?? []).reduce((n, item) => {
      const entries = "oneOf" in item ? item.oneOf : [item];
      return n + Math.max(...entries.map((e) => (readBy(e, key) ? (e.each ? 2 : 1) : 0)));
    }, 0);
  const once = rules.map(([key]) => key).filter((key) => !locals.includes(key) && calls(key) > 1);
  const top =
    locals.map((key) => `  const ${local(key)} = ${derived.get(key)};\n`).join("") +
    once.map((key) => `  let ${local(key)}: unknown;\n`).join("");
  const data: EntryData = (entry, item = "") => {
    const read = reads(entry.template);
    const keys = [...derived.keys()].filter((k) => read === undefined || read.includes(k));
    const values = keys.map((k) => {
      if (locals.includes(k)) return local(k) === k ? k : `${k}: ${local(k)}`;
      if (once.includes(k)) return `${k}: (${local(k)} ??= ${derived.get(k)})`;
      return `${k}: ${derived.get(k)}`;
    });
    return `{ ${["model: m", ...values, ...(item ? [item] : [])].join(", ")} }`;
  };
  return { top, data };
}

/** The statements that push a library's snippets: an entry each, a `oneOf` group as an if / else chain. */
function itemsCode(
  library: LibraryFile,
  push: Push,
  tasksSet: string,
  data: EntryData,
  local: (key: string) => string,
): string {
  return (library.snippets ?? [])
    .map((item) => {
      if (!("oneOf" in item)) return entryCode(item, push, "  ", tasksSet, data, local);
      const conditions = item.oneOf.map((e) => (e.when ? conditionParts(e.when, tasksSet, local) : []));
      // A test every alternative makes (pruna-ai's diffusers tag) is made once, around the group: when it
      // fails, no alternative holds.
      const shared = conditions[0].filter((part) => conditions.every((parts) => parts.includes(part)));
      const pad = shared.length ? "    " : "  ";
      const chain = item.oneOf
        .map((entry, i) => {
          const cond = conditions[i].filter((part) => !shared.includes(part)).join(" && ") || "true";
          const keyword = i === 0 ? "if" : cond === "true" ? "else" : "else if";
          const test = keyword === "else" ? "" : ` (${cond})`;
          const code = entryCode({ ...entry, when: undefined }, push, `${pad}  `, tasksSet, data, local);
          return `${i === 0 ? pad : " "}${keyword}${test} {\n${code}${pad}}`;
        })
        .join("");
      return shared.length ? `  if (${shared.join(" && ")}) {\n${chain}\n  }\n` : `${chain}\n`;
    })
    .join("");
}

/** The data paths a library's `when` conditions and `each` lists read. */
function conditionPaths(library: LibraryFile): DataPath[] {
  return snippetEntries(library).flatMap((e) => [
    ...(e.when?.set ?? []),
    ...(e.when?.unset ?? []),
    ...(e.when?.listHas ? [e.when.listHas.list] : []),
    ...(e.each ? [e.each] : []),
  ]);
}

function entryCode(
  entry: SnippetEntry,
  push: Push,
  pad: string,
  tasksSet: string,
  data: EntryData,
  local: (key: string) => string,
): string {
  const line = entry.each
    ? `${pad}for (const item of list(${pathCode(entry.each, local)})) out.push(${push(entry, data(entry, "item"))});\n`
    : `${pad}out.push(${push(entry, data(entry))});\n`;
  if (!entry.when) return line;
  return `${pad}if (${conditionCode(entry.when, tasksSet, local)}) {\n${line.replace(/^/, "  ")}${pad}}\n`;
}

function deriveCode(
  rule: DeriveRule,
  tableName: string,
  tables: string[],
  local: (key: string) => string,
): string {
  if ("function" in rule) return `F.${rule.function}(m)`;
  if ("identifier" in rule) {
    const checked = `identifierOrUndefined(${pathCode(rule.identifier, local)})`;
    return rule.default === undefined ? checked : `(${checked} ?? ${JSON.stringify(rule.default)})`;
  }
  if ("firstTag" in rule) {
    tables.push(
      `const ${tableName} = new Map<unknown, unknown>(${JSON.stringify(Object.entries(rule.firstTag))});\n`,
    );
    const lookup = `firstTagValue(m.tags, ${tableName})`;
    return rule.default === undefined ? lookup : `(${lookup} ?? ${JSON.stringify(rule.default)})`;
  }
  tables.push(
    `const ${tableName} = new Map<unknown, unknown>(${JSON.stringify(Object.entries(rule.table))});\n`,
  );
  const lookup = `${tableName}.get(${pathCode(rule.from, local)})`;
  return rule.default === undefined ? lookup : `(${lookup} ?? ${JSON.stringify(rule.default)})`;
}

export function conditionCode(
  when: SnippetCondition,
  tasksSet: string,
  local: (key: string) => string,
): string {
  return conditionParts(when, tasksSet, local).join(" && ") || "true";
}

/** The tests a `when` makes, each a JavaScript boolean expression; all must hold. */
function conditionParts(when: SnippetCondition, tasksSet: string, local: (key: string) => string): string[] {
  const parts: string[] = [];
  if (when.libraryTask) parts.push(`${tasksSet}.has(m.pipeline_tag!)`);
  // One test stands as it is; several are grouped: (a || b), !(a || b).
  const any = (tests: string[]) => (tests.length === 1 ? tests[0] : `(${tests.join(" || ")})`);
  const none = (tests: string[]) => `!${any(tests)}`;
  const tagTests = (tags: string[]) => tags.map((t) => `tags.includes(${JSON.stringify(t)})`);
  const pipelineTests = (tags: string[]) => tags.map((t) => `m.pipeline_tag === ${JSON.stringify(t)}`);
  const idTests = (ids: string[]) => ids.map((t) => `m.id === ${JSON.stringify(t)}`);
  if (when.tags) parts.push(any(tagTests(when.tags)));
  if (when.notTags) parts.push(none(tagTests(when.notTags)));
  if (when.pipelineTag) parts.push(any(pipelineTests(when.pipelineTag)));
  if (when.notPipelineTag) parts.push(`!(${pipelineTests(when.notPipelineTag).join(" || ")})`);
  if (when.id) parts.push(any(idTests(when.id)));
  if (when.notId) parts.push(`!(${idTests(when.notId).join(" || ")})`);
  if (when.idContains)
    parts.push(`(typeof m.id === "string" && m.id.includes(${JSON.stringify(when.idContains)}))`);
  if (when.notIdContains)
    parts.push(
      `!(typeof m.id === "string" && (${when.notIdContains.map((t) => `m.id.includes(${JSON.stringify(t)})`).join(" || ")}))`,
    );
  for (const path of when.set ?? []) parts.push(`has(${pathCode(path, local)})`);
  for (const path of when.unset ?? []) parts.push(`!has(${pathCode(path, local)})`);
  if (when.listHas) {
    // The record's tags are the `tags` local already.
    const list = when.listHas.list === "model.tags" ? "tags" : `list(${pathCode(when.listHas.list, local)})`;
    parts.push(`${list}.includes(${JSON.stringify(when.listHas.item)})`);
  }
  return parts;
}

/** model.a.b -> m.a?.b (record); name.x -> name?.x (a derived value, in the local variable `local(name)`). */
export function pathCode(path: DataPath, local: (key: string) => string): string {
  const [head, ...rest] = path.split(".");
  const base = head === "model" ? "m" : local(head);
  return rest.reduce((code, part, i) => {
    const access = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
    return head === "model" && i === 0 ? `${code}${access}` : `${code}?.${access.replace(/^\./, "")}`;
  }, base);
}
