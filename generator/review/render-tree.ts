/**
 * `node --import tsx generator/review/render-tree.ts <root>`: prints, as JSON, every snippet the model pages of
 * the tree at <root> show (renderPage). Run in a process of its own per tree, so each revision's modules load
 * with their own code: the working tree's and a base revision's never share a module.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderPage, type PageApi } from "./page.js";

const root = process.argv[2];
const load = (path: string) =>
  import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;
const api = { ...(await load("src/index.ts")), ...(await load("src/generated/samples.gen.ts")) };
process.stdout.write(JSON.stringify(renderPage(api as unknown as PageApi)));
