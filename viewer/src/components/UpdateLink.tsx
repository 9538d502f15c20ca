/** The update link: opens the source file of what is being viewed in a new tab, to change it there. */
import { sourceUrl } from "../config.js";

export interface UpdateLinkProps {
  /** Repository-relative path of the file, e.g. "catalogue/tasks/text-to-image.yaml". */
  source: string;
  /** Repository URL; defaults to the configured one (config.ts, VITE_REPO_URL). */
  repoUrl?: string;
  label?: string;
}

export function UpdateLink({ source, repoUrl, label = "Update this file" }: UpdateLinkProps) {
  return (
    <a
      className="update-link"
      href={sourceUrl(source, repoUrl)}
      target="_blank"
      rel="noopener"
      title={source}
    >
      {label} <span aria-hidden="true">↗</span>
      <span className="update-link-path">{source}</span>
    </a>
  );
}
