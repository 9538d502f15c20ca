import { describe, expect, it } from "vitest";
import { compileTemplate, instantiate } from "../../generator/templating/compile.js";

const partials: Record<string, string> = {
  "python/importClient": "from hub import {{ident name}}\n",
  "python/loop": "{{> python/loop}}",
  "python/call": "{{ident output}} = query({{py request.url}}){{#if bytes}} # bytes{{/if}}\n",
  "python/whole": "{{py this.output}} {{json this}} {{#each items}}{{py ../output}}{{/each}}\n",
  "python/outer": '{{> python/call bytes=binary}}{{> python/call output="second"}}',
  // Nested partials: the inner one prints its whole context (`this`) or only a field.
  "python/innerWhole": "{{json this}}\n",
  "python/innerField": "{{py output}}\n",
  "python/wrapsWhole": "{{> python/innerWhole}}",
  "python/wrapsWholeWithHash": '{{> python/innerWhole tag="inner"}}',
  "python/wrapsField": "{{> python/innerField}}",
  "python/wrapsTwice": "{{> python/innerWhole}}{{> python/innerWhole}}",
};
const partial = (name: string) =>
  name in partials ? { file: `templates/partials/${name}.hbs`, source: partials[name] } : undefined;

function render(source: string, data: unknown): string {
  const result = compileTemplate({ file: "t.hbs", source }, { partial });
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.col} ${e.message}`).join("\n"));
  return instantiate(result.code)(data);
}

function errors(source: string): string[] {
  const result = compileTemplate({ file: "t.hbs", source }, { partial });
  if (result.ok) throw new Error("expected a compile error");
  return result.errors.map((e) => `${e.file}:${e.line}:${e.col} ${e.message}`);
}

describe("compiled templates render as Handlebars would: values, conditions, loops, value helpers", () => {
  it("prints values through literal helpers only", () => {
    expect(render("model = {{py model.id}}\nconst m = {{js model.id}};", { model: { id: 'a"b' } })).toBe(
      'model = "a\\"b"\nconst m = "a\\"b";',
    );
  });

  it("if / else / unless with Handlebars truthiness (empty list is false)", () => {
    const t = "{{#if tags}}tagged{{else}}untagged{{/if}} {{#unless tags}}none{{/unless}}";
    expect(render(t, { tags: ["a"] })).toBe("tagged ");
    expect(render(t, { tags: [] })).toBe("untagged none");
    expect(render(t, {})).toBe("untagged none");
  });

  it("each over lists and mappings with @index, @key, @first, @last, ../ and @root", () => {
    const t =
      "{{#each items}}{{js @index}}{{js @first}}{{js @last}}{{py this}}{{py ../sep}}{{py @root.sep}}\n{{else}}empty{{/each}}";
    expect(render(t, { items: ["x", "y"], sep: "," })).toBe('0truefalse"x"","","\n1falsetrue"y"","","\n');
    expect(render(t, { items: [], sep: "," })).toBe("empty");
    expect(render("{{#each m}}{{py @key}}={{py this}};{{/each}}", { m: { a: 1, b: true } })).toBe(
      '"a"=1;"b"=True;',
    );
  });

  it("standalone block lines leave no blank lines; with changes the context", () => {
    expect(render("a\n{{#if x}}\nb\n{{/if}}\nc\n", { x: true })).toBe("a\nb\nc\n");
    expect(render("{{#with model}}{{py id}}{{/with}}", { model: { id: "m" } })).toBe('"m"');
  });

  it("value helpers compute conditions and arguments", () => {
    const t =
      '{{#if (includes tags "lora")}}lora {{/if}}{{#if (eq kind "a")}}A{{/if}}{{sh (concat "hf://" id)}}';
    expect(render(t, { tags: ["lora"], kind: "a", id: "o/m" })).toBe("lora A'hf://o/m'");
    expect(render('{{py (default prompt "a cat")}}', { prompt: "" })).toBe('"a cat"');
  });
});

describe("compiled templates render as Handlebars would: partials, shared and build-time helper calls", () => {
  it("reads a partial's hash arguments without copying the context, and copies it when the partial uses `this`", () => {
    const data = { output: "ignored", binary: true, request: { url: "https://x" }, items: [1, 2] };
    const call = compileTemplate({ file: "t.hbs", source: '{{> python/call output="result"}}' }, { partial });
    expect(call.ok && call.code).not.toContain("...");
    expect(render('{{> python/call output="result"}}', data)).toBe('result = query("https://x")\n');
    expect(render('{{> python/outer output="first"}}', data)).toBe(
      'first = query("https://x") # bytes\nsecond = query("https://x")\n',
    );
    const whole = compileTemplate({ file: "t.hbs", source: '{{> python/whole output="o"}}' }, { partial });
    expect(whole.ok && whole.code).toContain("...");
    expect(render('{{> python/whole output="o"}}', data)).toBe(
      `"o" ${JSON.stringify({ ...data, output: "o" })} "o""o"\n`,
    );
  });

  it("inlines a partial that includes another partial, with and without `this` in the inner one", () => {
    const data = { output: "root" };
    expect(render('{{> python/wrapsField output="o"}}', data)).toBe('"o"\n');
    expect(render("{{> python/wrapsField}}", data)).toBe('"root"\n');
    expect(render('{{> python/wrapsWhole output="o"}}', data)).toBe('{"output":"o"}\n');
    expect(render("{{> python/wrapsWhole}}", data)).toBe('{"output":"root"}\n');
    expect(render('{{> python/wrapsWholeWithHash output="o"}}', data)).toBe('{"output":"o","tag":"inner"}\n');
    expect(render('{{> python/wrapsTwice output="o"}}', data)).toBe('{"output":"o"}\n{"output":"o"}\n');
    // A real recursion found after such a retry is still reported once, with the right chain.
    expect(errors('{{> python/wrapsWhole output="o"}}{{> python/loop}}')).toEqual([
      'templates/partials/python/loop.hbs:1:1 partial "python/loop" includes itself (python/loop > python/loop)',
    ]);
  });

  it("makes a helper call on the same root value once, lazily; calls on loop items each time", () => {
    const source =
      "{{py id}} {{#if ok}}{{ident name}}{{/if}} {{#each items}}{{py this}}{{py ../id}}{{/each}} {{py id}}";
    const compiled = compileTemplate({ file: "t.hbs", source }, { partial });
    expect(compiled.ok && compiled.code.match(/\?\?= h\.py\(c0\?\.id/g)?.length).toBe(3);
    expect(render(source, { id: "m", ok: true, name: "N", items: ["a", "b"] })).toBe(
      '"m" N "a""m""b""m" "m"',
    );
    // The shared call still runs only where it first appears: a value ident refuses, in a branch not taken, is no error.
    expect(
      render("{{#if ok}}{{ident name}}{{/if}}{{#if ok}}{{ident name}}{{/if}}", {
        ok: false,
        name: "not an id",
      }),
    ).toBe("");
    expect(() =>
      render("{{#if ok}}{{ident name}}{{/if}}{{ident name}}", { ok: false, name: "not an id" }),
    ).toThrow("expected an identifier");
  });

  it("prints helpers of literal values at build time, and refuses a bad literal there", () => {
    const folded = compileTemplate(
      { file: "t.hbs", source: '{{> python/call output="result"}}{{py "a\\"b"}}' },
      { partial },
    );
    expect(folded.ok && folded.code).not.toContain("h.ident");
    expect(folded.ok && folded.code).toContain('o += "result = query("');
    expect(errors('x\n{{> python/call output="not an identifier"}}')).toEqual([
      'templates/partials/python/call.hbs:1:1 {{ident}}: expected an identifier, got "not an identifier"',
    ]);
  });

  it("inlines partials, with hash arguments, indenting standalone ones", () => {
    expect(render('{{> python/importClient name="InferenceClient"}}', {})).toBe(
      "from hub import InferenceClient\n",
    );
    expect(render('if x:\n    {{> python/importClient name="X"}}\n', {})).toBe(
      "if x:\n    from hub import X\n",
    );
  });
});

describe("compile errors name the file, line and column", () => {
  it("refuses a value printed raw, naming the helpers to use", () => {
    expect(errors("line\n  {{model.id}}")).toEqual([
      "t.hbs:2:3 {{model.id}} prints a value raw; write it through a literal helper of the target language: {{py model.id}}, {{js model.id}}, {{json model.id}}, {{sh model.id}}, {{ident model.id}}, {{pycomment model.id}}, {{pyCode model.id}}, {{jsCode model.id}}, {{shWord model.id}}",
    ]);
    expect(errors("{{{model.id}}}")[0]).toMatch(/^t\.hbs:1:1 \{\{model\.id\}\} prints a value raw/);
  });

  it("refuses unknown helpers, blocks, value helpers and data variables", () => {
    expect(errors("{{pystr x}}")).toEqual([
      't.hbs:1:1 unknown helper "pystr" (known: py, js, json, sh, ident, pycomment, pyCode, jsCode, shWord)',
    ]);
    expect(errors("\n{{#foo x}}{{/foo}}")).toEqual([
      't.hbs:2:1 unknown block "#foo" (known: #if, #unless, #each, #with)',
    ]);
    expect(errors("{{py (nope x)}}")).toEqual([
      't.hbs:1:6 unknown value helper "nope" (known: eq, ne, not, and, or, includes, concat, default)',
    ]);
    expect(errors("{{py @index}}")).toEqual(["t.hbs:1:6 @index is only defined inside {{#each}}"]);
    expect(errors("{{py a b}}")).toEqual(["t.hbs:1:1 {{py}} takes exactly one value, got 2"]);
  });

  it("reports syntax errors and missing or recursive partials", () => {
    expect(errors("a\n{{#if x}}\nb")).toEqual([
      "t.hbs:2:10 unexpected end of template: a {{#block}} is still open (close it with {{/block}})",
    ]);
    expect(errors("a {{py x}")[0]).toMatch(/^t\.hbs:1:\d+ syntax error: Expecting/);
    expect(errors("{{#if x}}{{/each}}")[0]).toMatch(/^t\.hbs:1:\d+ if doesn't match each/);
    expect(errors("{{> python/missing}}")).toEqual([
      't.hbs:1:1 partial "python/missing" not found (partials live in templates/partials/<language>/<name>.hbs)',
    ]);
    expect(errors("{{> python/loop}}")).toEqual([
      'templates/partials/python/loop.hbs:1:1 partial "python/loop" includes itself (python/loop > python/loop)',
    ]);
  });
});
