/** The catalogue tree of the left pane: built from the runtime's data, filtered by the search box. Pure. */
import type { TemplateInfo } from "./templates.js";

export interface TreeNode {
  /** Unique id; selectable entries use their view key (`task:text-generation`). */
  id: string;
  label: string;
  /** Secondary text shown after the label (an id, a modality, a count). */
  detail?: string;
  /** Extra text the search matches on. */
  keywords?: string;
  children?: TreeNode[];
}

export interface CatalogueInput {
  modalities: { id: string; label: string }[];
  tasks: { id: string; name: string; modality: string }[];
  libraries: { key: string; prettyLabel: string }[];
  templates: TemplateInfo[];
  providers: { id: string; title?: string }[];
  samples: { name: string; detail?: string; keywords?: string }[];
  /** Local apps in registry order (absent: no group). */
  localApps?: { key: string; prettyLabel: string }[];
}

/** A group of the tree; an empty one says so in its detail. */
function group(id: string, label: string, children: TreeNode[]): TreeNode {
  return { id, label, detail: children.length ? undefined : "none", children };
}

function byKey<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = m.get(k);
    if (list) list.push(item);
    else m.set(k, [item]);
  }
  return m;
}

/** Groups of leaves by a key, sorted by key, each a group node with sorted leaves. */
function groupsBy<T>(
  idPrefix: string,
  items: T[],
  key: (t: T) => string,
  leaf: (t: T) => TreeNode,
): TreeNode[] {
  const by = byKey(items, key);
  return [...by.keys()].sort().map((k) =>
    group(
      `${idPrefix}/${k}`,
      k,
      by
        .get(k)!
        .map(leaf)
        .sort((a, b) => a.label.localeCompare(b.label)),
    ),
  );
}

export function buildTree(input: CatalogueInput): TreeNode[] {
  return [...templateGroups(input.templates), ...catalogueGroups(input)];
}

const templateLeaf = (t: TemplateInfo): TreeNode => ({
  id: `template:${t.id}`,
  label: t.name,
  keywords: t.path,
});

type TemplateOf<K extends TemplateInfo["kind"]> = Extract<TemplateInfo, { kind: K }>;
const ofKind = <K extends TemplateInfo["kind"]>(templates: TemplateInfo[], kind: K) =>
  templates.filter((t): t is TemplateOf<K> => t.kind === kind);

/**
 * The template groups: inference templates by language and client; library, local-app and partial templates by
 * their folder; templates found elsewhere (the browser tests' fixtures) by folder. An empty optional group is left
 * out; the inference and library groups are always there.
 */
function templateGroups(templates: TemplateInfo[]): TreeNode[] {
  const inference = ofKind(templates, "inference");
  const inferenceNodes = [...byKey(inference, (t) => t.language).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, list]) =>
      group(
        `templates/inference/${language}`,
        language,
        groupsBy(`templates/inference/${language}`, list, (t) => t.client, templateLeaf),
      ),
    );
  const folder = <T extends TemplateInfo>(id: string, label: string, list: T[], key: (t: T) => string) =>
    group(`templates/${id}`, label, groupsBy(`templates/${id}`, list, key, templateLeaf));
  const optional = [
    folder("local-apps", "Local-app templates", ofKind(templates, "local-app"), (t) => t.app),
    folder("partials", "Template partials", ofKind(templates, "partial"), (t) => t.language),
    folder("other", "Other templates", ofKind(templates, "other"), (t) =>
      t.id.split("/").slice(0, -1).join("/"),
    ),
  ];
  return [
    group("templates/inference", "Inference templates", inferenceNodes),
    folder("libraries", "Library templates", ofKind(templates, "library"), (t) => t.library),
    ...optional.filter((node) => node.children!.length > 0),
  ];
}

/** Libraries (by label), local apps (registry order), tasks (by modality), providers and sample records. */
function catalogueGroups(input: CatalogueInput): TreeNode[] {
  const tasksByModality = byKey(input.tasks, (t) => t.modality);
  const taskNodes = input.modalities
    .filter((m) => tasksByModality.has(m.id))
    .map((m) =>
      group(
        `tasks/${m.id}`,
        m.label,
        tasksByModality
          .get(m.id)!
          .map((t) => ({ id: `task:${t.id}`, label: t.name, detail: t.id, keywords: m.id })),
      ),
    );
  const keyed = (prefix: string, key: string, label: string) => ({
    id: `${prefix}:${key}`,
    label,
    detail: key === label ? undefined : key,
  });
  const libraries = [...input.libraries].sort((a, b) =>
    a.prettyLabel.localeCompare(b.prettyLabel, "en", { sensitivity: "base" }),
  );
  return [
    group(
      "libraries",
      "Libraries",
      libraries.map((l) => keyed("library", l.key, l.prettyLabel)),
    ),
    ...(input.localApps
      ? [
          group(
            "local-apps",
            "Local apps",
            input.localApps.map((a) => keyed("local-app", a.key, a.prettyLabel)),
          ),
        ]
      : []),
    group("tasks", "Tasks", taskNodes),
    group(
      "providers",
      "Providers",
      input.providers.map((p) => ({
        id: `provider:${p.id}`,
        label: p.title ?? p.id,
        detail: p.title && p.title !== p.id ? p.id : undefined,
      })),
    ),
    group(
      "samples",
      "Sample records",
      input.samples.map((s) => ({
        id: `sample:${s.name}`,
        label: s.name,
        detail: s.detail,
        keywords: s.keywords,
      })),
    ),
  ];
}

function matches(node: TreeNode, terms: string[]): boolean {
  const text = `${node.label} ${node.detail ?? ""} ${node.id} ${node.keywords ?? ""}`.toLowerCase();
  return terms.every((t) => text.includes(t));
}

/**
 * Keeps the nodes matching every term of the query (case-insensitive, on label, detail, id and keywords) and
 * the groups on their way; a group whose own label matches keeps all its children. Empty query: the tree as is.
 */
export function filterTree(nodes: TreeNode[], query: string): TreeNode[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return nodes;
  const walk = (list: TreeNode[]): TreeNode[] => {
    const out: TreeNode[] = [];
    for (const node of list) {
      if (node.children) {
        if (node.children.length && matches({ ...node, detail: undefined }, terms)) out.push(node);
        else {
          const kept = walk(node.children);
          if (kept.length) out.push({ ...node, children: kept });
        }
      } else if (matches(node, terms)) out.push(node);
    }
    return out;
  };
  return walk(nodes);
}

/** Number of leaves (selectable entries) under the given nodes. */
export function countLeaves(nodes: TreeNode[]): number {
  return nodes.reduce((n, node) => n + (node.children ? countLeaves(node.children) : 1), 0);
}

/** Ids of the groups leading to the node with the given id (to open the tree on a deep link). */
export function pathTo(nodes: TreeNode[], id: string): string[] | undefined {
  for (const node of nodes) {
    if (node.id === id) return [];
    if (node.children) {
      const sub = pathTo(node.children, id);
      if (sub) return [node.id, ...sub];
    }
  }
  return undefined;
}
