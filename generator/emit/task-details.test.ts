/**
 * Task pages are emitted from the catalogue's data: any text, including text that looks like JSON or TS
 * (`: null`, quotes, backslashes), reads back exactly as the YAML file has it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { copyProject } from "../../test/catalogue/project.js";
import { generate } from "../generate.js";

const root = copyProject("hubkit-task-details-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SUMMARY =
  'Returns {"label": null} when unsure; a TS reader sees `x: null` and `y : null`, "quotes" and \\ too.';
const DESCRIPTION = "key: null";

it("a task page whose text contains ': null' round-trips through the generated module", async () => {
  const file = join(root, "catalogue/tasks/fill-mask.yaml");
  const yaml = readFileSync(file, "utf8");
  const summary = /^ {2}summary: .*$/m;
  const description = /^( {6}description: ).*$/m;
  expect(yaml).toMatch(summary);
  writeFileSync(
    file,
    yaml
      .replace(summary, `  summary: ${JSON.stringify(SUMMARY)}`)
      .replace(description, (_, key: string) => `${key}${JSON.stringify(DESCRIPTION)}`),
  );
  const outDir = join(root, "src/generated");
  const result = generate({ root, outDir });
  expect(result.ok).toBe(true);

  const { TASKS_DATA } = await import(pathToFileURL(join(outDir, "task-details.gen.ts")).href);
  expect(TASKS_DATA["fill-mask"].summary).toBe(SUMMARY);
  expect(TASKS_DATA["fill-mask"].datasets[0].description).toBe(DESCRIPTION);
  // A task type without a page is present, with no data.
  const withoutPage = Object.entries(TASKS_DATA).filter(([, page]) => page === undefined);
  expect(withoutPage.length).toBeGreaterThan(0);
  expect(Object.values(TASKS_DATA)).not.toContain(null);
});
