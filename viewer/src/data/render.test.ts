// Loaded first, as main.tsx does: the registries are wrapped before the snippet modules take their functions.
import "./template-hooks.js";
import { describe, expect, it } from "vitest";
import { MODEL_SAMPLES } from "../../../src/generated/index.js";
import { getLibrarySnippets } from "../../../src/index.js";
import { compile, registrySlot, withTemplate } from "./render.js";
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

  it("an edited library template stands in for the generated one during one runtime call only", () => {
    const sample = MODEL_SAMPLES.find(
      (s: (typeof MODEL_SAMPLES)[number]) => s.model.library_name === "3dtopia-xl",
    )!;
    const t = parseTemplatePath("templates/libraries/3dtopia-xl/default.hbs");
    expect(registrySlot(t)).toEqual({ group: "libraries", key: "3dtopia-xl/default" });
    const original = getLibrarySnippets("3dtopia-xl", sample.model);
    const edited = compile(t.path, "edited for {{py model.id}}");
    if (!edited.ok) throw new Error("fixture does not compile");
    const seen = withTemplate(t, edited.render, () => getLibrarySnippets("3dtopia-xl", sample.model));
    expect(seen.map((s) => s.content)).toEqual([`edited for "${sample.model.id}"`]);
    expect(getLibrarySnippets("3dtopia-xl", sample.model)).toEqual(original);
    expect(() =>
      withTemplate(t, edited.render, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(getLibrarySnippets("3dtopia-xl", sample.model)).toEqual(original);
  });

  it("a template the runtime does not know has no slot", () => {
    expect(registrySlot(parseTemplatePath("templates/inference/python/nobody/none.hbs"))).toBeUndefined();
    expect(
      registrySlot(parseTemplatePath("test/artifacts/viewer-fixtures/templates/python/greeting.hbs")),
    ).toBeUndefined();
  });
});
