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
}

function group(id: string, label: string, children: TreeNode[], emptyDetail = "none yet"): TreeNode {
  return { id, label, detail: children.length ? undefined : emptyDetail, children };
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

export function buildTree(input: CatalogueInput): TreeNode[] {
  const inference = input.templates.filter((t) => t.kind === "inference") as Extract<
    TemplateInfo,
    { kind: "inference" }
  >[];
  const otherTemplates = input.templates.filter((t) => t.kind !== "inference");
  const byLanguage = byKey(inference, (t) => t.language);
  const templateNodes: TreeNode[] = [...byLanguage.keys()].sort().map((language) => {
    const byClient = byKey(byLanguage.get(language)!, (t) => t.client);
    return group(
      `templates/${language}`,
      language,
      [...byClient.keys()].sort().map((client) =>
        group(
          `templates/${language}/${client}`,
          client,
          byClient
            .get(client)!
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((t) => ({ id: `template:${t.id}`, label: t.name, keywords: t.path })),
        ),
      ),
    );
  });
  // Library templates by library, partials by language, anything else by folder.
  const folderOf = (t: TemplateInfo) =>
    t.kind === "library"
      ? `libraries/${t.library}`
      : t.kind === "partial"
        ? `partials/${t.language}`
        : t.id.split("/").slice(0, -1).join("/");
  const byFolder = byKey(otherTemplates, folderOf);
  for (const folder of [...byFolder.keys()].sort())
    templateNodes.push(
      group(
        `templates/${folder}`,
        folder,
        byFolder
          .get(folder)!
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((t) => ({ id: `template:${t.id}`, label: t.name, keywords: t.path })),
      ),
    );

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

  return [
    group("templates", "Templates", templateNodes, "none on main yet"),
    group(
      "libraries",
      "Libraries",
      [...input.libraries]
        .sort((a, b) => a.prettyLabel.localeCompare(b.prettyLabel, "en", { sensitivity: "base" }))
        .map((l) => ({
          id: `library:${l.key}`,
          label: l.prettyLabel,
          detail: l.key === l.prettyLabel ? undefined : l.key,
        })),
    ),
    group("tasks", "Tasks", taskNodes),
    group(
      "providers",
      "Providers",
      input.providers.map((p) => ({
        id: `provider:${p.id}`,
        label: p.title ?? p.id,
        detail: p.title && p.title !== p.id ? p.id : undefined,
      })),
      "none on main yet",
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
      "none on main yet",
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
