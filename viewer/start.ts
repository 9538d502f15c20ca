/**
 * `npm start [-- --base <git-ref>] [-- <vite options>]`: serves the viewer (the dev server of viewer/vite.config.ts).
 * With --base, it first runs `hubkit diff` of the working tree against that revision and serves its report, which
 * the viewer's Changes view opens (?view=changes:report). Other options go to Vite as given (--port, --open, ...).
 */
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { diffWorkingTree, ReviewError } from "../generator/review/diff.js";
import { changesReport } from "./changes-plugin.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** --base <ref> (or --base=<ref>) taken out of the arguments; the rest are Vite's. */
export function splitBase(argv: string[]): { base?: string; rest: string[] } {
  const rest: string[] = [];
  let base: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--base") base = argv[++i];
    else if (argv[i].startsWith("--base=")) base = argv[i].slice("--base=".length);
    else rest.push(argv[i]);
  }
  if (base === "") throw new Error("--base needs a git revision, e.g. --base main");
  return { base, rest };
}

async function main(argv: string[]): Promise<number> {
  const { base, rest } = splitBase(argv);
  const port = rest.includes("--port") ? Number(rest[rest.indexOf("--port") + 1]) : undefined;
  const plugins = [];
  if (base !== undefined) {
    const progress = (line: string) => console.error(`hubkit diff: ${line}`);
    const report = await diffWorkingTree({ root, base, progress });
    console.error(`hubkit diff: ${report.changes.length} changed snippets against ${base}`);
    plugins.push(changesReport(JSON.stringify(report)));
  }
  const server = await createServer({
    configFile: fileURLToPath(new URL("./vite.config.ts", import.meta.url)),
    plugins,
    server: { host: "127.0.0.1", ...(port ? { port } : {}), open: rest.includes("--open") },
  });
  await server.listen();
  server.printUrls();
  if (base !== undefined) console.log(`  Changes: ${server.resolvedUrls?.local[0]}?view=changes:report`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const message = (error as Error).message ?? String(error);
    // A missing revision is the user's to fix (2); a revision that does not build, or diff failing, is 1.
    if (message.startsWith("--base")) {
      console.error(`npm start: ${message}`);
      process.exit(2);
    }
    console.error(error instanceof ReviewError ? `npm start: ${message}` : error);
    process.exit(1);
  });
}
