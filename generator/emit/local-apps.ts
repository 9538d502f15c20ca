/**
 * Emits src/generated/local-apps.gen.ts: every local app of catalogue/local-apps/, in registry order, with its
 * display condition compiled to a plain boolean expression and its snippet or deeplink compiled to a function of
 * the template data (src/local-apps/data.ts) calling the templates of local-app-templates.gen.ts. The named
 * rules of catalogue/local-app-registry.yaml become one function each; a template that reads a rule's name
 * ({{#if mlx}}) is given its value.
 */
import type {
  Catalogue,
  LocalAppCondition,
  LocalAppDeeplinkFile,
  LocalAppFile,
  LocalAppTabFile,
} from "../catalogue-types.js";
import type { Templates } from "../template-files.js";
import { header, literal, type EmittedFile } from "./common.js";

/** `rule_<name>`: rule names are camelCase, so the prefix keeps them clear of JS words and locals. */
const ruleFunction = (name: string) => `rule_${name}`;

/** A named rule's value in generated code: a call over the record `m`, or the local it was read into. */
type RuleRef = (name: string) => string;
const ruleCall: RuleRef = (name) => `${ruleFunction(name)}(m)`;

/** A condition as a JavaScript boolean expression over the record `m`. */
export function conditionCode(condition: LocalAppCondition, rule: RuleRef = ruleCall): string {
  const oneOf = (value: string, names: string[]) =>
    names.length === 1
      ? `${value} === ${JSON.stringify(names[0])}`
      : `${JSON.stringify(names)}.includes(${value} as string)`;
  if ("tags" in condition) return `hasAnyTag(m, ${JSON.stringify(condition.tags)})`;
  if ("pipeline" in condition) return oneOf("m.pipeline_tag", condition.pipeline);
  if ("library" in condition) return oneOf("m.library_name", condition.library);
  if ("quantMethod" in condition) return oneOf("quantMethodOf(m)", condition.quantMethod);
  if ("set" in condition) return `isSet(m, ${JSON.stringify(condition.set.split("."))})`;
  if ("chatTemplateContains" in condition)
    return `chatTemplateContains(m, ${JSON.stringify(condition.chatTemplateContains)})`;
  if ("rule" in condition) return rule(condition.rule);
  const parts = (list: LocalAppCondition[]) => list.map((c) => conditionCode(c, rule));
  if ("allOf" in condition) return `(${parts(condition.allOf).join(" && ")})`;
  if ("anyOf" in condition) return `(${parts(condition.anyOf).join(" || ")})`;
  return `!${conditionCode(condition.not, rule)}`;
}

export function emitLocalApps({ localApps, localAppRegistry }: Catalogue, templates: Templates): EmittedFile {
  const { rules, requests, sharedTabs = {} } = localAppRegistry.data;
  const ruleNames = new Set(Object.keys(rules));
  const reads = new Map(templates.localApps.map((t) => [t.key, t.reads]));
  const render: Render = (app, name, rule) => {
    const key = name.includes("/") ? name : `${app}/${name}`;
    const read = reads.get(key);
    const used = read === undefined ? [...ruleNames] : read.filter((n) => ruleNames.has(n));
    if (used.length === 0) return `T[${JSON.stringify(key)}](d)`;
    const rulesRead = used.map((n) => `${n}: ${rule(n)}`);
    // A template reading a rule is given the data fields it reads and the rule: a copy of all the data with the
    // rule added ({ ...d, mlx: ... }) took about 2 µs a call in V8 (Node 20), this literal next to nothing.
    const fields =
      read === undefined ? ["...d"] : read.filter((n) => !ruleNames.has(n)).map((n) => `${n}: d.${n}`);
    return `T[${JSON.stringify(key)}]({ ${[...fields, ...rulesRead].join(", ")} })`;
  };
  const ruleCode = Object.entries(rules)
    .map(
      ([name, condition]) =>
        `function ${ruleFunction(name)}(m: ModelData): boolean {\n  return ${conditionCode(condition)};\n}\n`,
    )
    .join("");
  const apps = localApps
    .map(({ file, data }) => `  ${JSON.stringify(data.id)}: ${appCode(data, file, sharedTabs, render)},\n`)
    .join("");
  const content = `${header("catalogue/local-apps/*.yaml, catalogue/local-app-registry.yaml")}
import { LOCAL_APP_TEMPLATES as T } from "./local-app-templates.gen.js";
import { chatTemplateContains, hasAnyTag, isSet, quantMethodOf } from "../local-apps/support.js";
import type { ModelData } from "../tasks/model-data.js";
import type { LocalAppBlock, LocalAppSnippet, LocalAppSpec, LocalAppTab } from "../local-apps/types.js";

// The named rules of catalogue/local-app-registry.yaml.
${ruleCode}
/** The named rules, by name (for tests and tools that explain why an app is shown). */
export const LOCAL_APP_RULES = { ${Object.keys(rules)
    .map((n) => `${JSON.stringify(n)}: ${ruleFunction(n)}`)
    .join(", ")} } as const;

/** The example requests of the apps' curl commands (besides the tasks' chat messages). */
export const LOCAL_APP_REQUESTS = ${literal(requests)};

/** Every local app, in registry order: labels, display rule, and its snippet or deeplink over template data. */
export const LOCAL_APP_SPECS = {
${apps}} as const satisfies Record<string, LocalAppSpec>;

export type LocalAppKey = keyof typeof LOCAL_APP_SPECS;
`;
  return { name: "local-apps.gen.ts", content };
}

/** A template's call in generated code: `rule` gives the value of each rule the template reads. */
type Render = (app: string, template: string, rule: RuleRef) => string;

function appCode(
  app: LocalAppFile,
  file: string,
  sharedTabs: Record<string, LocalAppTabFile[]>,
  render: Render,
): string {
  const fields = [
    `prettyLabel: ${JSON.stringify(app.prettyLabel)}`,
    `docsUrl: ${JSON.stringify(app.docsUrl)}`,
    `mainTask: ${JSON.stringify(app.mainTask)}`,
    ...(app.macOSOnly ? ["macOSOnly: true"] : []),
    `source: ${JSON.stringify(file)}`,
    `display: (m: ModelData): boolean => ${conditionCode(app.display)}`,
  ];
  if (app.deeplink) fields.push(`deeplink: ${deeplinkCode(app.deeplink)}`);
  else if (app.snippet && "text" in app.snippet)
    fields.push(
      `text: (d) => {\n      const m = d.model;\n      return ${render(app.id, app.snippet.text, ruleCall)};\n    }`,
    );
  else if (app.snippet) {
    const tabs = app.snippet.tabs.flatMap((tab) => ("shared" in tab ? sharedTabs[tab.shared] : [tab]));
    const body = (shape: TabShape, type: string) =>
      rulesOnce((rule) => {
        const { locals, render: renderOnce } = renderedOnce(tabs, (template) =>
          render(app.id, template, rule),
        );
        const code = tabs.map((t) => tabCode(t, renderOnce, shape, rule));
        return `${locals}      const out: ${type}[] = [];\n${code.join("")}      return out;\n`;
      });
    fields.push(`tabs: ${body("blocks", "LocalAppTab")}`, `snippet: ${body("upstream", "LocalAppSnippet")}`);
  }
  return `{\n    ${fields.join(",\n    ")},\n  }`;
}

/**
 * The function over template data `d` whose body `emit` writes; a rule the body asks more than once (lemonade's
 * tabs and templates ask ryzenai four times) is asked once, into a local. `emit` runs twice: once to count each
 * rule's uses, once to write the body with the locals.
 */
function rulesOnce(emit: (rule: RuleRef) => string): string {
  const uses = new Map<string, number>();
  emit((name) => {
    uses.set(name, (uses.get(name) ?? 0) + 1);
    return ruleCall(name);
  });
  const repeated = [...uses].filter(([, n]) => n > 1).map(([name]) => name);
  const locals = repeated.map((name) => `      const is_${name} = ${ruleCall(name)};\n`).join("");
  const body = emit((name) => (repeated.includes(name) ? `is_${name}` : ruleCall(name)));
  return `(d) => {\n      const m = d.model;\n${locals}${body}    }`;
}

/**
 * A template that several tabs of an app print (llama.cpp's serve and cli commands under each install method) is
 * rendered once per call, into a local the tabs read, when it is printed unconditionally.
 */
function renderedOnce(tabs: LocalAppTabFile[], render: (template: string) => string) {
  const uses = new Map<string, number>();
  for (const tab of tabs) {
    if (tab.when) continue;
    const templates = [
      ...(tab.setup ? [tab.setup] : []),
      ...tab.content.flatMap((b) => (typeof b === "string" ? [b] : b.when ? [] : [b.template])),
    ];
    for (const template of templates) uses.set(template, (uses.get(template) ?? 0) + 1);
  }
  const shared = [...uses].filter(([, n]) => n > 1).map(([template]) => template);
  const local = (template: string) => `r${shared.indexOf(template)}`;
  return {
    locals: shared.map((template) => `      const ${local(template)} = ${render(template)};\n`).join(""),
    render: (template: string) => (shared.includes(template) ? local(template) : render(template)),
  };
}

/**
 * A tab as the page shows it ("blocks": each block's text with its language, for describeLocalApps) or in the
 * upstream's shape ("upstream": one block as a string, several as a list of strings, for LOCAL_APPS).
 */
type TabShape = "blocks" | "upstream";

function tabCode(
  tab: LocalAppTabFile,
  render: (template: string) => string,
  shape: TabShape,
  rule: RuleRef,
): string {
  const blocks = tab.content.map((block) => {
    const { template, language = "sh", when } = typeof block === "string" ? { template: block } : block;
    const text = render(template);
    const code = shape === "blocks" ? `{ text: ${text}, language: ${JSON.stringify(language)} }` : text;
    return { code, when: when ? conditionCode(when, rule) : undefined };
  });
  const title = `title: ${JSON.stringify(tab.title)}${tab.setup ? `, setup: ${render(tab.setup)}` : ""}`;
  const conditional = blocks.some((b) => b.when);
  const single = shape === "upstream" && blocks.length === 1;
  const content = single ? blocks[0].code : `[${blocks.map((b) => b.code).join(", ")}]`;
  const list = shape === "blocks" ? "LocalAppBlock" : "string";
  const collected = shape === "blocks" ? "content" : "content.length === 1 ? content[0] : content";
  const push = conditional
    ? `{\n        const content: ${list}[] = [];\n${blocks.map((b) => `        ${b.when ? `if (${b.when}) ` : ""}content.push(${b.code});\n`).join("")}        out.push({ ${title}, content: ${collected} });\n      }`
    : `out.push({ ${title}, content: ${content} });`;
  return tab.when ? `      if (${conditionCode(tab.when, rule)}) ${push}\n` : `      ${push}\n`;
}

/** The first link whose condition holds, as its parts: url, the id for the path, query parameters in order. */
function deeplinkCode(links: LocalAppDeeplinkFile[]): string {
  const parts = (link: LocalAppDeeplinkFile) => {
    const query = Object.entries(link.query ?? {}).map(
      ([name, value]) => `[${JSON.stringify(name)}, d.${value}]`,
    );
    return `{ url: ${JSON.stringify(link.url)}${link.path ? ", path: d.id" : ""}${query.length ? `, query: [${query.join(", ")}]` : ""} }`;
  };
  const lines = links.map((link) =>
    link.when
      ? `      if (${conditionCode(link.when)}) return ${parts(link)};\n`
      : `      return ${parts(link)};\n`,
  );
  return `(d) => {\n      const m = d.model;\n${lines.join("")}    }`;
}
