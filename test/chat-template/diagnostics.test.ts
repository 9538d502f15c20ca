/**
 * Diagnostics on real templates: syntax errors (in copies broken on purpose) and runtime errors (conversations the
 * templates cannot render) carry the line, the column, the template's line with a caret under the spot, and, for
 * runtime errors, the expression being evaluated and which part of it was undefined.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyChatTemplate, Template, TemplateError } from "../../src/chat-template/index.js";
import { CORPUS } from "./corpus.js";

const dir = new URL("../fixtures/chat-templates/", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, dir), "utf8");
const user = { role: "user", content: "Hi" };

interface DiagnosticCase {
  name: string;
  file: string;
  /** Breaks the template on purpose (for syntax errors). */
  edit?: (source: string) => string;
  input: Record<string, unknown> & { messages: unknown[] };
  diagnostic: string[];
}

function replaceOnce(search: string, replacement: string): (source: string) => string {
  return (source) => {
    if (!source.includes(search)) throw new Error(`the fixture no longer contains ${JSON.stringify(search)}`);
    return source.replace(search, replacement);
  };
}

const weatherToolWithoutParameters = { type: "function", function: { name: "get_weather" } };
const toolCallWithoutArguments = { type: "function", function: { name: "get_weather" } };

const CASES: DiagnosticCase[] = [
  {
    name: "qwen2.5: an endif removed",
    file: "qwen2.5.jinja",
    edit: replaceOnce("    {%- endif %}\n", ""),
    input: { messages: [user] },
    diagnostic: [
      "TemplateSyntaxError at line 13, column 5: unexpected 'else' inside 'if' block",
      "  13 | {%- else %}",
      "     |     ^",
    ],
  },
  {
    name: "llama-3.1: a string left open",
    file: "llama-3.1.jinja",
    edit: replaceOnce('"Environment: ipython\\n" }}', '"Environment: ipython\\n }}'),
    input: { messages: [user] },
    diagnostic: [
      'TemplateSyntaxError at line 29, column 91: unexpected character "\\\\"',
      '  29 | ...o\', \'code_interpreter\') | join(", ") + "\\n\\n"}}',
      "     |                                            ^",
    ],
  },
  {
    name: "mistral-7b-instruct-v0.1 (one long line): a bracket closed by a parenthesis",
    file: "mistral-7b-instruct-v0.1.jinja",
    edit: replaceOnce("message['role'] == 'user'", "message['role') == 'user'"),
    input: { messages: [user] },
    diagnostic: [
      "TemplateSyntaxError at line 1, column 66: unexpected ')', expected ']'",
      "  1 | ...sage in messages %}{% if (message['role') == 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception(...",
      "    |                                            ^",
    ],
  },
  {
    name: "llama-3.1: an unknown filter in a loop (inside an if, but a loop body is checked when compiled)",
    file: "llama-3.1.jinja",
    edit: replaceOnce("t | tojson(indent=4)", "t | to_json(indent=4)"),
    input: { messages: [user] },
    diagnostic: [
      "TemplateSyntaxError at line 38, column 17: no filter named 'to_json'",
      "  38 |         {{- t | to_json(indent=4) }}",
      "     |                 ^",
    ],
  },
  {
    name: "mistral-7b-instruct-v0.1 (one long line): the template's own exception",
    file: "mistral-7b-instruct-v0.1.jinja",
    input: { messages: [{ role: "system", content: "Be brief." }, user] },
    diagnostic: [
      "TemplateRaisedError at line 1, column 110: Conversation roles must alternate user/assistant/user/assistant/...",
      "  1 | ... 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception('Conversation roles must alternate user/assi...",
      "    |                                            ^",
    ],
  },
  {
    name: "qwen3.5: the template's own exception",
    file: "qwen3.5.jinja",
    input: { messages: [] },
    diagnostic: [
      "TemplateRaisedError at line 43, column 9: No messages provided.",
      "  43 |     {{- raise_exception('No messages provided.') }}",
      "     |         ^",
    ],
  },
  {
    name: "hermes-2-pro-llama-3: a tool without parameters",
    file: "hermes-2-pro-llama-3.jinja",
    input: { messages: [user], tools: [weatherToolWithoutParameters] },
    diagnostic: [
      "TemplateRuntimeError at line 43, column 41: cannot read 'properties' of an undefined value",
      "  while evaluating `tool.parameters.properties`: `tool` has no attribute `parameters`",
      "  43 |     {%- for param_name, param_fields in tool.parameters.properties|items %}",
      "     |                                         ^",
    ],
  },
  {
    name: "llama-3.1: a tool call without arguments",
    file: "llama-3.1.jinja",
    input: { messages: [user, { role: "assistant", tool_calls: [toolCallWithoutArguments] }] },
    diagnostic: [
      "TemplateRuntimeError at line 88, column 39: Object of type Undefined is not JSON serializable",
      "  while evaluating `tool_call.arguments | tojson`: `tool_call` has no attribute `arguments`",
      "  88 |             {{- tool_call.arguments | tojson }}",
      "     |                                       ^",
    ],
  },
  {
    name: "deepseek-r1 (one long line): a tool call without arguments",
    file: "deepseek-r1.jinja",
    input: { messages: [user, { role: "assistant", content: null, tool_calls: [toolCallWithoutArguments] }] },
    diagnostic: [
      "TemplateRuntimeError at line 1, column 901: unsupported operand type(s) for +: 'str' and 'Undefined'",
      "  while evaluating `...｜tool▁sep｜>' + tool['function']['name'] + '\\n' + '```json' + '\\n' + tool['function']['arguments']`: `tool['function']` has no item `'arguments'`",
      "  1 | ...%}{%- if message['content'] is none %}{{'<｜Assistant｜><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>' + too...",
      "    |                                            ^",
    ],
  },
];

function diagnosticOf(c: DiagnosticCase): string {
  const source = (c.edit ?? ((s: string) => s))(read(c.file));
  try {
    applyChatTemplate(source, { bos_token: "<s>", eos_token: "</s>", ...c.input });
  } catch (error) {
    if (error instanceof TemplateError) return error.diagnostic;
    throw error;
  }
  throw new Error("rendered without an error");
}

describe("diagnostics on real templates", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
    expect(diagnosticOf(c).split("\n")).toEqual(c.diagnostic);
  });
});

describe("diagnostic details", () => {
  const failure = (source: string, context: Record<string, unknown> = {}) => {
    try {
      new Template(source).render(context);
    } catch (error) {
      if (error instanceof TemplateError) return error;
    }
    throw new Error("expected a TemplateError");
  };

  it("names an undefined variable", () => {
    const error = failure("{{ mesages[0].content }}");
    expect(error).toMatchObject({ line: 1, column: 4, expression: "mesages[0]" });
    expect(error.undefinedReason).toBe("`mesages` is undefined");
    expect(error.message).toBe("cannot read an item of an undefined value; `mesages` is undefined (at 1:4)");
  });

  it("names a missing item", () => {
    const error = failure("{{ messages[0].content.strip() }}", { messages: [] });
    expect(error.undefinedReason).toBe("`messages` has no item `0`");
  });

  it("keeps tabs under the caret", () => {
    expect(failure("\t{{ 1 + }}").diagnostic.split("\n").slice(1)).toEqual([
      "  1 | \t{{ 1 + }}",
      "    | \t       ^",
    ]);
  });

  it("quotes raise_exception's message verbatim, with no expression", () => {
    const error = failure("{{ raise_exception('Only user and assistant roles are supported!') }}");
    expect(error.reason).toBe("Only user and assistant roles are supported!");
    expect(error.expression).toBeUndefined();
  });
});

describe("every error has a place", () => {
  const failing = CORPUS.filter((c) => c.error);

  it.each(failing.map((c) => [c.name, c] as const))("%s", (_, c) => {
    let failure: unknown;
    try {
      new Template(c.template).render(c.context ?? {});
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(TemplateError);
    const error = failure as TemplateError;
    expect(error.line, error.message).toBeGreaterThan(0);
    expect(error.column, error.message).toBeGreaterThan(0);
    expect(error.diagnostic.split("\n").at(-1)).toMatch(/^ +\| *\^$/);
  });
});
