/**
 * Checks of the local apps that span files: the registry's order lists every app file once, every {rule: name}
 * and {shared: name} names an entry of catalogue/local-app-registry.yaml (rules without cycles), a deeplink ends
 * with an unconditional link, and every template an app names exists (and every template is named).
 */
import type { Catalogue, LocalAppCondition, LocalAppTabFile } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";
import type { Templates } from "./template-files.js";
import { LOCAL_APP_DATA_FIELDS } from "../src/local-apps/types.js";

const REGISTRY = "catalogue/local-app-registry.yaml";

function at(source: YamlSource, pointer: string, message: string, rule: string): Diagnostic {
  return { file: source.file, ...source.locate(pointer), message, rule };
}

export function localAppChecks(catalogue: Catalogue): Diagnostic[] {
  return [
    ...ruleNamesFree(catalogue),
    ...registryOrder(catalogue),
    ...ruleReferences(catalogue),
    ...ruleCycles(catalogue),
    ...deeplinkEnds(catalogue),
  ];
}

/** A template reads a rule by its name, so a rule may not take the name of a data field (`quant`, `id`, ...). */
function ruleNamesFree({ localAppRegistry: registry }: Catalogue): Diagnostic[] {
  return Object.keys(registry.data.rules)
    .filter((name) => Object.hasOwn(LOCAL_APP_DATA_FIELDS, name))
    .map((name) =>
      at(
        registry,
        `/rules/${name}`,
        `/rules/${name} has the name of a template data field; name the rule otherwise`,
        "local-apps/rule-name",
      ),
    );
}

function registryOrder({ localApps, localAppRegistry: registry }: Catalogue): Diagnostic[] {
  const files = new Set(localApps.map((a) => a.data.id));
  const listed = new Set(registry.data.order);
  const unknown = registry.data.order.flatMap((id, i) =>
    files.has(id)
      ? []
      : [
          at(
            registry,
            `/order/${i}`,
            `/order/${i} "${id}" has no file catalogue/local-apps/${id}.yaml`,
            "local-apps/order",
          ),
        ],
  );
  const missing = localApps
    .filter((a) => !listed.has(a.data.id))
    .map((a) =>
      at(
        a,
        "/id",
        `local app "${a.data.id}" is not listed in ${REGISTRY}; add it where it should appear`,
        "local-apps/order",
      ),
    );
  return [...unknown, ...missing];
}

/** Every condition of a file with its JSON pointer, nested ones included. */
function conditions(
  value: unknown,
  pointer: string,
  out: [string, LocalAppCondition][] = [],
): [string, LocalAppCondition][] {
  if (Array.isArray(value)) value.forEach((item, i) => conditions(item, `${pointer}/${i}`, out));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (key === "rule" && typeof item === "string") out.push([here, value as LocalAppCondition]);
      conditions(item, here, out);
    }
  }
  return out;
}

function ruleReferences({ localApps, localAppRegistry: registry }: Catalogue): Diagnostic[] {
  const rules = new Set(Object.keys(registry.data.rules));
  const shared = new Set(Object.keys(registry.data.sharedTabs ?? {}));
  const check = (source: YamlSource): Diagnostic[] => [
    ...conditions(source.data, "").flatMap(([pointer, condition]) => {
      const name = (condition as { rule: string }).rule;
      if (rules.has(name)) return [];
      const guess = closest(name, rules);
      return [
        at(
          source,
          pointer,
          `${pointer} "${name}" is not a rule of ${REGISTRY}${guess ? `; did you mean "${guess}"?` : ""}`,
          "local-apps/known-rule",
        ),
      ];
    }),
  ];
  const sharedRefs = localApps.flatMap((app) => {
    const tabs = app.data.snippet && "tabs" in app.data.snippet ? app.data.snippet.tabs : [];
    return tabs.flatMap((tab, i) =>
      "shared" in tab && !shared.has(tab.shared)
        ? [
            at(
              app,
              `/snippet/tabs/${i}/shared`,
              `/snippet/tabs/${i}/shared "${tab.shared}" is not a key of sharedTabs in ${REGISTRY}`,
              "local-apps/known-shared-tab",
            ),
          ]
        : [],
    );
  });
  return [...check(registry), ...localApps.flatMap(check), ...sharedRefs];
}

/** A rule that uses itself, directly or through others, would never finish. */
function ruleCycles({ localAppRegistry: registry }: Catalogue): Diagnostic[] {
  const uses = new Map(
    Object.entries(registry.data.rules).map(([name, condition]) => [
      name,
      conditions(condition, "").map(([, c]) => (c as { rule: string }).rule),
    ]),
  );
  const out: Diagnostic[] = [];
  for (const name of uses.keys()) {
    const seen = new Set<string>();
    const stack = [...(uses.get(name) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === name) {
        out.push(
          at(
            registry,
            `/rules/${name}`,
            `/rules/${name} uses itself (through {rule: ...}); rules may not form a cycle`,
            "local-apps/rule-cycle",
          ),
        );
        break;
      }
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(...(uses.get(next) ?? []));
      }
    }
  }
  return out;
}

/** The last link of a deeplink has no `when`, so every record the app is shown for gets a link. */
function deeplinkEnds({ localApps }: Catalogue): Diagnostic[] {
  return localApps.flatMap((app) => {
    const links = app.data.deeplink ?? [];
    const last = links.length - 1;
    return last >= 0 && links[last].when
      ? [
          at(
            app,
            `/deeplink/${last}/when`,
            `/deeplink/${last} is the last link and has a condition; the last link is the one used when no other holds`,
            "local-apps/deeplink-fallback",
          ),
        ]
      : [];
  });
}

/** Line and column (1-based) of the first whole-word use of `name` in a template's source (1:1 if none). */
function positionOf(source: string, name: string): { line: number; col: number } {
  const match = new RegExp(`(?<![\\w.])${name}(?![\\w])`).exec(source);
  if (!match) return { line: 1, col: 1 };
  const before = source.slice(0, match.index).split("\n");
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

/** The template names an app uses, each with the pointer that names it (shared tabs at the registry). */
function templateNames(tabs: (LocalAppTabFile | { shared: string })[], base: string): [string, string][] {
  return tabs.flatMap((tab, i) =>
    "shared" in tab
      ? []
      : [
          ...(tab.setup ? ([[`${base}/${i}/setup`, tab.setup]] as [string, string][]) : []),
          ...tab.content.map((block, j): [string, string] => [
            `${base}/${i}/content/${j}${typeof block === "string" ? "" : "/template"}`,
            typeof block === "string" ? block : block.template,
          ]),
        ],
  );
}

export function localAppTemplateChecks(
  { localApps, localAppRegistry: registry }: Catalogue,
  templates: Templates,
): Diagnostic[] {
  const known = new Set(templates.localApps.map((t) => t.key));
  const used = new Set<string>();
  const out: Diagnostic[] = [];
  const check = (source: YamlSource, folder: string, names: [string, string][]) => {
    for (const [pointer, name] of names) {
      const key = name.includes("/") ? name : `${folder}/${name}`;
      used.add(key);
      if (!known.has(key))
        out.push(
          at(
            source,
            pointer,
            `${pointer} names the template "${name}", but there is no templates/local-apps/${key}.hbs`,
            "local-apps/template-exists",
          ),
        );
    }
  };
  for (const [name, tabs] of Object.entries(registry.data.sharedTabs ?? {}))
    check(registry, "shared", templateNames(tabs, `/sharedTabs/${name}`));
  for (const app of localApps) {
    const snippet = app.data.snippet;
    if (!snippet) continue;
    if ("text" in snippet) check(app, app.data.id, [["/snippet/text", snippet.text]]);
    else check(app, app.data.id, templateNames(snippet.tabs, "/snippet/tabs"));
  }
  const readable = new Set([...Object.keys(LOCAL_APP_DATA_FIELDS), ...Object.keys(registry.data.rules)]);
  for (const template of templates.localApps)
    for (const name of template.reads ?? [])
      if (!readable.has(name))
        out.push({
          file: template.file,
          ...positionOf(template.source, name),
          message: `reads "${name}", which local-app templates are not given; known: ${[...readable].join(", ")}`,
          rule: "local-apps/template-data",
        });
  for (const template of templates.localApps)
    if (!used.has(template.key))
      out.push({
        file: template.file,
        line: 1,
        col: 1,
        message: `no local app names this template; remove it or name it in an app's snippet`,
        rule: "local-apps/template-used",
      });
  return out;
}
