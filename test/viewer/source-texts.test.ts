/**
 * viewer/source-texts-plugin.ts: each module holds every file of its folder with its ending, by repository path, as
 * git sees the working tree; in the dev server a file edited, added or removed shows in the module loaded next.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { SOURCE_TEXT_MODULES, sourceTexts } from "../../viewer/source-texts-plugin.js";
import { repoRoot } from "./harness.js";

const servers: ViteDevServer[] = [];
const temps: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

async function devServer(root: string): Promise<ViteDevServer> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [sourceTexts(root)],
    server: { middlewareMode: true, hmr: false },
  });
  servers.push(server);
  return server;
}

const load = async (server: ViteDevServer, id: string) =>
  ((await server.ssrLoadModule(id)) as { default: Record<string, string> }).default;

describe("the viewer's source texts", () => {
  it("each module holds every file git sees in its folder, with its text", async () => {
    const server = await devServer(repoRoot);
    for (const [id, { folder, ending }] of Object.entries(SOURCE_TEXT_MODULES)) {
      const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", folder], {
        cwd: repoRoot,
        encoding: "utf8",
      })
        .split("\n")
        .filter((path) => path.endsWith(ending))
        .sort();
      const texts = await load(server, id);
      expect(Object.keys(texts).sort(), id).toEqual(listed);
      expect(listed.length, id).toBeGreaterThan(0);
      for (const path of listed) expect(texts[path], path).toBe(readFileSync(join(repoRoot, path), "utf8"));
    }
  });

  it("in the dev server, a file edited, added or removed shows in the module loaded next", async () => {
    const root = mkdtempSync(join(tmpdir(), "hubkit-source-texts-"));
    temps.push(root);
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write("templates/python/basic.hbs", "one\n");
    write("templates/notes.txt", "not a template\n");
    write("catalogue/tasks/fill-mask.yaml", "id: fill-mask\n");
    write("schemas/task.schema.json", "{}\n");
    const server = await devServer(root);
    const templates = () => load(server, "virtual:hubkit/templates");
    expect(await templates()).toEqual({ "templates/python/basic.hbs": "one\n" });
    expect(await load(server, "virtual:hubkit/catalogue")).toEqual({
      "catalogue/tasks/fill-mask.yaml": "id: fill-mask\n",
    });

    write("templates/python/basic.hbs", "two\n");
    await expect.poll(templates).toEqual({ "templates/python/basic.hbs": "two\n" });
    write("templates/js/fetch/basic.hbs", "fetch\n");
    await expect
      .poll(templates)
      .toEqual({ "templates/js/fetch/basic.hbs": "fetch\n", "templates/python/basic.hbs": "two\n" });
    unlinkSync(join(root, "templates/python/basic.hbs"));
    await expect.poll(templates).toEqual({ "templates/js/fetch/basic.hbs": "fetch\n" });
  });
});
