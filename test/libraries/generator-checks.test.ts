/** The generator's checks between library files, templates/libraries/ and catalogue/samples/. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/diagnostics.js";
import { generate } from "../../generator/generate.js";
import { LoadCache } from "../../generator/load-cache.js";
import { copyProject } from "../catalogue/project.js";

const copies: string[] = [];
/** The cases change a file or two of the same catalogue: each file's parse and schema check is done once. */
const cache = new LoadCache();

/** A copy of the generator's inputs with one change, run through the generator. */
function problems(change: (dir: string) => void): string[] {
  const dir = copyProject("hubkit-libraries-");
  copies.push(dir);
  change(dir);
  const result = generate({ root: dir, write: false, cache });
  return result.ok ? [] : result.diagnostics.map(formatDiagnostic);
}

afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const append = (dir: string, file: string, text: string) =>
  writeFileSync(join(dir, file), readText(dir, file) + text);
const readText = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

describe("library snippet checks: templates, derive functions, libraryTask", () => {
  it("the catalogue as committed is clean", () => {
    expect(problems(() => {})).toEqual([]);
  });

  it("a declared template must exist", () => {
    const out = problems((dir) =>
      append(dir, "catalogue/libraries/bertopic.yaml", "  - template: defualt\n"),
    );
    expect(out.join("\n")).toMatch(
      /catalogue\/libraries\/bertopic\.yaml:\d+:\d+ {2}error {2}\/snippets\/1\/template "defualt" has no file templates\/libraries\/bertopic\/defualt\.hbs; did you mean "default"\?/,
    );
  });

  it("a template folder must name a known library, and every template must be declared", () => {
    const out = problems((dir) => {
      mkdirSync(join(dir, "templates/libraries/bertopc"));
      writeFileSync(join(dir, "templates/libraries/bertopc/default.hbs"), "x\n");
      writeFileSync(join(dir, "templates/libraries/bertopic/extra.hbs"), "x\n");
    }).join("\n");
    expect(out).toContain(
      'templates/libraries/bertopc/default.hbs:1:1  error  templates/libraries/bertopc/ does not name a known library; did you mean "bertopic"?',
    );
    expect(out).toContain(
      'templates/libraries/bertopic/extra.hbs:1:1  error  template "extra" is not named by catalogue/libraries/bertopic.yaml /snippets',
    );
  });

  it("derive functions must exist and paths must start at model or a derived value", () => {
    const out = problems((dir) => {
      writeFileSync(
        join(dir, "catalogue/libraries/stanza.yaml"),
        readText(dir, "catalogue/libraries/stanza.yaml").replace(
          "function: stanzaLang",
          "function: stanzaLanguage",
        ),
      );
      writeFileSync(
        join(dir, "catalogue/libraries/peft.yaml"),
        readText(dir, "catalogue/libraries/peft.yaml").replace("unset: [task]", "unset: [tsak]"),
      );
    }).join("\n");
    expect(out).toContain(
      '/derive/lang/function "stanzaLanguage" is not exported by src/snippets/libraries/derive.ts; did you mean "stanzaLang"?',
    );
    expect(out).toContain('"tsak" must start with model. or name a derived value (task)');
  });

  it("libraryTask names a library with a tasks list", () => {
    const out = problems((dir) => {
      const file = join(dir, "catalogue/libraries/pruna-ai.yaml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace("libraryTask: transformers", "libraryTask: transformer"),
      );
      const lora = join(dir, "catalogue/libraries/bertopic.yaml");
      writeFileSync(
        lora,
        readFileSync(lora, "utf8") + "  - { template: default, when: { libraryTask: audioseal } }\n",
      );
    }).join("\n");
    expect(out).toMatch(
      /catalogue\/libraries\/pruna-ai\.yaml:\d+:\d+ {2}error {2}\/snippets\/\d+\/when\/libraryTask "transformer" is not a known library; did you mean "transformers"\?/,
    );
    expect(out).toContain('/when/libraryTask "audioseal" names a library without a /tasks list');
  });
});

describe("library snippet checks: the schema, and the samples", () => {
  it("the schema rejects unknown condition keys and languages", () => {
    const out = problems((dir) => {
      append(
        dir,
        "catalogue/libraries/bertopic.yaml",
        "  - { template: default, language: ruby, when: { tag: [x] } }\n",
      );
    }).join("\n");
    expect(out).toContain("catalogue/libraries/bertopic.yaml");
    expect(out).toMatch(/language must be one of python, sh, js, csharp, text/);
  });

  it("a sample's name is its file name, and its library must be known", () => {
    const out = problems((dir) => {
      writeFileSync(
        join(dir, "catalogue/samples/extra-sample.yaml"),
        "# yaml-language-server: $schema=../../schemas/model-record.schema.json\nname: other-name\ntitle: x\nid: a/b\nlibrary_name: bertopik\n",
      );
    }).join("\n");
    expect(out).toContain(
      'catalogue/samples/extra-sample.yaml:2:7  error  /name "other-name" must equal the file name "extra-sample"',
    );
    expect(out).toContain('/library_name "bertopik" is not a known library; did you mean "bertopic"?');
  });

  it("a sample record is validated against the model record schema", () => {
    const out = problems((dir) => {
      writeFileSync(
        join(dir, "catalogue/samples/bad-sample.yaml"),
        "# yaml-language-server: $schema=../../schemas/model-record.schema.json\nname: bad-sample\ntitle: x\nid: a/b\ntags: lora\nconfig:\n  peft:\n    task: CAUSAL_LM\n",
      );
    }).join("\n");
    expect(out).toContain("catalogue/samples/bad-sample.yaml:5:7  error  /tags must be an array");
    expect(out).toContain(
      "/config/peft/task is not a known field; known: base_model_name_or_path, task_type",
    );
  });
});
