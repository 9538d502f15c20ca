import { describe, expect, it } from "vitest";
import { parseYaml, type YamlSource } from "./load.js";

const TEXT = [
  "# yaml-language-server: $schema=../../schemas/task.schema.json", // 1
  "id: fill-mask", // 2
  "modality: nlp", // 3
  "subtasks:", // 4
  "  - type: slot-filling", // 5
  "    name: Slot Filling", // 6
  "  - { type: mlm, name: MLM }", // 7
  "detail:", // 8
  "  label: Fill-Mask", // 9
  "  demo:", // 10
  "    outputs:", // 11
  "      - type: chart", // 12
  "        data:", // 13
  "          - label: Paris", // 14
  "            score: 0.9", // 15
  "  a/b: slash", // 16
  "  t~c: tilde", // 17
  "  empty:", // 18
  "", // 19
].join("\n");

function source(text = TEXT): YamlSource {
  const result = parseYaml("catalogue/tasks/fill-mask.yaml", text);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return result.source;
}

describe("locate", () => {
  it.each([
    ["/id", 2, 5],
    ["/modality", 3, 11],
    ["/subtasks", 5, 3],
    ["/subtasks/0", 5, 5],
    ["/subtasks/0/type", 5, 11],
    ["/subtasks/0/name", 6, 11],
    ["/subtasks/1", 7, 5],
    ["/subtasks/1/name", 7, 24],
    ["/detail/label", 9, 10],
    ["/detail/demo/outputs/0/type", 12, 15],
    ["/detail/demo/outputs/0/data/0/score", 15, 20],
    ["/detail/a~1b", 16, 8],
    ["/detail/t~0c", 17, 8],
  ])("value at %s is at %i:%i", (pointer, line, col) => {
    expect(source().locate(pointer)).toEqual({ line, col });
  });

  it("the root pointer is the start of the document's content", () => {
    expect(source().locate("")).toEqual({ line: 2, col: 1 });
  });

  it.each([
    ["/id", 2, 1],
    ["/subtasks", 4, 1],
    ["/subtasks/0/name", 6, 5],
    ["/subtasks/1/name", 7, 18],
    ["/detail/demo/outputs/0/data/0/score", 15, 13],
    ["/detail/a~1b", 16, 3],
  ])("with key: the key of %s is at %i:%i", (pointer, line, col) => {
    expect(source().locate(pointer, { key: true })).toEqual({ line, col });
  });

  it("a key with no value is located at its key", () => {
    expect(source().locate("/detail/empty")).toEqual({ line: 18, col: 3 });
  });

  it.each([
    // the nearest existing parent
    ["/missing", 2, 1],
    ["/detail/missing", 9, 3],
    ["/detail/demo/outputs/7", 12, 7],
    ["/detail/demo/outputs/0/data/0/missing", 14, 13],
    ["/modality/deeper", 3, 11],
    ["/subtasks/x", 5, 3],
  ])("a missing node %s is located at its nearest parent %i:%i", (pointer, line, col) => {
    expect(source().locate(pointer)).toEqual({ line, col });
  });
});

describe("parseYaml", () => {
  it("resolves a few aliases", () => {
    const result = parseYaml("f.yaml", "a: &x [1, 2]\nb: *x\n");
    expect(result.ok && result.source.data).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it("keeps the text and the data", () => {
    const s = source();
    expect(s.text).toBe(TEXT);
    expect((s.data as { subtasks: unknown[] }).subtasks).toEqual([
      { type: "slot-filling", name: "Slot Filling" },
      { type: "mlm", name: "MLM" },
    ]);
  });

  it.each([
    [
      "a duplicate key, naming it and its first line",
      "a: 1\nb: 2\na: 3\n",
      3,
      1,
      /^duplicate key "a" \(first at line 1\)/,
    ],
    [
      "an unclosed quote where it opens",
      'a: 1\nb: "x\n  y\nc: 2\n',
      2,
      4,
      /^invalid YAML: Missing closing "quote/,
    ],
    ["an unclosed flow sequence where it opens", "a: [1, 2\nb: 3\n", 1, 4, /^invalid YAML: .*end with a \]/],
    ["an unclosed flow mapping where it opens", "x:\n  a: { b: 1\n", 2, 6, /^invalid YAML: .*end with a \}/],
    ["a tab used as indentation", "a:\n\tb: 1\n", 2, 1, /^invalid YAML: Tabs are not allowed as indentation/],
    [
      "an alias with no anchor before it",
      "a: &x 1\nb: *x\nc: *y\n",
      3,
      4,
      /^invalid YAML: alias \*y has no anchor &y before it$/,
    ],
    [
      "nested aliases that would expand enormously, at the first alias",
      `a: &a [1, 2]\nb: &b [${"*a, ".repeat(8)}*a]\nc: &c [${"*b, ".repeat(8)}*b]\nd: [${"*c, ".repeat(8)}*c]\n`,
      2,
      8,
      /^invalid YAML: the aliases of this file expand to too much data/,
    ],
  ])("reports %s", (_what, text, line, col, message) => {
    const result = parseYaml("f.yaml", text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ file: "f.yaml", line, col });
    expect(result.diagnostics[0].message).toMatch(message);
    expect(result.diagnostics[0].rule).toMatch(/^yaml\/[A-Z_]+$/);
  });
});
