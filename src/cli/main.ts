/**
 * hubkit command line as a function: `main(argv, io)` runs `hubkit <argv...>` and resolves to its exit code.
 * Commands are discovered from src/cli/commands/<name>.{ts,js}; each exports `summary` and `run(argv, io)`.
 * index.ts runs it for the process; tests run it in process with an Io of their own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PROCESS_IO, type Io } from "./io.js";
import { UsageError } from "./usage.js";

export interface Command {
  summary: string;
  run(argv: string[], io: Io): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), "commands");

/** The package's version: package.json sits two folders up from both src/cli/ and dist/cli/. */
function packageVersion(): string {
  const manifest = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  return (JSON.parse(manifest) as { version: string }).version;
}

function listCommands(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(commandsDir).sort()) {
    const match = /^([a-z][a-z-]*)\.(ts|js)$/.exec(file);
    if (match && !file.endsWith(".d.ts")) found.set(match[1], join(commandsDir, file));
  }
  return found;
}

/** Exit code of `hubkit <argv...>`; an unexpected error is printed as `hubkit: <message>` with exit code 1. */
export async function main(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    io.error(error instanceof Error ? `hubkit: ${error.message}` : String(error));
    return 1;
  }
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const commands = listCommands();
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-V") {
    io.log(packageVersion());
    return 0;
  }
  if (!name || name === "--help" || name === "-h" || name === "help") {
    const lines = ["usage: hubkit <command> [options]", "", "commands:"];
    for (const [cmd, file] of commands) {
      const { summary } = (await import(file)) as Command;
      lines.push(`  ${cmd.padEnd(16)}${summary}`);
    }
    lines.push(
      "",
      "Run `hubkit <command> --help` for a command's options, `hubkit --version` for the version.",
    );
    io.log(lines.join("\n"));
    return name ? 0 : 2;
  }
  const file = commands.get(name);
  if (!file) {
    io.error(`hubkit: unknown command "${name}"; known: ${[...commands.keys()].join(", ")}`);
    return 2;
  }
  const command = (await import(file)) as Command;
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`hubkit ${name}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
