/** The code emitted for a library's snippets/derive declarations (generator/emit/library-snippets.ts). */
import { describe, expect, it } from "vitest";
import { emitLibrarySnippets } from "../../generator/emit/library-snippets.js";
import type { Catalogue, LibraryFile } from "../../generator/catalogue-types.js";
import type { Templates } from "../../generator/template-files.js";

/** The emitted snippets() function of one library whose templates read the given data names. */
function snippetsFunction(library: Partial<LibraryFile>, reads: Record<string, string[]>): string {
  const catalogue = {
    libraries: [{ file: "lib.yaml", data: { id: "lib", ...library } }],
  } as unknown as Catalogue;
  const templates = {
    libraries: Object.entries(reads).map(([t, names]) => ({ key: `lib/${t}`, reads: ["model", ...names] })),
  } as unknown as Templates;
  const code = emitLibrarySnippets(catalogue, templates).content;
  return code.slice(code.indexOf("function L0_snippets"), code.indexOf("function L0_describe"));
}

describe("library snippet functions", () => {
  it("a test every alternative of a oneOf makes is made once, around the group", () => {
    const code = snippetsFunction(
      {
        snippets: [
          {
            oneOf: [
              { template: "a", when: { tags: ["x"], listHas: { list: "model.tags", item: "shared" } } },
              { template: "b", when: { tags: ["shared"] } },
            ],
          },
        ],
      },
      { a: [], b: [] },
    );
    expect(code.match(/tags\.includes\("shared"\)/g)).toHaveLength(1);
    expect(code).toContain('if (tags.includes("shared")) {\n    if (tags.includes("x")) {');
    expect(code).toContain("} else {\n      out.push(L0_t1("); // the second alternative had no other test
  });

  it("a derived value two items may read is computed at most once per call, and only when read", () => {
    const code = snippetsFunction(
      {
        derive: {
          pro: { firstTag: { "pro-tag": "ProModel" }, default: "Model" },
          alone: { function: "modelName" },
        },
        snippets: [
          { template: "a", when: { tags: ["a"] } },
          { template: "b", when: { tags: ["b"] } },
        ],
      },
      { a: ["pro", "alone"], b: ["pro"] },
    );
    expect(code).toContain("let pro: unknown;");
    expect(code.match(/pro: \(pro \?\?= \(firstTagValue\(m\.tags, L0_m0\) \?\? "Model"\)\)/g)).toHaveLength(
      2,
    );
    expect(code).toContain("alone: F.modelName(m)"); // read by one call only: computed there
  });

  it("a derived value an `each` snippet reads is computed once for all its items", () => {
    const code = snippetsFunction(
      {
        derive: { name: { function: "modelName" } },
        snippets: [{ template: "a", each: "model.tags" }, { template: "b" }],
      },
      { a: ["name", "item"], b: [] },
    );
    expect(code).toContain("let name: unknown;");
    expect(code).toContain("name: (name ??= F.modelName(m)), item");
  });
});
