/** Shared pieces of the library-snippet tests: rendering every library over the samples, language checks. */
import { parse as parseJs } from "acorn";
import { LIBRARY_SNIPPETS } from "../../src/generated/library-snippets.gen.js";
import { MODEL_SAMPLES } from "../../src/generated/samples.gen.js";
import { getLibrarySnippets, type LibrarySnippet, type ModelData } from "../../src/index.js";
import { runPythonOnJson } from "../support/interpreters.js";

export const LIBRARY_KEYS = Object.keys(LIBRARY_SNIPPETS).sort();
export { MODEL_SAMPLES };

export const EXTENSIONS: Record<LibrarySnippet["language"], string> = {
  python: "py",
  sh: "sh",
  js: "js",
  csharp: "cs",
  text: "txt",
};

export interface Rendered extends LibrarySnippet {
  library: string;
  /** What was rendered, for messages: "<library> × <sample> #<n>". */
  label: string;
}

export function renderAll(
  records: { name: string; model: ModelData }[],
  libraries = LIBRARY_KEYS,
): Rendered[] {
  const out: Rendered[] = [];
  for (const library of libraries) {
    for (const { name, model } of records) {
      getLibrarySnippets(library, model).forEach((s, n) =>
        out.push({ ...s, library, label: `${library} × ${name} #${n}` }),
      );
    }
  }
  return out;
}

/** What python3's ast reads in a Python source that parses (see pythonStrings). */
export interface PythonReading {
  strings: string[];
  names: string[];
  unbound: string[];
  bound: string[];
}

/**
 * What python3's ast reads in each Python source (one process for the whole batch, one walk of each tree): its parse
 * error, or every str constant in it, every name the code uses (variables, attributes, imported modules and names,
 * function and class names: a value that stays data shows up among the strings and never here), the names it binds
 * (imports, assignments, definitions, parameters: builtins left out) and the names it reads but never binds nor
 * are builtins (a snippet using `np` without `import numpy as np` fails when run).
 */
export function pythonStrings(sources: string[]): ({ error: string } | PythonReading)[] {
  const program = `import ast, builtins, json, sys
BUILTINS = set(dir(builtins))
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
def read(tree):
    strings, names, loaded, bound = [], set(), set(), set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            names.add(n.id)
            (loaded if isinstance(n.ctx, ast.Load) else bound).add(n.id)
        elif isinstance(n, ast.Constant):
            if isinstance(n.value, str): strings.append(n.value)
        elif isinstance(n, ast.Attribute): names.add(n.attr)
        elif isinstance(n, ast.alias):
            names.update(n.name.split("."))
            bound.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.ImportFrom):
            if n.module: names.update(n.module.split("."))
        elif isinstance(n, DEFINITIONS):
            names.add(n.name)
            bound.add(n.name)
        elif isinstance(n, ast.arg): bound.add(n.arg)
        elif isinstance(n, ast.ExceptHandler) and n.name: bound.add(n.name)
    bound -= BUILTINS
    return {"strings": strings, "names": sorted(names), "unbound": sorted(loaded - bound - BUILTINS), "bound": sorted(bound)}
out = []
for src in json.load(sys.stdin):
    try:
        out.append(read(ast.parse(src)))
    except (SyntaxError, ValueError) as e:
        out.append({"error": f"line {getattr(e, 'lineno', '?')}: {e}"})
sys.stdout.write(json.dumps(out, ensure_ascii=True))
`;
  return runPythonOnJson(program, sources);
}

/**
 * A shell snippet with every single-quoted word emptied: 'a' and 'it'\''s' (quoted parts joined by \')
 * become ''. Such a word is one token whatever it holds (record values, written by the sh helper, are
 * such words), so snippets of one shape parse alike: bash -n, a process per script, then runs once per
 * shape rather than once per sample id (thousands). Quoted parts stop at a line end, so an apostrophe
 * in a comment cannot hide the lines after it.
 */
export function shellSnippetShape(content: string): string {
  return content.replace(/'[^'\n]*'(?:\\''[^'\n]*')*/g, "''");
}

/** Every string literal value in a JS module (acorn AST), or the parse error. */
export function jsStrings(source: string): { error: string } | { strings: string[] } {
  let ast: unknown;
  try {
    ast = parseJs(source, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const strings: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    const n = node as { type?: string; value?: unknown };
    if (n.type === "Literal" && typeof n.value === "string") strings.push(n.value);
    for (const value of Object.values(node)) if (value && typeof value === "object") walk(value);
  };
  walk(ast);
  return { strings };
}

/** The sample record named `name` (catalogue/samples/<name>.yaml). */
export function sampleRecord(name: string): ModelData {
  const found = MODEL_SAMPLES.find((s) => s.name === name);
  if (!found) throw new Error(`no sample ${name}`);
  return found.model;
}

/** The library snippets of the sample record `name`, for its own library. */
export function sampleSnippets(name: string): LibrarySnippet[] {
  const model = sampleRecord(name);
  return getLibrarySnippets(model.library_name!, model);
}

/** The texts of sampleSnippets(name). */
export const sampleContents = (name: string): string[] => sampleSnippets(name).map((s) => s.content);
