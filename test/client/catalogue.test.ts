/** The generator's provider checks: a bad provider file fails with file:line:col, and nothing is written. */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

it("an unknown answer schema, a bad path, an id that is not the file name", () => {
  const errors = errorsFor("catalogue/providers/nscale.yaml", (t) =>
    t
      .replace("id: nscale", "id: nscal")
      .replace("path: /v1/images/generations", "path: v1/images/{modelId}")
      .replace("expect: ChatCompletionOutput", "expect: ChatCompletionOutptu"),
  );
  expect(errors).toEqual([
    'catalogue/providers/nscale.yaml:8:11  error  /tasks/text-to-image/path must start with "/"; placeholders: {model} (hub id), {providerId}  [provider.schema.json pattern]',
  ]);
  expect(
    errorsFor("catalogue/providers/nscale.yaml", (t) =>
      t
        .replace("id: nscale", "id: nscal")
        .replace("expect: ChatCompletionOutput", "expect: ChatCompletionOutptu"),
    ),
  ).toEqual([
    'catalogue/providers/nscale.yaml:2:5  error  /id "nscal" must equal the file name "nscale"  [catalogue/id-is-file-name]',
    'catalogue/providers/nscale.yaml:12:105  error  "ChatCompletionOutptu" is not a definition of catalogue/task-specs/, catalogue/task-spec-definitions.yaml or catalogue/provider-answers.yaml; did you mean "ChatCompletionOutput"?  [provider/known-shape]\n  tip: name the task\'s output schema (e.g. TextClassificationOutput), or define the answer once in catalogue/provider-answers.yaml',
  ]);
});

it("the User-Agent version comes from package.json", () => {
  expect(HUBKIT_VERSION).toBe(pkg.version);
  expect(USER_AGENT.split(" ")[0]).toBe(`hubkit/${pkg.version}`); // then navigator.userAgent on Node 21+ (user-agent.test.ts)
});

it("a new provider file is checked like the others: fields that need another field, schema values", () => {
  expect(
    errorsFor("catalogue/providers/wavespeed.yaml", (t) =>
      t
        .replace(
          'lora: {loras: [{path: "{model}", scale: 1}]}',
          'lora: {loras: [{path: "{model}/{adapterWeightsPath}"}]}',
        )
        .replace("output: &file {take: data.outputs.0, file: url,", "output: &file {take: data.outputs.0,"),
    ),
  ).toMatchInlineSnapshot(`
    [
      "catalogue/providers/wavespeed.yaml:15:7  error  the lora fields use {adapterWeightsPath}, so they cannot be added without it (loraNeedsWeightsPath: false)  [provider/lora]",
      "catalogue/providers/wavespeed.yaml:18:42  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
      "catalogue/providers/wavespeed.yaml:21:11  error  the lora fields use {adapterWeightsPath}, so they cannot be added without it (loraNeedsWeightsPath: false)  [provider/lora]",
      "catalogue/providers/wavespeed.yaml:24:13  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
      "catalogue/providers/wavespeed.yaml:36:13  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
      "catalogue/providers/wavespeed.yaml:43:13  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
      "catalogue/providers/wavespeed.yaml:53:13  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
      "catalogue/providers/wavespeed.yaml:63:13  error  output.downloadFailure is the message of a failed file download, but output.file is not url  [provider/download]",
    ]
  `);
  expect(
    errorsFor("catalogue/providers/zai-org.yaml", (t) =>
      t.replace("accepts: [blob, http-url]", "accepts: [blob, url]"),
    ),
  ).toMatchInlineSnapshot(`
    [
      "catalogue/providers/zai-org.yaml:20:23  error  /tasks/image-to-text/input/accepts/1 must be one of blob, array-buffer, http-url  [provider.schema.json enum]",
    ]
  `);
  expect(
    errorsFor("catalogue/providers/deepinfra.yaml", (t) =>
      t
        .replace("accepts: [blob, array-buffer]", "accepts: [blob]\n      download: true")
        .replace("binary: multipart, ", ""),
    ),
  ).toMatchInlineSnapshot(`
    [
      "catalogue/providers/deepinfra.yaml:12:7  error  input.download fetches URL inputs, but input.accepts does not list http-url  [provider/input]
      tip: add http-url to input.accepts, or remove download",
      "catalogue/providers/deepinfra.yaml:14:54  error  body.fileName names the file part of a multipart body, but body.binary is not multipart  [provider/multipart]",
    ]
  `);
});
