import { describe, expect, it } from "vitest";
import { ident, js, json, py, pycomment, sh } from "../../src/templating/helpers.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { bashWords, evalPython, pythonSyntaxErrors } from "../support/interpreters.js";

describe("literal helpers round-trip every string exactly in their language", () => {
  it("py: python3 evaluates each literal back to the same string", () => {
    expect(evalPython(ADVERSARIAL_STRINGS.map((s) => py(s)))).toEqual(ADVERSARIAL_STRINGS);
  });

  it("py: nested data with True/False/None, numbers, lists and dicts", () => {
    const value = { text: ADVERSARIAL_STRINGS, flag: true, off: false, none: null, n: 3, f: 0.5, list: [1, [2, {}]] };
    expect(evalPython([py(value), py(value, { indent: 4 })])).toEqual([value, value]);
    expect(py({ a: true, b: null })).toBe('{"a": True, "b": None}');
    expect(py({ a: [1, 2] }, { indent: 4 })).toBe('{\n    "a": [\n        1,\n        2,\n    ],\n}');
  });

  it("js: V8 evaluates each literal back to the same string", () => {
    for (const s of ADVERSARIAL_STRINGS) expect(new Function(`return ${js(s)};`)()).toBe(s);
  });

  it("json: parses back to the same value", () => {
    for (const s of ADVERSARIAL_STRINGS) expect(JSON.parse(json({ s }, { indent: 4 }))).toEqual({ s });
  });

  it("sh: bash reads each single-quoted word back as the same string", () => {
    const printable = ADVERSARIAL_STRINGS.filter((s) => s !== ""); // printf drops nothing, but keep words non-empty
    expect(bashWords(printable.map((s) => sh(s)).join(" "))).toEqual(printable);
    expect(sh("it's")).toBe(`'it'\\''s'`);
  });

  it("pycomment: text on a # comment line never ends the line and reads back as a str body", () => {
    const lines = ADVERSARIAL_STRINGS.map((s) => `# see ${pycomment(s)}`);
    for (const line of lines) expect(line).not.toMatch(/[\n\r\u2028\u2029\x00-\x1f\x7f]/);
    expect(pythonSyntaxErrors([lines.join("\nx = 1\n") + "\n"])).toEqual([null]);
    expect(evalPython(ADVERSARIAL_STRINGS.map((s) => `"${pycomment(s)}"`))).toEqual(ADVERSARIAL_STRINGS);
    expect(pycomment("https://huggingface.co/org/name")).toBe("https://huggingface.co/org/name");
  });

  it("ident: accepts identifiers and refuses anything else", () => {
    expect(ident("AutoModelForCausalLM")).toBe("AutoModelForCausalLM");
    for (const bad of ["a b", "x;import os", "", "1abc", undefined, "a.b"]) expect(() => ident(bad)).toThrow(/expected an identifier/);
  });
});
