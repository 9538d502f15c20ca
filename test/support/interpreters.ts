/** Real language tools used to check generated code: python3 (ast, eval), bash (-n, eval). */
import { execFileSync } from "node:child_process";
import { parse as parseJs } from "acorn";

/** Evaluates Python literal expressions in one python3 process; returns their values as JSON-decoded JS values. */
export function evalPython(literals: string[]): unknown[] {
  const program = `import ast, json, sys\nvalues = [${literals.map((l) => `(${l})`).join(",\n")}]\nsys.stdout.write(json.dumps(values, ensure_ascii=True))\n`;
  return JSON.parse(execFileSync("python3", ["-c", program], { encoding: "utf8" })) as unknown[];
}

/** Parses Python sources with ast.parse; returns one error message (or null) per source. */
export function pythonSyntaxErrors(sources: string[]): (string | null)[] {
  const program = `import ast, json, sys
out = []
for src in json.load(sys.stdin):
    try:
        ast.parse(src)
        out.append(None)
    except SyntaxError as e:
        out.append(f"line {e.lineno}: {e.msg}")
sys.stdout.write(json.dumps(out))
`;
  return JSON.parse(execFileSync("python3", ["-c", program], { input: JSON.stringify(sources), encoding: "utf8" }));
}

/** The words a bash command line splits into (after quote removal), via printf in a real bash. */
export function bashWords(line: string): string[] {
  const out = execFileSync("bash", ["-c", `printf '%s\\0' ${line}`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

/** `bash -n` on a script: null when it parses, else bash's message. */
export function bashSyntaxError(script: string): string | null {
  try {
    execFileSync("bash", ["-n"], { input: script, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

/** Parses a JavaScript module with acorn (latest ECMAScript, top-level await allowed); null when it parses. */
export function jsSyntaxError(source: string): string | null {
  try {
    parseJs(source, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
