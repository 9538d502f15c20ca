/**
 * Vite config of the viewer. The app lives in viewer/, but it reads the project's runtime (src/) straight from the
 * repository, so the dev server may serve files from the repository root; its templates, catalogue files and
 * schemas come as one module each (source-texts-plugin.ts).
 */
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { sourceTexts } from "./source-texts-plugin.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: [
      // monaco-yaml's worker imports Monaco's worker entry by a path this Monaco's exports map no longer has.
      {
        find: /^monaco-editor\/esm\/vs\/editor\/editor\.worker\.js$/,
        replacement: `${repoRoot}node_modules/monaco-editor/esm/vs/editor/editor.worker.js`,
      },
      // The browser tests build with --mode e2e, which adds their fixture template and sample record.
      ...(mode === "e2e"
        ? [
            {
              find: /^\.\/fixtures\.js$/,
              replacement: fileURLToPath(new URL("./src/data/fixtures.e2e.ts", import.meta.url)),
            },
          ]
        : []),
    ],
  },
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  plugins: [react(), sourceTexts(repoRoot)],
  server: { host: "127.0.0.1", fs: { allow: [repoRoot] } },
  preview: { host: "127.0.0.1" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    // Monaco (about 3 MB) is its own chunk, loaded on the first code block (components/LazyEditor.tsx).
    // Rolldown's note that plugins took most of a build (Vite's own CSS and worker plugins, on a busy machine) is
    // nothing a user of the viewer can act on; it printed in the middle of `npm test`'s output.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: "es" },
}));
