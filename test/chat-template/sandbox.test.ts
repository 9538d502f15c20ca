/** Hostile templates: each must end promptly with the specific error, naming the limit and the position. */
import { describe, expect, it } from "vitest";
import {
  Template,
  TemplateLimitError,
  TemplateRuntimeError,
  TemplateSecurityError,
  TemplateSyntaxError,
  type TemplateLimits,
} from "../../src/chat-template/index.js";

function renderFailure(
  source: string,
  context: Record<string, unknown> = {},
  limits?: Partial<TemplateLimits>,
) {
  const start = performance.now();
  let failure: unknown;
  try {
    new Template(source).render(context, { limits });
  } catch (error) {
    failure = error;
  }
  const elapsed = performance.now() - start;
  expect(elapsed, "must fail promptly").toBeLessThan(2000);
  return failure as Error;
}

describe("sandbox: reaching outside the context", () => {
  it.each([
    ["constructor of a string", "{{ ''.constructor }}"],
    ["constructor chain to Function", "{{ x.constructor.constructor('return process')() }}"],
    ["__proto__", "{{ x.__proto__ }}"],
    ["prototype", "{{ x.prototype }}"],
    ["python dunder", "{{ ''.__class__.__mro__ }}"],
    ["private attribute of a function", "{{ range.__globals__ }}"],
    ["constructor through item access", "{{ x['constructor'] }}"],
    ["__proto__ through item access", "{{ x['__proto__'] }}"],
  ])("%s raises TemplateSecurityError", (_, source) => {
    const error = renderFailure(source, { x: {} });
    expect(error).toBeInstanceOf(TemplateSecurityError);
    expect(error.message).toMatch(/unsafe \(at 1:\d+\)/);
  });

  it.each([
    ["process", "{{ process.env.HOME }}"],
    ["globalThis", "{{ globalThis.process }}"],
    ["Function", "{{ Function('return process')() }}"],
    ["require", "{{ require('fs') }}"],
  ])("the JS global %s is not visible", (_, source) => {
    const error = renderFailure(source);
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect(error.message).toMatch(/undefined|not callable/);
  });

  it("prints JS globals as undefined (empty)", () => {
    expect(new Template("[{{ process }}{{ globalThis }}{{ Object }}]").render()).toBe("[]");
  });

  it("does not see inherited properties of context objects", () => {
    const context = Object.create({ inherited: "secret" }) as Record<string, unknown>;
    context.own = Object.assign(Object.create({ hidden: 1 }), { shown: 2 });
    expect(new Template("[{{ inherited }}|{{ own.hidden }}|{{ own.shown }}]").render(context)).toBe("[||]");
  });

  it.each([
    ["list.append", "{{ messages.append(1) }}"],
    ["list.pop", "{{ messages.pop() }}"],
    ["dict.update", "{{ tool.update({'a': 1}) }}"],
    ["dict.clear", "{{ tool.clear() }}"],
  ])("the mutating method %s raises TemplateSecurityError and changes nothing", (_, source) => {
    const context = { messages: [1], tool: { name: "x" } };
    expect(renderFailure(source, context)).toBeInstanceOf(TemplateSecurityError);
    expect(context).toEqual({ messages: [1], tool: { name: "x" } });
  });
});

describe("sandbox: limits on loops, recursion and the size of values and output", () => {
  it("stops nested huge loops at the loop iteration limit", () => {
    const error = renderFailure(
      "{% for i in range(100000) %}\n{% for j in range(100000) %}{% endfor %}{% endfor %}",
    );
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error.message).toBe("loop iteration limit exceeded (maxLoopIterations = 1000000) (at 2:4)");
  });

  it("honours a configured loop limit", () => {
    const error = renderFailure("{% for i in range(20) %}{% endfor %}", {}, { maxLoopIterations: 10 });
    expect(error.message).toBe("loop iteration limit exceeded (maxLoopIterations = 10) (at 1:4)");
  });

  it("refuses ranges larger than jinja2's MAX_RANGE", () => {
    const error = renderFailure("{% for i in range(10**9) %}{% endfor %}");
    expect(error).toBeInstanceOf(TemplateRuntimeError);
    expect(error.message).toContain("Range too big");
  });

  it("stops infinite macro recursion at the recursion limit", () => {
    const error = renderFailure("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}");
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error.message).toBe("macro recursion depth limit exceeded (maxRecursionDepth = 200) (at 1:20)");
  });

  it("stops recursion through call blocks", () => {
    // f reads `caller`, so it accepts a call block (jinja2 refuses one for a macro that never reads it).
    const error = renderFailure(
      "{% macro f() %}{{ caller }}{% call f() %}{% endcall %}{% endmacro %}{{ f() }}",
    );
    expect(error).toBeInstanceOf(TemplateLimitError);
  });

  it("honours a configured recursion limit", () => {
    const source = "{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(depth) }}";
    expect(new Template(source).render({ depth: 5 }, { limits: { maxRecursionDepth: 6 } })).toBe("");
    expect(renderFailure(source, { depth: 6 }, { maxRecursionDepth: 6 })).toBeInstanceOf(TemplateLimitError);
  });

  it("refuses an exploding string repetition before building it", () => {
    const error = renderFailure("{{ 'a' * 10**9 }}");
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error.message).toBe("value too large: 1000000000 characters (maxOutputLength = 5000000) (at 1:4)");
  });

  it("stops a string doubling in a loop", () => {
    const source =
      "{% set ns = namespace(s='ab') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}";
    const error = renderFailure(source);
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error.message).toMatch(
      /^value too large: \d+ characters \(maxOutputLength = 5000000\) \(at 1:\d+\)$/,
    );
  });

  it("stops a list doubling in a loop", () => {
    const source =
      "{% set ns = namespace(l=[1]) %}{% for i in range(64) %}{% set ns.l = ns.l + ns.l %}{% endfor %}";
    expect(renderFailure(source)).toBeInstanceOf(TemplateLimitError);
  });

  it("stops output growing past the output limit", () => {
    const error = renderFailure(
      "{% for i in range(1000) %}{{ 'x' * 100 }}{% endfor %}",
      {},
      { maxOutputLength: 5000 },
    );
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect(error.message).toBe("output size limit exceeded (maxOutputLength = 5000) (at 1:30)");
  });
});

describe("sandbox: limits on nesting, at parse time", () => {
  it("refuses absurdly nested blocks at parse time instead of overflowing the stack", () => {
    const start = performance.now();
    const source = "{% if true %}".repeat(5000) + "x" + "{% endif %}".repeat(5000);
    expect(() => new Template(source)).toThrow(/blocks nested deeper than 200 levels \(at 1:\d+\)/);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it.each([
    ["operators", `{{ ${Array(50000).fill("1").join(" + ")} }}`],
    ["filters", `{{ x${"|string".repeat(50000)} }}`],
    ["attributes", `{{ x${".a".repeat(50000)} }}`],
  ])("turns a stack overflow from 50,000 chained %s into a syntax error", (_, source) => {
    expect(() => new Template(source)).toThrow(TemplateSyntaxError);
  });

  it("refuses absurdly nested expressions at parse time instead of overflowing the stack", () => {
    const start = performance.now();
    expect(() => new Template(`{{ ${"(".repeat(5000)}1${")".repeat(5000)} }}`)).toThrow(
      /nested deeper than 200 levels/,
    );
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
