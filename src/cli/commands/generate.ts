/**
 * `hubkit generate [--root DIR]`: runs the catalogue generator of a hubkit checkout (catalogue/ -> src/generated/).
 * The generator is not part of the published package: it is found in the current folder or a parent, loaded
 * at run time by a computed path, and run with the checkout's own tsx when hubkit itself runs from dist/.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCommandArgs } from "../usage.js";
import { PROCESS_IO, type Io } from "../io.js";

export const summary = "emit src/generated/ from catalogue/ (inside a hubkit checkout)";

export function run(argv: string[], io: Io = PROCESS_IO): Promise<number> {
  return runGeneratorCommand("generate", argv, io);
}

/** What generator/cli.ts exports. */
interface GeneratorCli {
  runGenerator(
    command: string,
    root: string,
    print: { out(line: string): void; err(line: string): void },
  ): number;
}

const GENERATOR = join("generator", "cli.ts");

/** The checkout around the current folder (or hubkit's own), with a module of its dev tooling loaded. */
export async function loadFromCheckout<T>(
  command: string,
  module: string,
  io: Io = PROCESS_IO,
): Promise<{ checkout: string; api: T } | undefined> {
  const checkout = findCheckout(undefined);
  if (!checkout) {
    io.error(
      `hubkit ${command}: no ${GENERATOR} found in ${process.cwd()} or its parents; run it inside a hubkit checkout`,
    );
    return undefined;
  }
  return { checkout, api: (await loadCheckoutModule(checkout, module)) as T };
}

/** Shared by `hubkit generate` and `hubkit validate`. */
export async function runGeneratorCommand(
  command: "generate" | "validate",
  argv: string[],
  io: Io = PROCESS_IO,
): Promise<number> {
  const usage = `hubkit ${command} [--root DIR]`;
  const { values } = parseCommandArgs(
    argv,
    { options: { root: { type: "string" }, help: { type: "boolean", short: "h" } } },
    usage,
  );
  if (values.help) {
    io.log(
      `usage: ${usage}\n\n` +
        (command === "generate"
          ? "Validates catalogue/ and writes src/generated/; on any error prints every error and writes nothing.\n"
          : "Validates catalogue/ against schemas/ and the cross-file checks; prints every error, writes nothing.\n") +
        "  --root DIR  the project whose catalogue/ to read (default: the hubkit checkout around the current folder)",
    );
    return 0;
  }
  const root = values.root === undefined ? undefined : resolve(values.root);
  const checkout = findCheckout(root);
  if (!checkout) {
    io.error(
      `hubkit ${command}: no ${GENERATOR} found in ${process.cwd()} or its parents; run it inside a hubkit checkout`,
    );
    return 1;
  }
  if (root !== undefined && !existsSync(join(root, "catalogue"))) {
    io.error(`hubkit ${command}: ${root} has no catalogue/ folder`);
    return 1;
  }
  const generator = (await loadCheckoutModule(checkout, GENERATOR)) as GeneratorCli;
  return generator.runGenerator(command, root ?? checkout, { out: io.log, err: io.error });
}

/** The first folder holding generator/cli.ts: --root, the current folder and its parents, then hubkit's own. */
function findCheckout(root: string | undefined): string | undefined {
  const candidates: string[] = root === undefined ? [] : [root];
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    candidates.push(dir);
    if (dirname(dir) === dir) break;
  }
  // src/cli/commands/ (run with tsx) or dist/cli/commands/ (built): three levels below the package root.
  candidates.push(fileURLToPath(new URL("../../../", import.meta.url)));
  return candidates.find((dir) => existsSync(join(dir, GENERATOR)));
}

async function loadCheckoutModule(checkout: string, module: string): Promise<unknown> {
  const url = pathToFileURL(join(checkout, module)).href;
  // Already running TypeScript through tsx (e.g. `npx tsx src/cli/index.ts`): a plain import works.
  if (import.meta.url.endsWith(".ts")) return import(url);
  // Running the built dist/ with plain node: load the .ts generator with the checkout's tsx (its ESM API: the
  // CommonJS one cannot load its own ESM half when required from an ES module).
  let api: string;
  try {
    const manifest = createRequire(join(checkout, "package.json")).resolve("tsx/package.json");
    const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
      exports: Record<string, { import?: { default?: string } }>;
    };
    api = join(dirname(manifest), exports["./esm/api"]?.import?.default ?? "dist/esm/api/index.mjs");
  } catch {
    throw new Error(
      `${checkout} has no node_modules/tsx to run the generator with; run \`npm ci\` there first`,
    );
  }
  const { tsImport } = (await import(pathToFileURL(api).href)) as {
    tsImport(specifier: string, parent: string): Promise<unknown>;
  };
  return tsImport(url, import.meta.url);
}
