/**
 * The repository's templates, catalogue files and JSON Schemas for the viewer: each set is one module
 * (`virtual:hubkit/templates`, `virtual:hubkit/catalogue`, `virtual:hubkit/schemas`) whose default export maps
 * repository paths ("templates/inference/python/requests/basic.hbs") to texts. A module per file, as
 * import.meta.glob gives, made some 400 requests of each page load of the dev server and cost a test worker 4 s of
 * imports for the 1,000 files. The dev server watches each file read, so an edit updates the page as an edit of a
 * module does; a file added or removed reloads it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";

/** Each module's folder (repository path) and the ending of the files it holds. */
export const SOURCE_TEXT_MODULES: Record<string, { folder: string; ending: string }> = {
  "virtual:hubkit/templates": { folder: "templates", ending: ".hbs" },
  "virtual:hubkit/catalogue": { folder: "catalogue", ending: ".yaml" },
  "virtual:hubkit/schemas": { folder: "schemas", ending: ".schema.json" },
};

/** Rollup's mark of a module that is no file: other plugins leave it alone. */
const VIRTUAL = "\0";

/** The files of `folder` under `repoRoot` ending in `ending`, as sorted repository paths. */
function filesUnder(repoRoot: string, folder: string, ending: string): string[] {
  return (readdirSync(join(repoRoot, folder), { recursive: true }) as string[])
    .filter((path) => path.endsWith(ending))
    .map((path) => `${folder}/${path.split(sep).join("/")}`)
    .sort();
}

export function sourceTexts(repoRoot: string): Plugin {
  return {
    name: "hubkit-source-texts",
    resolveId: (id) => (id in SOURCE_TEXT_MODULES ? VIRTUAL + id : undefined),
    load(id) {
      const module = id.startsWith(VIRTUAL) ? SOURCE_TEXT_MODULES[id.slice(VIRTUAL.length)] : undefined;
      if (!module) return undefined;
      const texts: Record<string, string> = {};
      for (const path of filesUnder(repoRoot, module.folder, module.ending)) {
        const file = join(repoRoot, path);
        this.addWatchFile(file);
        texts[path] = readFileSync(file, "utf8");
      }
      return `export default ${JSON.stringify(texts)};`;
    },
    configureServer(server) {
      const addedOrRemoved = (file: string) => reloadFor(server, repoRoot, file);
      server.watcher.on("add", addedOrRemoved).on("unlink", addedOrRemoved);
    },
  };
}

/** A file added to or removed from a module's folder: the module is read again, and the page reloads. */
function reloadFor(server: ViteDevServer, repoRoot: string, file: string): void {
  const path = relative(repoRoot, file).split(sep).join("/");
  for (const [id, { folder, ending }] of Object.entries(SOURCE_TEXT_MODULES)) {
    if (!path.startsWith(`${folder}/`) || !path.endsWith(ending)) continue;
    const loaded = server.moduleGraph.getModuleById(VIRTUAL + id);
    if (!loaded) continue;
    server.moduleGraph.invalidateModule(loaded);
    server.ws.send({ type: "full-reload" });
  }
}
