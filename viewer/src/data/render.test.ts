import { describe, expect, it } from "vitest";
import { MODEL_SAMPLES } from "../../../src/generated/index.js";
import { getLibrarySnippets } from "../../../src/index.js";
import { TEMPLATE_SOURCES } from "./files.js";
import { compile, inferenceSnippets, librarySnippets, templateKey } from "./render.js";
import { parseTemplatePath } from "./templates.js";

describe("preview rendering uses the project's compiler and runtime", () => {
  it("compiles with the build's rules (literal helpers only) and reports line and column", () => {
    const ok = compile("templates/x.hbs", "model = {{py id}}\n");
    expect(ok.ok && ok.render({ id: 'a"b' })).toBe('model = "a\\"b"\n');
    const raw = compile("templates/x.hbs", "line one\nmodel = {{id}}\n");
    expect(raw.ok).toBe(false);
    expect(!raw.ok && raw.errors[0]).toMatchObject({ file: "templates/x.hbs", line: 2, col: 9 });
    const syntax = compile("templates/x.hbs", "{{#if a}}\nunclosed\n");
    expect(!syntax.ok && syntax.errors[0].message).toMatch(/still open|syntax/);
  });

  it("an edited library template takes the generated one's place in the preview, and only there", () => {
    const sample = MODEL_SAMPLES.find(
      (s: (typeof MODEL_SAMPLES)[number]) => s.model.library_name === "3dtopia-xl",
    )!;
    const t = parseTemplatePath("templates/libraries/3dtopia-xl/default.hbs");
    expect(templateKey(t)).toBe("3dtopia-xl/default");
    const model = sample.model as unknown as Record<string, unknown>;
    const original = getLibrarySnippets("3dtopia-xl", sample.model);
    expect(librarySnippets("3dtopia-xl", model)).toEqual(original);
    const edited = compile(t.path, "edited for {{py model.id}}");
    if (!edited.ok) throw new Error("fixture does not compile");
    const seen = librarySnippets("3dtopia-xl", model, {
      key: "3dtopia-xl/default",
      render: edited.render,
    });
    expect(seen.map((s) => s.content)).toEqual([`edited for "${sample.model.id}"`]);
    expect(getLibrarySnippets("3dtopia-xl", sample.model)).toEqual(original);
  });

  it("previewing an unedited library template gives the built snippets, for every template and sample", () => {
    let pairs = 0;
    for (const path of Object.keys(TEMPLATE_SOURCES).filter((p) => p.startsWith("templates/libraries/"))) {
      const key = templateKey(parseTemplatePath(path))!;
      const library = key.split("/")[0];
      const preview = compile(path, TEMPLATE_SOURCES[path]);
      if (!preview.ok) throw new Error(`${path} does not compile in the preview`);
      for (const { model } of MODEL_SAMPLES.filter((s) => s.model.library_name === library)) {
        const record = model as unknown as Record<string, unknown>;
        const built = librarySnippets(library, record);
        expect(
          librarySnippets(library, record, { key, render: preview.render }),
          `${path} on ${model.id}`,
        ).toEqual(built);
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });

  it("an edited inference template takes the generated one's place for its client only", () => {
    const model = { id: "acme/classifier", pipeline_tag: "text-classification", tags: [] };
    const t = parseTemplatePath("templates/inference/python/requests/basic.hbs");
    const key = templateKey(t)!;
    expect(key).toBe("python/requests/basic");
    const before = inferenceSnippets(model, "hf-inference", {});
    const after = inferenceSnippets(model, "hf-inference", {}, { key, render: () => "edited" });
    expect(after.map((s) => s.client)).toEqual(before.map((s) => s.client));
    for (const [i, s] of after.entries())
      expect(s.content).toBe(s.client === "requests" ? "edited" : before[i].content);
    expect(inferenceSnippets(model, "hf-inference", {})).toEqual(before);
  });

  it("a template the runtime does not know has no key", () => {
    expect(templateKey(parseTemplatePath("templates/inference/python/nobody/none.hbs"))).toBeUndefined();
    expect(
      templateKey(parseTemplatePath("test/artifacts/viewer-fixtures/templates/python/greeting.hbs")),
    ).toBeUndefined();
  });
});
