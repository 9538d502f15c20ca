/**
 * hubkit command line: `hubkit <command> [options]`.
 * Commands are discovered from src/cli/commands/<name>.{ts,js}; each exports `summary` and `run(argv)`.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./usage.js";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), "commands");

function listCommands(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(commandsDir).sort()) {
    const match = /^([a-z][a-z-]*)\.(ts|js)$/.exec(file);
    if (match && !file.endsWith(".d.ts")) found.set(match[1], join(commandsDir, file));
  }
  return found;
}

async function main(argv: string[]): Promise<number> {
  const commands = listCommands();
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    const lines = ["usage: hubkit <command> [options]", "", "commands:"];
    for (const [cmd, file] of commands) {
      const { summary } = (await import(file)) as Command;
      lines.push(`  ${cmd.padEnd(16)}${summary}`);
    }
    lines.push("", "Run `hubkit <command> --help` for a command's options.");
    console.log(lines.join("\n"));
    return name ? 0 : 2;
  }
  const file = commands.get(name);
  if (!file) {
    console.error(`hubkit: unknown command "${name}"; known: ${[...commands.keys()].join(", ")}`);
    return 2;
  }
  const command = (await import(file)) as Command;
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`hubkit ${name}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? `hubkit: ${error.message}` : error);
    process.exitCode = 1;
  },
);
