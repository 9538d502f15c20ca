import { useEffect, useState } from "react";

/** "vs-dark" when the system prefers a dark scheme, else "vs"; follows changes. */
export function useMonacoTheme(): "vs" | "vs-dark" {
  const query =
    typeof window !== "undefined" && window.matchMedia
      ? window.matchMedia("(prefers-color-scheme: dark)")
      : undefined;
  const [dark, setDark] = useState(!!query?.matches);
  useEffect(() => {
    if (!query) return;
    const on = (e: MediaQueryListEvent) => setDark(e.matches);
    query.addEventListener("change", on);
    return () => query.removeEventListener("change", on);
  }, [query]);
  return dark ? "vs-dark" : "vs";
}
