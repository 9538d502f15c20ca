/**
 * Every snippet of the full matrix (every task x every provider that serves it, auto and hf-inference x option
 * combinations) parses with a real parser: python3 ast (one batch), acorn, bash -n. Payloads show each example
 * value once-encoded and never an empty value.
 */
import { describe, expect, it } from "vitest";
import { INFERENCE_SNIPPET_TASKS } from "../../src/generated/inference-tasks.gen.js";
import { getInferenceSnippets, type InferenceSnippet } from "../../src/snippets/index.js";
import { bashSyntaxErrors, jsSyntaxError, pythonSyntaxErrors } from "../support/interpreters.js";
import { ALL_CLIENTS, fullMatrix } from "./matrix.js";
import { MATRIX_LOG, withErrorLog } from "./matrix-log.js";

const matrix = fullMatrix();
const { result: all, logged } = withErrorLog((): { name: string; snippet: InferenceSnippet }[] =>
  matrix.flatMap((c) =>
    getInferenceSnippets(c.model, c.provider, c.mapping, c.opts).map((snippet) => ({
      name: `${c.name} ${snippet.language}/${snippet.client}`,
      snippet,
    })),
  ),
);
const of = (language: string) => all.filter((s) => s.snippet.language === language);
const counts = `${matrix.length} cases, ${all.length} snippets: ${of("python").length} python, ${of("js").length} js, ${of("sh").length} sh`;

describe(`full matrix (${counts})`, () => {
  it("is several hundred snippets over every language/client, logging only the matrix's one refusal", () => {
    expect(logged).toEqual(MATRIX_LOG);
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(all.map((s) => `${s.snippet.language}/${s.snippet.client}`))).toEqual(ALL_CLIENTS);
  });

  it(`python3 ast parses all ${of("python").length} python snippets`, () => {
    const python = of("python");
    const errors = pythonSyntaxErrors(python.map((s) => s.snippet.content));
    const failures = python.map((s, i) => (errors[i] ? `${s.name}: ${errors[i]}` : null)).filter(Boolean);
    expect(failures).toEqual([]);
  });

  it(`acorn parses all ${of("js").length} js snippets`, () => {
    const failures = of("js")
      .map((s) => [s.name, jsSyntaxError(s.snippet.content)])
      .filter(([, e]) => e);
    expect(failures).toEqual([]);
  });

  it(`bash -n parses all ${of("sh").length} sh snippets`, () => {
    const sh = of("sh");
    const errors = bashSyntaxErrors(sh.map((s) => s.snippet.content));
    const failures = sh.map((s, i) => (errors[i] ? `${s.name}: ${errors[i]}` : null)).filter(Boolean);
    expect(failures).toEqual([]);
  });

  it("the batched bash -n check reports each broken script (and only those), repeats and comments included", () => {
    const scripts = [
      "echo ok",
      "if then fi",
      "echo 'open",
      "curl x \\\n    -d '{}'",
      "# a comment\n",
      "if then fi",
    ];
    expect(bashSyntaxErrors(scripts).map((e) => e !== null)).toEqual([false, true, true, false, false, true]);
    expect(bashSyntaxErrors(["# only comments", "  # here", "echo ok"])).toEqual([null, null, null]);
  });

  it("never prints an empty value (no `: ,`, `=,`, `(,` or a dangling key)", () => {
    const empty = /(:|=)[ \t]*,|\([ \t]*,|:[ \t]*}|"inputs":[ \t]*$/m;
    const bad = all.filter((s) => empty.test(s.snippet.content)).map((s) => s.name);
    expect(bad).toEqual([]);
  });

  it("shows each example text once-encoded: as a string literal, never a literal holding its own quotes", () => {
    for (const [task, info] of Object.entries(INFERENCE_SNIPPET_TASKS)) {
      const text = info.example?.inputs;
      if (typeof text !== "string") continue;
      const snippets = all.filter((s) => s.name.startsWith(`${task}.`) && !s.name.includes("-chat."));
      expect(snippets.length, task).toBeGreaterThan(0);
      for (const s of snippets) {
        expect(s.snippet.content, s.name).toContain(JSON.stringify(text).slice(1, -1));
        expect(s.snippet.content, s.name).not.toContain(JSON.stringify(JSON.stringify(text)).slice(1, -1));
        expect(s.snippet.content, s.name).not.toContain(`'"${text}`);
      }
    }
  });
});
