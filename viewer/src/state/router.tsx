/**
 * The selection, kept in the URL query. navigate() pushes a history entry (Back works); update() replaces the
 * current one (options, search text), so typing does not flood the history. A secret in the query (an access
 * token in a link from an older viewer) is removed from the address as soon as the page shows it, and not used.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { parseSelection, selectionToSearch, withoutSecrets, type Selection, type View } from "./url.js";

interface Router {
  selection: Selection;
  /** Whether the URL this page was opened with carried an access token (now removed from it, unused). */
  droppedToken: boolean;
  navigate(view: View): void;
  update(patch: Partial<Selection>): void;
}

const RouterContext = createContext<Router | null>(null);

function writeUrl(sel: Selection, push: boolean) {
  const url = `${location.pathname}${selectionToSearch(sel)}${push ? "" : location.hash}`;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

/** Removes secrets from the current history entry's URL; whether there were any. */
function dropSecretsFromUrl(): boolean {
  const clean = withoutSecrets(location.search);
  if (clean === undefined) return false;
  history.replaceState(history.state, "", `${location.pathname}${clean}${location.hash}`);
  return true;
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [selection, setSelection] = useState<Selection>(() => parseSelection(location.search));
  const [droppedToken, setDroppedToken] = useState(() => withoutSecrets(location.search) !== undefined);

  // The latest selection, so navigate/update stay stable and write the URL exactly once per call. Every
  // setSelection below writes it first (never a render), so two calls in one event build on each other.
  const current = useRef(selection);

  useEffect(() => {
    // droppedToken's initial state already says whether this URL had a secret; here it only leaves the address.
    dropSecretsFromUrl();
    const onPop = () => {
      if (dropSecretsFromUrl()) setDroppedToken(true);
      const next = parseSelection(location.search);
      current.current = next;
      setSelection(next);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback((view: View) => {
    const next: Selection = { ...current.current, view, edit: undefined };
    current.current = next;
    writeUrl(next, true);
    setSelection(next);
  }, []);

  const update = useCallback((patch: Partial<Selection>) => {
    const next: Selection = { ...current.current, ...patch };
    current.current = next;
    writeUrl(next, false);
    setSelection(next);
  }, []);

  const value = useMemo(
    () => ({ selection, droppedToken, navigate, update }),
    [selection, droppedToken, navigate, update],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): Router {
  const r = useContext(RouterContext);
  if (!r) throw new Error("useRouter outside RouterProvider");
  return r;
}

export function useNavigate(): Router["navigate"] {
  return useRouter().navigate;
}
