/**
 * Serves a `hubkit diff` report to the viewer at CHANGES_REPORT_PATH, so that `npm start -- --base <git-ref>` opens
 * the Changes view on the report of the working tree against that revision (viewer/start.ts).
 */
import type { Plugin } from "vite";

/** Where the viewer looks for a served report (relative to the page, so it works under any base path). */
export const CHANGES_REPORT_PATH = "/__hubkit/changes.json";

export function changesReport(json: string): Plugin {
  return {
    name: "hubkit-changes-report",
    configureServer(server) {
      server.middlewares.use(CHANGES_REPORT_PATH, (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(json);
      });
    },
  };
}
