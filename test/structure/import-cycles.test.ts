/**
 * No import cycles: a module graph that flows one way reads in one direction (generated tables -> runtime ->
 * users), and a cycle makes what a module sees at load time depend on who imported first. Type-only imports
 * count too. Layers: an import never runs back up (LAYERS below). dependency-cruiser builds the graph with the project's own tsconfig (`./x.js` -> x.ts / x.tsx).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["src", "generator", "viewer/src", "bench"];

async function moduleGraph(): Promise<ICruiseResult> {
  const result = await cruise(
    FOLDERS,
    { baseDir: root, tsPreCompilationDeps: true, doNotFollow: { path: "node_modules" } },
    undefined,
    { tsConfig: extractTSConfig(join(root, "tsconfig.json")) },
  );
  return result.output as ICruiseResult;
}

/** Each cycle once, as "a.ts -> b.ts -> a.ts", starting from its smallest module name. */
function cycles(graph: ICruiseResult): string[] {
  const found = new Set<string>();
  for (const module of graph.modules)
    for (const dependency of module.dependencies) {
      if (!dependency.circular || !dependency.cycle) continue;
      const path = dependency.cycle.map((step) => step.name);
      // The cycle listed from `module` ends at `module`: rotate it to start at its smallest name.
      const start = path.indexOf([...path].sort()[0]);
      const rotated = [...path.slice(start), ...path.slice(0, start)];
      found.add([...rotated, rotated[0]].join(" -> "));
    }
  return [...found].sort();
}

/**
 * The layers of src/, lowest first: a module imports from its own layer or a lower one. The generated tables
 * (src/generated/) are the catalogue compiled for each layer and belong to the layer that reads them, so they are
 * not ranked; the package entry points (src/index.ts) sit on top.
 */
const LAYERS: Record<string, number> = {
  "did-you-mean.ts": 0,
  templating: 0,
  "chat-template": 0,
  tasks: 0,
  "gguf.ts": 0,
  inference: 1,
  snippets: 2,
  "local-apps": 3,
  cli: 4,
};
const layerOf = (path: string) => LAYERS[path.split("/")[1]];

describe("module graph", () => {
  it("imports within src/ go from a higher layer to the same or a lower one", async () => {
    const graph = await moduleGraph();
    const upward = graph.modules
      .filter((m) => m.source.startsWith("src/") && layerOf(m.source) !== undefined)
      .flatMap((m) =>
        m.dependencies
          .filter((d) => d.resolved.startsWith("src/") && (layerOf(d.resolved) ?? -1) > layerOf(m.source)!)
          .map((d) => `${m.source} -> ${d.resolved}`),
      );
    expect(upward).toEqual([]);
  }, 120_000);

  it("has no import cycle in src/, generator/, viewer/src/ or bench/", async () => {
    const graph = await moduleGraph();
    // The graph is the real one: every folder is in it and every relative import resolved (a missed import
    // could hide a cycle).
    for (const folder of FOLDERS)
      expect(
        graph.modules.some((m) => m.source.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
    const unresolved = graph.modules.flatMap((m) =>
      m.dependencies
        // A Vite `?worker` import starts a separate bundle: nothing in it can close a cycle with its importer.
        .filter((d) => d.couldNotResolve && d.module.startsWith(".") && !d.module.endsWith("?worker"))
        .map((d) => `${m.source}: ${d.module}`),
    );
    expect(unresolved).toEqual([]);

    expect(cycles(graph)).toEqual([]);
  }, 120_000);
});
