/** Where a template file sits in the layout of templates/ (see STYLE.md "Layout"). */

export type TemplateInfo =
  | { kind: "inference"; path: string; id: string; language: string; client: string; name: string }
  | { kind: "library"; path: string; id: string; library: string; name: string }
  | { kind: "partial"; path: string; id: string; language: string; name: string }
  | { kind: "local-app"; path: string; id: string; app: string; name: string }
  | { kind: "other"; path: string; id: string; name: string };

/** `templates/inference/python/requests/basic.hbs` -> its kind and parts; id is the path under templates/ without .hbs. */
export function parseTemplatePath(path: string): TemplateInfo {
  const id = path.replace(/^templates\//, "").replace(/\.hbs$/, "");
  const parts = id.split("/");
  const name = parts[parts.length - 1];
  if (parts[0] === "inference" && parts.length === 4)
    return { kind: "inference", path, id, language: parts[1], client: parts[2], name };
  if (parts[0] === "libraries" && parts.length === 3)
    return { kind: "library", path, id, library: parts[1], name };
  if (parts[0] === "local-apps" && parts.length === 3)
    return { kind: "local-app", path, id, app: parts[1], name };
  if (parts[0] === "partials" && parts.length === 3)
    return { kind: "partial", path, id, language: parts[1], name };
  return { kind: "other", path, id, name };
}

/** Monaco language id for a snippet language of the catalogue (sh | python | js) or a file extension. */
export function monacoLanguage(language: string): string {
  switch (language) {
    case "python":
    case "py":
      return "python";
    case "js":
    case "javascript":
    case "ts":
      return "javascript";
    case "sh":
    case "bash":
    case "shell":
      return "shell";
    case "json":
      return "javascript"; // JSON highlighting without the JSON language service worker
    case "yaml":
      return "yaml";
    case "csharp":
    case "cs":
      return "csharp";
    case "text":
      return "plaintext";
    case "hbs":
    case "handlebars":
      return "handlebars";
    default:
      return "plaintext";
  }
}

/**
 * Highlighting language for a library snippet, which the runtime returns as bare text: shell for install and
 * command lines, JavaScript for import/const code, else Python. Presentation only; it changes no content.
 */
export function guessSnippetLanguage(code: string): string {
  const first = code.trimStart().split("\n", 1)[0] ?? "";
  if (/^(pip|uv|npm|npx|git|brew|curl|wget|huggingface-cli|hf|docker|\.\/|\$ )/.test(first)) return "shell";
  if (/^(import .* from |const |let |await |\/\/)/.test(first) || /from ["']@?[\w./-]+["'];?$/.test(first))
    return "javascript";
  return "python";
}
