import { describe, expect, it } from "vitest";
import { INFERENCE_TEMPLATES } from "../../../src/generated/index.js";
import { compile, withTemplate } from "./render.js";
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

  it("puts an edited template in the generated registry for one call only", () => {
    const t = parseTemplatePath("templates/inference/python/viewer-test/probe.hbs");
    const key = "python/viewer-test/probe";
    const seen = withTemplate(
      t,
      () => "edited",
      () => INFERENCE_TEMPLATES[key]?.({}),
    );
    expect(seen).toBe("edited");
    expect(key in INFERENCE_TEMPLATES).toBe(false);
    expect(() =>
      withTemplate(
        t,
        () => "x",
        () => {
          throw new Error("boom");
        },
      ),
    ).toThrow("boom");
    expect(key in INFERENCE_TEMPLATES).toBe(false);
  });
});
