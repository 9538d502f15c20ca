/**
 * Deeplinks from their parts, encoded: the model id and file are hub data and may hold any character, so each
 * is percent-encoded where it goes and the link parses back (new URL) to the same values.
 */
import type { LocalAppLinkParts } from "./types.js";

/**
 * A query value: percent-encoded as a URI component ("&", "#", "+", "=", space, newline), with "/" kept as it
 * is (allowed in a query, and the upstream's links show org/name).
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/g, "/");
}

/**
 * The id as path segments, each percent-encoded. An empty, "." or ".." segment would be removed or climb the
 * path when the URL is parsed, so such an id is written as one segment with its "/" encoded too.
 */
export function encodePathValue(value: string): string {
  const segments = value.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return encodeURIComponent(value);
  return segments.map(encodeURIComponent).join("/");
}

export function buildLink(parts: LocalAppLinkParts): URL {
  let href = parts.path === undefined ? parts.url : parts.url + encodePathValue(parts.path);
  let separator = "?";
  for (const [name, value] of parts.query ?? []) {
    if (value === undefined) continue;
    href += `${separator}${name}=${encodeQueryValue(value)}`;
    separator = "&";
  }
  return new URL(href);
}
