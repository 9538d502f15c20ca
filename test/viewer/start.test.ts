/**
 * `npm start -- --base <ref>` (viewer/start.ts): the arguments it takes for itself, and the report it serves to the
 * viewer through a real Vite dev server on 127.0.0.1 (the diff itself is tested in test/review/diff.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "vite";
import { describe, expect, it } from "vitest";
import { CHANGES_REPORT_PATH, changesReport } from "../../viewer/changes-plugin.js";
import { splitBase } from "../../viewer/start.js";

describe("npm start -- --base", () => {
  it("takes --base (both forms) for itself and leaves Vite's options", () => {
    expect(splitBase(["--base", "main", "--port", "5174"])).toEqual({
      base: "main",
      rest: ["--port", "5174"],
    });
    expect(splitBase(["--base=HEAD~1"])).toEqual({ base: "HEAD~1", rest: [] });
    expect(splitBase(["--open"])).toEqual({ base: undefined, rest: ["--open"] });
    expect(() => splitBase(["--base="])).toThrow("--base needs a git revision, e.g. --base main");
  });

  it("serves the report where the Changes view asks for it", async () => {
    const root = mkdtempSync(join(tmpdir(), "hubkit-start-"));
    const report = {
      base: "abc",
      head: "working tree",
      summary: { added: 0, removed: 0, changed: 0 },
      changes: [],
    };
    const server = await createServer({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [changesReport(JSON.stringify(report))],
      server: { host: "127.0.0.1", port: 0 },
    });
    try {
      await server.listen();
      const res = await fetch(`${server.resolvedUrls!.local[0]}${CHANGES_REPORT_PATH.slice(1)}`);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual(report);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
