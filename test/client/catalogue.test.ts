/** The generator's provider checks: a bad provider file fails with file:line:col, and nothing is written. */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatDiagnostic, sortDiagnostics } from "../../generator/diagnostics.js";
import { generate } from "../../generator/generate.js";
import pkg from "../../package.json" with { type: "json" };
import { copyProject } from "../catalogue/project.js";
import { HUBKIT_VERSION, USER_AGENT } from "../../src/inference/index.js";

let root: string;
beforeAll(() => {
  root = copyProject("hubkit-providers-");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function errorsFor(file: string, edit: (text: string) => string): string[] {
  const path = join(root, file);
  const original = readFileSync(path, "utf8");
  writeFileSync(path, edit(original));
  try {
    const result = generate({ root, write: false });
    return result.ok ? [] : sortDiagnostics(result.diagnostics).map(formatDiagnostic);
  } finally {
    writeFileSync(path, original);
  }
}

it("the catalogue as committed generates", () => {
  expect(errorsFor("catalogue/providers/groq.yaml", (t) => t)).toEqual([]);
});

it("a flow that does not exist", () => {
  expect(
    errorsFor("catalogue/providers/black-forest-labs.yaml", (t) =>
      t.replace("flow: bfl-poll", "flow: bfl-pol"),
    ),
  ).toEqual([
    'catalogue/providers/black-forest-labs.yaml:10:11  error  flow "bfl-pol" does not exist: no file src/inference/flows/bfl-pol.ts  [provider/known-flow]\n  tip: name an existing flow, or write the hook in that file',
  ]);
});

it("an unknown task id, with a suggestion", () => {
  expect(
    errorsFor("catalogue/providers/groq.yaml", (t) => t.replace("  text-generation:", "  text-generaton:")),
  ).toEqual([
    'catalogue/providers/groq.yaml:8:3  error  task "text-generaton" is not a known task; did you mean "text-generation"?  [provider/known-task]\n  tip: tasks are the files in catalogue/tasks/, plus conversational',
  ]);
});

it("an unknown response shape, a bad path, an id that is not the file name", () => {
  const errors = errorsFor("catalogue/providers/nscale.yaml", (t) =>
    t
      .replace("id: nscale", "id: nscal")
      .replace("path: /v1/images/generations", "path: v1/images/{modelId}")
      .replace("expect: chat-completion", "expect: chat-completon"),
  );
  expect(errors).toEqual([
    'catalogue/providers/nscale.yaml:8:11  error  /tasks/text-to-image/path must start with "/"; placeholders: {model} (hub id), {providerId}  [provider.schema.json pattern]',
  ]);
  expect(
    errorsFor("catalogue/providers/nscale.yaml", (t) =>
      t.replace("id: nscale", "id: nscal").replace("expect: chat-completion", "expect: chat-completon"),
    ),
  ).toEqual([
    'catalogue/providers/nscale.yaml:2:5  error  /id "nscal" must equal the file name "nscale"  [catalogue/id-is-file-name]',
    'catalogue/providers/nscale.yaml:12:105  error  shape "chat-completon" is not in catalogue/responses.yaml; did you mean "chat-completion"?  [provider/known-shape]',
  ]);
});

it("the User-Agent version comes from package.json", () => {
  expect(HUBKIT_VERSION).toBe(pkg.version);
  expect(USER_AGENT.split(" ")[0]).toBe(`hubkit/${pkg.version}`); // then navigator.userAgent on Node 21+ (user-agent.test.ts)
});
