/** An in-app link to a view: a real href (open in new tab works), navigation without reload on a plain click. */
import type { ReactNode } from "react";
import { selectionToSearch, type View } from "../state/url.js";
import { useNavigate } from "../state/router.js";

export function Link({ view, children }: { view: View; children: ReactNode }) {
  const navigate = useNavigate();
  const href = selectionToSearch({ view, options: {} }) || "?";
  return (
    <a
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(view);
      }}
    >
      {children}
    </a>
  );
}
