/**
 * The current selection lives in the URL query (`?view=task:text-generation&sample=…`), so a pasted link
 * reopens the same view. The hash is left to section anchors (Heading links to '#'+id).
 */

export type ViewKind =
  "home" | "task" | "library" | "local-app" | "template" | "provider" | "sample" | "changes";

export interface View {
  kind: ViewKind;
  /** Task id, library key, provider id, sample name, or template path under templates/ without .hbs. */
  id?: string;
}

/**
 * Snippet options the template view keeps in the link; unset means "not passed". The access token is not one
 * of them: a link is shared, kept in history and written to server logs (see state/access-token.ts).
 */
export interface SnippetOptions {
  streaming?: boolean;
  billTo?: string;
  directRequest?: boolean;
  endpointUrl?: string;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
}

export interface Selection {
  view: View;
  /** Sample record name (catalogue/samples/<name>.yaml). */
  sample?: string;
  /** Provider id or "auto". */
  provider?: string;
  options: SnippetOptions;
  /** Template edit mode. */
  edit?: boolean;
  /** Tree search text. */
  q?: string;
}

export const BOOLEAN_OPTIONS = ["streaming", "directRequest"] as const;
export const STRING_OPTIONS = ["billTo", "endpointUrl"] as const;
export const NUMBER_OPTIONS = ["temperature", "max_tokens", "top_p"] as const;
/** Query parameters that must never stay in a URL (older versions of the viewer wrote the token there). */
const SECRET_PARAMS = ["accessToken"] as const;

/**
 * The query string without its secrets, or undefined when it has none: a link from an older viewer may
 * still carry a token, which is dropped from the address (not used).
 */
export function withoutSecrets(search: string): string | undefined {
  const p = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  if (!SECRET_PARAMS.some((k) => p.has(k))) return undefined;
  for (const k of SECRET_PARAMS) p.delete(k);
  const s = p.toString();
  return s ? `?${s}` : "";
}

const KINDS: readonly ViewKind[] = [
  "home",
  "task",
  "library",
  "local-app",
  "template",
  "provider",
  "sample",
  "changes",
];

export const HOME: Selection = { view: { kind: "home" }, options: {} };

export function parseSelection(search: string): Selection {
  const p = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const viewParam = p.get("view") ?? "";
  const colon = viewParam.indexOf(":");
  const kind = (colon < 0 ? viewParam : viewParam.slice(0, colon)) as ViewKind;
  const id = colon < 0 ? undefined : viewParam.slice(colon + 1);
  const view: View = KINDS.includes(kind) && kind !== "home" && id ? { kind, id } : { kind: "home" };
  const options: SnippetOptions = {};
  for (const k of BOOLEAN_OPTIONS) {
    const v = p.get(k);
    if (v !== null) options[k] = v === "1" || v === "true";
  }
  for (const k of STRING_OPTIONS) {
    const v = p.get(k);
    if (v !== null) options[k] = v;
  }
  for (const k of NUMBER_OPTIONS) {
    const v = p.get(k);
    if (v !== null && v.trim() !== "" && Number.isFinite(Number(v))) options[k] = Number(v);
  }
  const sel: Selection = { view, options };
  const sample = p.get("sample");
  if (sample) sel.sample = sample;
  const provider = p.get("provider");
  if (provider) sel.provider = provider;
  if (p.get("edit") === "1") sel.edit = true;
  const q = p.get("q");
  if (q) sel.q = q;
  return sel;
}

/** The query string for a selection ("" for the home view with nothing set); parseSelection inverts it. */
export function selectionToSearch(sel: Selection): string {
  const p = new URLSearchParams();
  if (sel.view.kind !== "home" && sel.view.id) p.set("view", `${sel.view.kind}:${sel.view.id}`);
  if (sel.sample) p.set("sample", sel.sample);
  if (sel.provider) p.set("provider", sel.provider);
  for (const k of BOOLEAN_OPTIONS) if (sel.options[k] !== undefined) p.set(k, sel.options[k] ? "1" : "0");
  for (const k of STRING_OPTIONS) if (sel.options[k] !== undefined) p.set(k, sel.options[k]!);
  for (const k of NUMBER_OPTIONS) if (sel.options[k] !== undefined) p.set(k, String(sel.options[k]));
  if (sel.edit) p.set("edit", "1");
  if (sel.q) p.set("q", sel.q);
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function sameView(a: View, b: View): boolean {
  return a.kind === b.kind && (a.id ?? "") === (b.id ?? "");
}

/** The tree node id of a view (tree nodes of selectable entries use the same `kind:id` form). */
export function viewKey(v: View): string {
  return v.kind === "home" ? "home" : `${v.kind}:${v.id}`;
}
