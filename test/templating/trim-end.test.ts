import { describe, expect, it } from "vitest";
import { compileTemplate, instantiate } from "../../generator/templating/compile.js";

// trimEnd (library snippets): the output never ends with a newline. The compiler removes the newlines from the
// syntax tree where it can see every path to the end, through final partials and blocks; elsewhere the compiled
// code trims at run time. Either way the output is the untrimmed output without its final newlines.
const partials: Record<string, string> = {
  "p/final": "x\n{{#if y}}z\n{{/if}}\n",
  "p/maybe": "{{#if y}}z\n{{/if}}",
  "p/line": "l\n",
  "p/outer": "o\n{{> p/final}}",
  "p/branches": "{{#if a}}A\n{{else}}B\n{{/if}}{{#if c}}C\n{{/if}}",
};
const partial = (name: string) =>
  name in partials ? { file: `${name}.hbs`, source: partials[name] } : undefined;

function compiled(source: string, trimEnd: boolean): string {
  const result = compileTemplate({ file: "t.hbs", source }, { partial, trimEnd });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join("\n"));
  return result.code;
}

const RUN_TIME_TRIM = "o.replace(";
const flags = [false, true];
const allData = flags.flatMap((a) => flags.flatMap((c) => flags.map((y) => ({ a, c, y }))));

function expectTrimmed(source: string): void {
  const plain = instantiate(compiled(source, false));
  const trimmed = instantiate(compiled(source, true));
  for (const data of allData)
    expect(trimmed(data), JSON.stringify(data)).toBe(plain(data).replace(/\n+$/, ""));
}

describe("trimEnd removes the final newlines of every path", () => {
  const staticCases = {
    "a final partial": "a\n{{> p/final}}",
    "a final partial inside a partial": "{{> p/outer}}",
    "a partial used twice (only the last one trimmed)": "{{> p/line}}{{> p/line}}",
    "a standalone, indented final partial": "x:\n  {{> p/final}}\n",
    "a block whose two branches end with newlines, before a final block that may print nothing":
      "{{#if a}}A\n{{else}}B\n{{/if}}{{#if c}}C\n{{/if}}",
    "the same inside a final partial": "{{> p/branches}}",
  };
  for (const [name, source] of Object.entries(staticCases)) {
    it(`at build time: ${name}`, () => {
      expectTrimmed(source);
      expect(compiled(source, true)).not.toContain(RUN_TIME_TRIM);
    });
  }

  const runTimeCases = {
    "a final partial that may print nothing after a newline": "a\n{{> p/maybe}}",
    "a block without else before a final block": "{{#if a}}A\n{{/if}}{{#if c}}C\n{{/if}}",
    "a final #each": "{{#each list}}i\n{{/each}}",
  };
  for (const [name, source] of Object.entries(runTimeCases)) {
    it(`at run time when the tree cannot tell: ${name}`, () => {
      expectTrimmed(source);
      expect(compiled(source, true)).toContain(RUN_TIME_TRIM);
    });
  }
});
