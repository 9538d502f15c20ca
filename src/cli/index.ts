/**
 * hubkit command line: `hubkit <command> [options]`.
 * Commands are discovered from src/cli/commands/<name>.{ts,js}; each exports `summary` and `run(argv)`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./usage.js";

export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
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

async function main(argv: string[]): Promise<number> {
  const commands = listCommands();
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-V") {
    console.log(packageVersion());
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

// A reader that closed the pipe early (`hubkit snippets --batch ... | head`) has all it wants: stop quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? `hubkit: ${error.message}` : error);
    process.exitCode = 1;
  },
);
