/**
 * The commands shell scripts run, with their arguments after the shell has read them: every script is run by a
 * real bash in which no program exists (PATH is empty), so each command line reaches command_not_found_handle,
 * which records its words (test/support/argv-driver.sh). Nothing runs; the words show what a user's shell would
 * pass, whatever they hold (they are read by count).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The bash found at startup: the scripts run with an empty PATH. */
const BASH = execFileSync("bash", ["--norc", "-c", "command -v bash"], { encoding: "utf8" }).trim();

const DRIVER = readFileSync(new URL("./argv-driver.sh", import.meta.url), "utf8");

/** For each script, the words of each command it runs; the commands of one pipeline (they run at once) sorted. */
export function commandWords(scripts: string[]): string[][][] {
  // A block without the text that varies (an install step) is the same in many scripts: each distinct one runs once.
  const distinct = [...new Set(scripts)];
  const ran = runEach(distinct);
  const words = new Map(distinct.map((script, i) => [script, ran[i]]));
  return scripts.map((script) => words.get(script)!);
}

/** commandWords of distinct scripts, in one bash, each in a subshell of its own. */
function runEach(scripts: string[]): string[][][] {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-command-words-"));
  try {
    // ":" keeps a script that is only a comment (an install hint) a valid subshell.
    const body = scripts.map((s) => `(\n${s}\n:\n) </dev/null 2>/dev/null\n__end\n`).join("");
    const recorders = `__define_recorders ${commandNames(scripts).join(" ")}\n`;
    // From a file: as one argument (bash -c) many scripts outgrow the kernel's limit on an argument's length.
    writeFileSync(join(dir, "scripts.sh"), `${DRIVER}\n${recorders}${body}`);
    execFileSync(BASH, ["--norc", "--noprofile", join(dir, "scripts.sh")], {
      cwd: dir,
      env: { PATH: "/nonexistent", HOME: dir, OUT: join(dir, "out") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    return recorded(readFileSync(join(dir, "out"), "utf8")).map((calls) =>
      calls.sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The names the scripts may run as commands: each word of a command's name shape at the start of a line or after
 * ; & | ( or $( (more than needed does no harm; one missed is still recorded, more slowly, by the handler).
 */
function commandNames(scripts: string[]): string[] {
  const names = scripts.flatMap((s) => [...s.matchAll(/(?:^|[;&|(`])\s*([A-Za-z_][\w-]*)(?=[\s;&|)]|$)/gm)]);
  return [...new Set(names.map((m) => m[1]))];
}

/** The driver's output as the calls of each script: "call", a count and that many words; "end". */
function recorded(out: string): string[][][] {
  const tokens = out.split("\0");
  const scripts: string[][][] = [];
  let calls: string[][] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i] === "end") {
      scripts.push(calls);
      calls = [];
    } else {
      const count = Number(tokens[i + 1]);
      calls.push(tokens.slice(i + 2, i + 2 + count));
      i += 1 + count;
    }
  }
  return scripts;
}
