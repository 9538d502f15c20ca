/** Generator checks for the snippet fields of catalogue/tasks: the template must exist; a snippet needs an example. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/diagnostics.js";
import { generate, GENERATOR_INPUTS } from "../../generator/generate.js";

const root = join(import.meta.dirname, "../..");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function withTask(task: string, edit: (yaml: string) => string): string[] {
  dir = mkdtempSync(join(tmpdir(), "hubkit-gen-"));
  for (const input of GENERATOR_INPUTS) cpSync(join(root, input), join(dir, input), { recursive: true });
  const file = join(dir, "catalogue/tasks", `${task}.yaml`);
  writeFileSync(file, edit(readFileSync(file, "utf8")));
  const result = generate({ root: dir, write: false });
  return result.ok ? [] : result.diagnostics.map(formatDiagnostic);
}

describe("generator: task snippet fields", () => {
  it("a snippet template with no .hbs is an error naming the file, line and a guess", () => {
    const errors = withTask("text-to-image", (y) =>
      y.replace("template: textToImage", "template: textToImg"),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^catalogue\/tasks\/text-to-image\.yaml:\d+:\d+ +error +\/snippet\/template "textToImg" has no template .*did you mean "textToImage"\?/,
    );
  });

  it("a non-chat snippet without an example is an error", () => {
    const errors = withTask("fill-mask", (y) => y.replace(/ {2}example:\n {4}inputs: .*\n/, ""));
    expect(errors.join("\n")).toContain(
      '/snippet has no example; snippets would say "No input example has been defined for this model task."',
    );
  });

  it("an example file must be a plain file name", () => {
    const errors = withTask("image-classification", (y) =>
      y.replace("inputs: {file: cats.jpg}", "inputs: {file: ../etc/passwd}"),
    );
    expect(errors.join("\n")).toContain("must be a plain file name");
  });
});
