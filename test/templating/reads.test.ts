import { describe, expect, it } from "vitest";
import { compileTemplate, instantiate } from "../../generator/templating/compile.js";

// The generated library snippets give a template only the data names it reads: a name missing from `reads`
// would render as missing, so every way of reaching the root data must be counted.
const partials: Record<string, string> = {
  "p/field": "{{py value}} {{py fromRoot}}",
  "p/whole": "{{json this}}",
};
const partial = (name: string) =>
  name in partials ? { file: `${name}.hbs`, source: partials[name] } : undefined;

function compiled(source: string) {
  const result = compileTemplate({ file: "t.hbs", source }, { partial });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join("\n"));
  return result;
}

describe("compileTemplate reports the root data names a template reads", () => {
  const cases: [string, string, string[]][] = [
    [
      "paths and value helpers",
      "{{py model.id}}{{#if (includes model.tags flag)}}{{ident name}}{{/if}}",
      ["model", "flag", "name"],
    ],
    ["a parent path inside #each", "{{#each list}}{{py ../outer}}{{py this}}{{/each}}", ["list", "outer"]],
    ["@root inside #with", "{{#with box}}{{py @root.top}}{{py inner}}{{/with}}", ["box", "top"]],
    [
      "a partial's hash pair and the names it reads through",
      "{{> p/field value=given}}",
      ["given", "fromRoot"],
    ],
  ];
  for (const [name, source, reads] of cases) {
    it(name, () => {
      const result = compiled(source);
      expect(result.ok && new Set(result.reads)).toEqual(new Set(reads));
      // Rendering with only those names gives the same text as with more data.
      const full = Object.fromEntries(
        [...reads, "unused"].map((k) => [
          k,
          k === "list" ? ["x"] : k === "box" ? { inner: "i" } : k === "model" ? { id: "a/b", tags: [] } : k,
        ]),
      );
      const only = Object.fromEntries(reads.map((k) => [k, full[k]]));
      const render = instantiate(result.ok ? result.code : "");
      expect(render(only)).toBe(render(full));
    });
  }

  it("undefined when the root data is used as a whole", () => {
    for (const source of [
      "{{json this}}",
      "{{#each this}}{{py this}}{{/each}}",
      "{{> p/whole}}",
      '{{> p/whole extra="x"}}',
    ]) {
      const result = compiled(source);
      expect(result.ok && result.reads, source).toBeUndefined();
    }
  });
});
