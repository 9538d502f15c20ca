import { describe, expect, it } from "vitest";
import { compileTemplate, instantiate } from "../../generator/templating/compile.js";
import { truthy, valueHelpers } from "../../src/templating/helpers.js";
import { librarySpecialisation } from "../../generator/emit/library-snippets.js";
import type { Catalogue } from "../../generator/catalogue-types.js";

const partials: Record<string, string> = {
  "p/line": "l\n",
  "p/choose": "{{#if extra}}from {{ident extra}}{{else}}from base{{/if}}",
};
const partial = (name: string) =>
  name in partials ? { file: `${name}.hbs`, source: partials[name] } : undefined;

function compiled(
  source: string,
  missingNames?: Set<string>,
  identifierNames?: Set<string>,
  optionalIdentifierNames?: Set<string>,
): string {
  const result = compileTemplate(
    { file: "t.hbs", source },
    { partial, missingNames, identifierNames, optionalIdentifierNames },
  );
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join("\n"));
  return result.code;
}

describe("code specialised at build time: names listed as missing or as identifiers", () => {
  it("a name listed as missing picks its branches and folds the helpers given it", () => {
    const source = '{{> p/choose}} {{py (default extra "x")}} {{py model.id}}';
    const generic = instantiate(compiled(source));
    const code = compiled(source, new Set(["extra"]));
    const specialised = instantiate(code);
    expect(code).not.toContain("extra");
    expect(code).not.toContain("h.truthy");
    expect(specialised({ model: { id: "a/b" } })).toBe('from base "x" "a/b"');
    expect(specialised({ model: { id: "a/b" } })).toBe(generic({ model: { id: "a/b" } }));
    // Without the option the same template reads the name at run time.
    expect(generic({ model: { id: "a/b" }, extra: "pkg" })).toBe('from pkg "pkg" "a/b"');
  });

  it("a name listed as an identifier is printed without the ident test and makes its conditions true", () => {
    const source =
      '{{> p/choose}}|{{ident (default extra "Base")}}|{{ident (default gone extra)}}|' +
      "{{#unless extra}}never{{/unless}}{{ident other}}";
    const generic = instantiate(compiled(source));
    const code = compiled(source, new Set(["gone"]), new Set(["extra"]));
    const specialised = instantiate(code);
    expect(code.match(/h\.ident/g)).toHaveLength(1); // `other` is not listed: still tested
    expect(code).not.toContain("h.truthy");
    expect(code).not.toContain("never");
    for (const extra of ["pkg", "PrunaProModel"]) {
      const data = { extra, other: "x" };
      expect(specialised(data)).toBe(`from ${extra}|${extra}|${extra}|x`);
      expect(specialised(data)).toBe(generic(data));
    }
    expect(() => specialised({ extra: "pkg", other: "not a name" })).toThrow(/expected an identifier/);
    // A fallback that may not be a name, or a helper other than default, keeps the test.
    const kept = compiled(
      '{{ident (default extra other)}}{{ident (default other "X")}}',
      undefined,
      new Set(["extra"]),
    );
    expect(kept.match(/h\.ident/g)).toHaveLength(1);
  });

  it("a name listed as an identifier when set is only tested for being set, and shares its print", () => {
    const source = "{{ident auto}}|{{ident (default gone auto)}}|{{#if auto}}set{{/if}}";
    const generic = instantiate(compiled(source));
    const code = compiled(source, new Set(["gone"]), undefined, new Set(["auto"]));
    const specialised = instantiate(code);
    // One shared print (`default gone auto` is `auto`), whose test is that the value is set.
    const shared = "(s0 ??= (c0?.auto ?? h.ident(c0?.auto, h.NO_HASH)))";
    expect(code.split(shared)).toHaveLength(3);
    expect(code.match(/h\.ident/g)).toHaveLength(2);
    expect(code).toContain("h.truthy(c0?.auto)"); // it may be unset: the branch is chosen at render time
    expect(specialised({ auto: "AutoModel" })).toBe("AutoModel|AutoModel|set");
    expect(specialised({ auto: "AutoModel" })).toBe(generic({ auto: "AutoModel" }));
    expect(() => specialised({})).toThrow(/expected an identifier, got undefined/);
  });

  it("a library's derived values are identifiers when their table and default are all names", () => {
    const derive = {
      named: { firstTag: { "pro-tag": "ProModel" }, default: "Model" },
      fromTable: { from: "model.x", table: { a: "ClassA" }, default: "ClassB" },
      noDefault: { firstTag: { "pro-tag": "ProModel" } },
      notAName: { from: "model.x", table: { a: "not a name" }, default: "Model" },
      numbers: { from: "model.x", table: { a: 1 }, default: 2 },
      fromRecord: { identifier: "model.y" },
      computed: { function: "modelName" },
    };
    const catalogue = {
      libraries: [
        { data: { id: "lib", derive } },
        { data: { id: "other", derive: { elsewhere: derive.named } } },
      ],
    } as unknown as Catalogue;
    const lib = librarySpecialisation(catalogue)("lib");
    expect([...lib.identifierNames!]).toEqual(["named", "fromTable"]);
    expect([...lib.optionalIdentifierNames!]).toEqual(["noDefault", "fromRecord"]);
    expect([...lib.missingNames!]).toEqual(["elsewhere"]);
  });
});

describe("code specialised at build time: value helpers on literals and as operators, appends", () => {
  it("value helpers on literals are computed at build time", () => {
    const code = compiled('{{py (concat "hf://" "org/name")}}{{#if (eq "a" "b")}}never{{/if}}');
    expect(code).not.toContain("h.v.");
    expect(code).not.toContain("never");
    expect(instantiate(code)({})).toBe('"hf://org/name"');
  });

  it("text around an inlined partial and a branch chosen at build time is one append", () => {
    const code = compiled("x{{> p/line}}{{#if true}}y{{/if}}z");
    expect(code.match(/o \+= /g)).toHaveLength(1);
    expect(instantiate(code)({})).toBe("xl\nyz");
  });

  it("eq / ne / not / and / or, written as operators, agree with the helpers on every kind of value", () => {
    const values = [false, true, "", "x", 0, 1, [], ["a"], null, undefined];
    const v = valueHelpers;
    const cases: [string, (a: unknown, b: unknown) => unknown][] = [
      ["(eq a b)", (a, b) => v.eq(a, b)],
      ["(ne a b)", (a, b) => v.ne(a, b)],
      ["(not a)", (a) => v.not(a)],
      ["(and a b)", (a, b) => v.and(a, b, {})],
      ["(or a b)", (a, b) => v.or(a, b, {})],
      ["(and (not a) (or b a))", (a, b) => v.and(v.not(a), v.or(b, a, {}), {})],
    ];
    for (const [expression, helper] of cases) {
      const asCondition = instantiate(compiled(`{{#if ${expression}}}yes{{else}}no{{/if}}`));
      const asUnless = instantiate(compiled(`{{#unless ${expression}}}yes{{else}}no{{/unless}}`));
      const asValue = instantiate(compiled(`{{py ${expression}}}`));
      for (const a of values) {
        for (const b of values) {
          const expected = helper(a, b);
          const at = `${expression} a=${JSON.stringify(a)} b=${JSON.stringify(b)}`;
          expect(asCondition({ a, b }), at).toBe(truthy(expected) ? "yes" : "no");
          expect(asUnless({ a, b }), at).toBe(truthy(expected) ? "no" : "yes");
          expect(asValue({ a, b }), at).toBe(expected ? "True" : "False");
        }
      }
    }
  });

  it("concat, written as string concatenation, agrees with the helper (missing values are empty)", () => {
    const render = instantiate(compiled('{{py (concat "hf://" a "/" b)}}'));
    for (const a of ["x", 0, 1.5, true, null, undefined, ["l", "m"]]) {
      for (const b of ["y", undefined]) {
        expect(render({ a, b })).toBe(JSON.stringify(valueHelpers.concat("hf://", a, "/", b, {})));
      }
    }
  });
});
