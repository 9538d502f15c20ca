/**
 * Real language tools used to check generated code: python3 (ast, eval), bash (-n, eval). Every bash here, and
 * wherever the tests start one, gets --norc: with a socket for stdin (Node's pipes are socket pairs), Debian's
 * bash reads ~/.bashrc even when not interactive, and a user's rc file must neither shape nor clutter a test.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseJs } from "acorn";

/**
 * The python3 on PATH, as the path of its interpreter: where python3 is a version manager's shim (pyenv's is a
 * bash script that starts the real interpreter), going through it cost 0.25 s a process, most of a short check's
 * time. The interpreter is the same; "python3" when it cannot be asked.
 */
export const PYTHON =
  spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).stdout?.trim() ||
  "python3";

/** Evaluates Python literal expressions in one python3 process; returns their values as JSON-decoded JS values. */
export function evalPython(literals: string[]): unknown[] {
  const program = `import ast, json, sys\nvalues = [${literals.map((l) => `(${l})`).join(",\n")}]\nsys.stdout.write(json.dumps(values, ensure_ascii=True))\n`;
  return JSON.parse(execFileSync(PYTHON, ["-c", program], { encoding: "utf8" })) as unknown[];
}

/** Runs a python3 program on JSON given on stdin and reads the JSON it writes: one process for many inputs. */
export function runPythonOnJson<T>(program: string, input: unknown): T {
  const output = execFileSync(PYTHON, ["-c", program], {
    input: JSON.stringify(input),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return JSON.parse(output) as T;
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
  return runPythonOnJson(program, sources);
}

/** The words a bash command line splits into (after quote removal), via printf in a real bash. */
export function bashWords(line: string): string[] {
  const out = execFileSync("bash", ["--norc", "-c", `printf '%s\\0' ${line}`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

/** `bash -n` on a script: null when it parses, else bash's message. */
export function bashSyntaxError(script: string): string | null {
  try {
    execFileSync("bash", ["--norc", "-n"], {
      input: script,
      encoding: "utf8",
      stdio: ["pipe", "pipe", "pipe"],
    });
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

/** A script of comments and blank lines only: valid, though not as a function body (bash wants a command there). */
const commentsOnly = (script: string) => script.split("\n").every((line) => /^\s*(#.*)?$/.test(line));

/**
 * `bash -n` on many scripts; one message (or null) per script. Fast path: every distinct script with a command in
 * it as the body of a function, all in one file, one bash -n; only when that fails, each on its own.
 */
export function bashSyntaxErrors(scripts: string[]): (string | null)[] {
  const checked = [...new Set(scripts)].filter((s) => !commentsOnly(s));
  const errors = new Map<string, string | null>();
  const batch = checked.map((s, i) => `__script_${i}() {\n${s}\n}\n`).join("");
  if (checked.length && bashSyntaxError(batch) !== null)
    eachOnItsOwn(checked).forEach((error, i) => errors.set(checked[i], error));
  return scripts.map((s) => errors.get(s) ?? null);
}

/** `bash -n` on each script, from one driving bash process. */
function eachOnItsOwn(scripts: string[]): (string | null)[] {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-bash-"));
  try {
    scripts.forEach((s, i) => writeFileSync(join(dir, `${i}.sh`), s));
    const driver = `for i in $(seq 0 ${scripts.length - 1}); do if ! out=$(bash --norc -n "${dir}/$i.sh" 2>&1); then printf '%s\\t%s\\0' "$i" "$out"; fi; done`;
    const out = execFileSync("bash", ["--norc", "-c", driver], { encoding: "utf8" });
    const errors: (string | null)[] = scripts.map(() => null);
    for (const entry of out.split("\0").filter(Boolean)) {
      const tab = entry.indexOf("\t");
      errors[Number(entry.slice(0, tab))] = entry.slice(tab + 1);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
