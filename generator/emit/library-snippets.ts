/**
 * Emits src/generated/library-snippets.gen.ts: for every library that declares `snippets`, a function
 * model -> string[] (and one -> {template, language, content}[]) with the library's `when` conditions and
 * `derive` rules compiled to plain JavaScript, calling the compiled templates of library-templates.gen.ts.
 */
import type {
  Catalogue,
  DataPath,
  DeriveRule,
  LibraryFile,
  SnippetCondition,
  SnippetEntry,
} from "../catalogue-types.js";
import { header, type EmittedFile } from "./common.js";

export function emitLibrarySnippets({ libraries }: Catalogue): EmittedFile {
  const parts: string[] = [];
  const table: string[] = [];
  const tasksOf = new Map(libraries.map(({ data }) => [data.id, data.tasks ?? []]));
  libraries.forEach(({ file, data }, n) => {
    if (!data.snippets) return;
    parts.push(libraryCode(data, `L${n}`, file, tasksOf));
    table.push(`  ${JSON.stringify(data.id)}: { snippets: L${n}_snippets, describe: L${n}_describe },\n`);
  });
  const content = `${header("catalogue/libraries/*.yaml (snippets, derive)")}
import { LIBRARY_TEMPLATES as T } from "./library-templates.gen.js";
import * as F from "../snippets/libraries/derive.js";
import { EMPTY, firstTagValue, has, identifierOrUndefined, list } from "../snippets/libraries/support.js";
import type { ModelData } from "../snippets/libraries/model-data.js";
import type { LibrarySnippet } from "../snippets/libraries/types.js";

${parts.join("\n")}
/** Per library key: snippets(model) -> string[], describe(model) -> {template, language, content}[]. */
export const LIBRARY_SNIPPETS = {
${table.join("")}} as const;
`;
  return { name: "library-snippets.gen.ts", content };
}

/** Every template a library's snippets name, flattened from single entries and oneOf groups. */
export function snippetEntries(library: LibraryFile): SnippetEntry[] {
  return (library.snippets ?? []).flatMap((item) => ("oneOf" in item ? item.oneOf : [item]));
}

function libraryCode(
  library: LibraryFile,
  name: string,
  file: string,
  tasksOf: Map<string, string[]>,
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
  const derived = Object.entries(library.derive ?? {}).map(([key, rule], i) => {
    const value = deriveCode(rule, `${name}_m${i}`, tables);
    return `${key}: ${value}`;
  });
  const data = `{ model: m${derived.map((d) => `, ${d}`).join("")} }`;
  const body = (push: (entry: SnippetEntry, data: string) => string) =>
    (library.snippets ?? [])
      .map((item) => {
        if (!("oneOf" in item)) return entryCode(item, push, "  ", tasksSet);
        return (
          item.oneOf
            .map((entry, i) => {
              const cond = entry.when ? conditionCode(entry.when, tasksSet) : "true";
              const keyword = i === 0 ? "if" : cond === "true" ? "else" : "else if";
              const test = keyword === "else" ? "" : ` (${cond})`;
              return `${i === 0 ? "  " : " "}${keyword}${test} {\n${entryCode({ ...entry, when: undefined }, push, "    ", tasksSet)}  }`;
            })
            .join("") + "\n"
        );
      })
      .join("");
  const items = library.snippets ?? [];
  const unconditional = items.every((item) => !("oneOf" in item) && !item.when && !item.each);
  const usesTags = snippetEntries(library).some((e) => e.when?.tags || e.when?.notTags);
  const fn = (suffix: string, type: string, push: (entry: SnippetEntry, data: string) => string) =>
    unconditional
      ? `function ${name}_${suffix}(m: ModelData): ${type}[] {\n  const d = ${data};\n  return [${items.map((e) => push(e as SnippetEntry, "d")).join(", ")}];\n}\n`
      : `function ${name}_${suffix}(m: ModelData): ${type}[] {\n  const d = ${data};\n${usesTags ? "  const tags = Array.isArray(m.tags) ? m.tags : EMPTY;\n" : ""}  const out: ${type}[] = [];\n${body(push)}  return out;\n}\n`;
  return (
    `// ${library.id} (${file})\n${consts}${tables.join("")}` +
    fn("snippets", "string", (e, d) => `${tvar(e.template)}(${d})`) +
    fn(
      "describe",
      "LibrarySnippet",
      (e, d) =>
        `{ template: ${JSON.stringify(e.template)}, language: ${JSON.stringify(e.language ?? "python")}, content: ${tvar(e.template)}(${d}) }`,
    )
  );
}

function entryCode(
  entry: SnippetEntry,
  push: (entry: SnippetEntry, data: string) => string,
  pad: string,
  tasksSet: string,
): string {
  const line = entry.each
    ? `${pad}for (const item of list(${pathCode(entry.each)})) out.push(${push(entry, "{ ...d, item }")});\n`
    : `${pad}out.push(${push(entry, "d")});\n`;
  if (!entry.when) return line;
  return `${pad}if (${conditionCode(entry.when, tasksSet)}) {\n${line.replace(/^/, "  ")}${pad}}\n`;
}

function deriveCode(rule: DeriveRule, tableName: string, tables: string[]): string {
  if ("function" in rule) return `F.${rule.function}(m)`;
  if ("identifier" in rule) return `identifierOrUndefined(${pathCode(rule.identifier)})`;
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
  const lookup = `${tableName}.get(${pathCode(rule.from)})`;
  return rule.default === undefined ? lookup : `(${lookup} ?? ${JSON.stringify(rule.default)})`;
}

export function conditionCode(when: SnippetCondition, tasksSet?: string): string {
  const parts: string[] = [];
  if (when.libraryTask) parts.push(`${tasksSet}.has(m.pipeline_tag!)`);
  const anyTag = (tags: string[]) => tags.map((t) => `tags.includes(${JSON.stringify(t)})`).join(" || ");
  if (when.tags) parts.push(`(${anyTag(when.tags)})`);
  if (when.notTags) parts.push(`!(${anyTag(when.notTags)})`);
  if (when.pipelineTag)
    parts.push(`(${when.pipelineTag.map((t) => `m.pipeline_tag === ${JSON.stringify(t)}`).join(" || ")})`);
  if (when.notPipelineTag)
    parts.push(
      `!(${when.notPipelineTag.map((t) => `m.pipeline_tag === ${JSON.stringify(t)}`).join(" || ")})`,
    );
  if (when.id) parts.push(`(${when.id.map((t) => `m.id === ${JSON.stringify(t)}`).join(" || ")})`);
  if (when.notId) parts.push(`!(${when.notId.map((t) => `m.id === ${JSON.stringify(t)}`).join(" || ")})`);
  if (when.idContains)
    parts.push(`(typeof m.id === "string" && m.id.includes(${JSON.stringify(when.idContains)}))`);
  if (when.notIdContains)
    parts.push(
      `!(typeof m.id === "string" && (${when.notIdContains.map((t) => `m.id.includes(${JSON.stringify(t)})`).join(" || ")}))`,
    );
  for (const path of when.set ?? []) parts.push(`has(${pathCode(path)})`);
  for (const path of when.unset ?? []) parts.push(`!has(${pathCode(path)})`);
  if (when.listHas)
    parts.push(`list(${pathCode(when.listHas.list)}).includes(${JSON.stringify(when.listHas.item)})`);
  return parts.join(" && ") || "true";
}

/** model.a.b -> m.a?.b (record); name.x -> d.name?.x (derived). */
export function pathCode(path: DataPath): string {
  const [head, ...rest] = path.split(".");
  const base = head === "model" ? "m" : `d.${head}`;
  return rest.reduce((code, part, i) => {
    const access = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
    return head === "model" && i === 0 ? `${code}${access}` : `${code}?.${access.replace(/^\./, "")}`;
  }, base);
}
