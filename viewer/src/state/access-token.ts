/**
 * The access token typed into the snippet options. It is a secret, so it never goes into the URL (a link is
 * shared, kept in the browser history and written to server logs): it lives in this browser tab only, in
 * sessionStorage, so a reload keeps it and closing the tab forgets it.
 */
import { useCallback, useState } from "react";

const STORAGE_KEY = "hubkit-viewer:accessToken";

export function useAccessToken(): [string | undefined, (token: string | undefined) => void] {
  const [token, setToken] = useState<string | undefined>(
    () => sessionStorage.getItem(STORAGE_KEY) ?? undefined,
  );
  const update = useCallback((next: string | undefined) => {
    if (next === undefined) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, next);
    setToken(next);
  }, []);
  return [token, update];
}
