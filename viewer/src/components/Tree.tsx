/**
 * The catalogue tree: WAI-ARIA tree pattern with a roving tabindex. Up/Down move, Right opens or goes to the
 * first child, Left closes or goes to the parent, Home/End jump, Enter/Space select. While a search is active
 * every group is shown open.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import { countLeaves, filterTree, type TreeNode } from "../data/tree.js";

export interface TreeProps {
  nodes: TreeNode[];
  query: string;
  selectedId?: string;
  /** Groups open at first (e.g. those leading to the selected entry). */
  initiallyExpanded?: string[];
  onSelect(id: string): void;
}

interface Row {
  node: TreeNode;
  depth: number;
  parent?: string;
  expanded: boolean;
}

function flatten(
  nodes: TreeNode[],
  isOpen: (id: string) => boolean,
  depth = 0,
  parent?: string,
  out: Row[] = [],
): Row[] {
  for (const node of nodes) {
    const expanded = !!node.children && isOpen(node.id);
    out.push({ node, depth, parent, expanded });
    if (node.children && expanded) flatten(node.children, isOpen, depth + 1, node.id, out);
  }
  return out;
}

/** What a key does on the focused row (WAI-ARIA tree view pattern); undefined: the key is not the tree's. */
type TreeAction =
  { focus: number } | { toggle: string; open?: boolean } | { select: string } | { none: true };

function keyAction(key: string, rows: Row[], index: number, searching: boolean): TreeAction | undefined {
  const row = rows[index];
  if (!row) return undefined;
  const { node } = row;
  switch (key) {
    case "ArrowDown":
      return { focus: index + 1 };
    case "ArrowUp":
      return { focus: index - 1 };
    case "Home":
      return { focus: 0 };
    case "End":
      return { focus: rows.length - 1 };
    case "ArrowRight":
      if (!node.children) return { none: true };
      return row.expanded ? { focus: index + 1 } : { toggle: node.id, open: true };
    case "ArrowLeft":
      if (node.children && row.expanded && !searching) return { toggle: node.id, open: false };
      return row.parent ? { focus: rows.findIndex((r) => r.node.id === row.parent) } : { none: true };
    case "Enter":
    case " ":
      return node.children ? { toggle: node.id } : { select: node.id };
    default:
      return undefined;
  }
}

export function Tree({ nodes, query, selectedId, initiallyExpanded = [], onSelect }: TreeProps) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(initiallyExpanded));
  const [focusId, setFocusId] = useState<string | undefined>(selectedId);
  const ref = useRef<HTMLUListElement>(null);
  const searching = query.trim() !== "";

  // Open the way to a newly selected entry (deep links, clicks elsewhere). The groups are merged in during the
  // render that sees them change (React's pattern for state adjusted to a prop), so no render shows them closed.
  const expandKey = initiallyExpanded.join("|");
  const [mergedKey, setMergedKey] = useState(expandKey);
  if (mergedKey !== expandKey) {
    setMergedKey(expandKey);
    if (!initiallyExpanded.every((id) => expanded.has(id)))
      setExpanded(new Set([...expanded, ...initiallyExpanded]));
  }

  const filtered = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const rows = useMemo(
    () => flatten(filtered, (id) => searching || expanded.has(id)),
    [filtered, expanded, searching],
  );
  const focusIndex = Math.max(
    0,
    rows.findIndex((r) => r.node.id === (focusId ?? selectedId)),
  );

  const toggle = (id: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setFocusId(row.node.id);
    ref.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(row.node.id)}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const action = keyAction(e.key, rows, focusIndex, searching);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    if ("focus" in action) focusRow(action.focus);
    else if ("toggle" in action) toggle(action.toggle, action.open);
    else if ("select" in action) onSelect(action.select);
  };

  if (!rows.length)
    return (
      <p className="empty" role="status">
        Nothing matches “{query}”.
      </p>
    );

  return (
    <ul className="tree" role="tree" aria-label="Catalogue" ref={ref} onKeyDown={onKeyDown}>
      {rows.map((row, i) => (
        <TreeRow
          key={row.node.id}
          row={row}
          focusable={i === focusIndex}
          selected={row.node.id === selectedId}
          onFocus={() => setFocusId(row.node.id)}
          onActivate={() => {
            setFocusId(row.node.id);
            if (row.node.children) toggle(row.node.id);
            else onSelect(row.node.id);
          }}
        />
      ))}
    </ul>
  );
}

function TreeRow({
  row,
  focusable,
  selected,
  onFocus,
  onActivate,
}: {
  row: Row;
  focusable: boolean;
  selected: boolean;
  onFocus(): void;
  onActivate(): void;
}) {
  const { node } = row;
  const isGroup = !!node.children;
  return (
    <li
      role="treeitem"
      data-id={node.id}
      aria-level={row.depth + 1}
      aria-expanded={isGroup ? row.expanded : undefined}
      aria-selected={isGroup ? undefined : selected}
      tabIndex={focusable ? 0 : -1}
      className={`tree-row${isGroup ? " group" : " leaf"}${selected ? " selected" : ""}`}
      style={{ paddingLeft: `${0.5 + row.depth * 0.9}rem` }}
      onFocus={onFocus}
      onClick={onActivate}
    >
      {isGroup ? (
        <span className="twisty" aria-hidden="true">
          {row.expanded ? "▾" : "▸"}
        </span>
      ) : null}
      <span className="tree-label">{node.label}</span>
      {isGroup && node.children!.length ? (
        <span className="tree-count">{countLeaves(node.children!)}</span>
      ) : node.detail ? (
        <span className="tree-detail">{node.detail}</span>
      ) : null}
    </li>
  );
}
