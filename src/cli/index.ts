/** hubkit command line: `hubkit <command> [options]` (the commands: main.ts). */
import { main } from "./main.js";

// A reader that closed the pipe early (`hubkit snippets --batch ... | head`) has all it wants: stop quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
