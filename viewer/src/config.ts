/**
 * The viewer's one configuration file.
 * REPO_URL: where "Update this file" links point. Set VITE_REPO_URL at build/serve time to override,
 * e.g. `VITE_REPO_URL=https://github.com/me/hubkit-fork npm run build:viewer`.
 */
const DEFAULT_REPO_URL = "https://github.com/hubkit/hubkit";

export const REPO_URL: string = (import.meta.env.VITE_REPO_URL || DEFAULT_REPO_URL).replace(/\/+$/, "");

/** The URL of a repository file (path relative to the repository root) on the main branch. */
export function sourceUrl(source: string, repoUrl: string = REPO_URL): string {
  return `${repoUrl.replace(/\/+$/, "")}/blob/main/${source.replace(/^\/+/, "")}`;
}
