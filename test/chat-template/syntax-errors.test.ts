/** Malformed templates: `new Template` throws TemplateSyntaxError whose message gives the right line:col. */
import { describe, expect, it } from "vitest";
import { Template, TemplateSyntaxError } from "../../src/chat-template/index.js";

const MALFORMED: [name: string, source: string, message: string][] = [
  [
    "unclosed print tag",
    "Hi\n{{ name ",
    "unexpected end of template, the tag opened here was never closed (at 2:1)",
  ],
  [
    "unclosed block tag",
    "{% if x %}a\n{% else",
    "unexpected end of template, the tag opened here was never closed (at 2:1)",
  ],
  [
    "unclosed if block",
    "{% if x %}\n  yes\n",
    "unexpected end of template: block 'if' was never closed (expected 'elif' or 'else' or 'endif') (at 2:6)",
  ],
  [
    "unclosed for block",
    "{% for m in messages %}{{ m }}",
    "unexpected end of template: block 'for' was never closed (expected 'else' or 'endfor') (at 1:31)",
  ],
  ["unknown tag", "a\n  {% frobnicate x %}", "unknown tag 'frobnicate' (at 2:6)"],
  [
    "endfor without for",
    "{% if x %}{% endfor %}{% endif %}",
    "unexpected 'endfor' inside 'if' block (at 1:14)",
  ],
  ["endif at top level", "text\n{% endif %}", "unexpected 'endif': no block is open (at 2:4)"],
  ["bad expression", "{{ 1 + }}", "unexpected end of print statement '}}' (at 1:8)"],
  ["bad expression in if", "{% if a == %}{% endif %}", "unexpected end of tag '%}' (at 1:12)"],
  ["unknown filter", "\n\n{{ x | shout }}", "no filter named 'shout' (at 3:8)"],
  ["unknown test", "{{ x is shiny }}", "no test named 'shiny' (at 1:9)"],
  ["unterminated string", "{{ 'abc }}", "unterminated string (at 1:4)"],
  ["unclosed comment", "ok {# note", "missing end of comment tag (at 1:4)"],
  ["break outside loop", "{% break %}", "'break' outside of a loop (at 1:4)"],
  ["unexpected character", "{{ a ! b }}", 'unexpected character "!" (at 1:6)'],
  ["missing closing bracket", "{{ x }}\n{{ [1, 2 }}", "unexpected '}', expected ']' (at 2:10)"],
  ["missing closing parenthesis", "{{ f(1", "unexpected end of template: '(' was never closed (at 1:5)"],
  ["extra closing bracket", "{{ a] }}", "unexpected ']' (at 1:5)"],
  ["assignment to a constant", "{% set none = 1 %}", "cannot assign to 'none' (at 1:8)"],
  ["macro without parentheses", "{% macro m %}{% endmacro %}", "expected '(', got end of tag '%}' (at 1:12)"],
];

describe("syntax errors", () => {
  it.each(MALFORMED)("%s", (_, source, message) => {
    let failure: unknown;
    try {
      new Template(source);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(TemplateSyntaxError);
    expect((failure as TemplateSyntaxError).message).toBe(message);
  });

  it("exposes line and column as properties", () => {
    try {
      new Template("a\nb\n  {% nope %}");
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ line: 3, column: 6, reason: "unknown tag 'nope'" });
    }
  });
});
