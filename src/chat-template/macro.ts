/**
 * Macros (`{% macro %}`) and call-block bodies (`caller`), bound to arguments as jinja2's Macro binds them: a
 * missing argument is undefined, extra ones go to `varargs`/`kwargs` when the body reads those names, and a macro
 * whose body reads `caller` gets the call block's body (or undefined, which hides any outer `caller`).
 */
import type { Located, MacroParameter, Stmt } from "./ast.js";
import { findUndeclared } from "./ast-walk.js";
import type { CompiledExpr } from "./compile-expression.js";
import { TemplateLimitError, TemplateRuntimeError, TemplateSyntaxError } from "./errors.js";
import { Output, type Scope } from "./runtime.js";
import { Callable, makeTuple } from "./values.js";

/** What a compiled macro body is: run with a scope, writing to an output. */
export type MacroBody = (scope: Scope, out: Output) => unknown;

export interface MacroShape {
  callableName: string;
  parameters: { name: string; default?: CompiledExpr }[];
  /** Whether the body reads `caller`, `varargs`, `kwargs` (jinja2 decides this when it compiles the macro). */
  takesCaller: boolean;
  takesVarargs: boolean;
  takesKwargs: boolean;
  body: MacroBody;
}

const SPECIAL_NAMES = ["caller", "kwargs", "varargs"] as const;

/** Reads which special names a macro's body uses, and refuses a `caller` parameter without a default then. */
export function macroShape(
  at: Located,
  callableName: string,
  parameters: MacroParameter[],
  compiled: { name: string; default?: CompiledExpr }[],
  body: Stmt[],
  compiledBody: MacroBody,
): MacroShape {
  const undeclared = findUndeclared(body, SPECIAL_NAMES);
  const declared = new Set(parameters.map((parameter) => parameter.name));
  const explicitCaller = parameters.find((parameter) => parameter.name === "caller");
  if (undeclared.has("caller") && explicitCaller && !explicitCaller.default) {
    throw new TemplateSyntaxError(
      'When defining macros or call blocks the special "caller" argument must be omitted or be given a default.',
      { line: at.line, column: at.column },
    );
  }
  return {
    callableName,
    parameters: compiled,
    takesCaller: undeclared.has("caller") && !explicitCaller,
    takesVarargs: undeclared.has("varargs") && !declared.has("varargs"),
    takesKwargs: undeclared.has("kwargs") && !declared.has("kwargs"),
    body: compiledBody,
  };
}

export class Macro extends Callable {
  readonly callableName: string;

  constructor(
    private readonly shape: MacroShape,
    private readonly definitionScope: Scope,
  ) {
    super();
    this.callableName = shape.callableName;
  }

  call(positional: unknown[], keyword: Map<string, unknown>): string {
    const { shape } = this;
    const scope = this.definitionScope.child();
    const remaining = new Map(keyword);
    const missing: { name: string; default?: CompiledExpr }[] = [];
    shape.parameters.forEach((parameter, i) => {
      let value: unknown;
      if (i < positional.length) value = positional[i];
      else if (remaining.has(parameter.name)) {
        value = remaining.get(parameter.name);
        remaining.delete(parameter.name);
      } else missing.push(parameter);
      scope.vars.set(parameter.name, value);
    });
    if (shape.takesCaller) {
      scope.vars.set("caller", remaining.get("caller"));
      remaining.delete("caller");
    }
    this.bindExtras(scope, positional, remaining);
    // Every argument is bound before any default runs, so a default may read an earlier parameter.
    for (const parameter of missing)
      if (parameter.default) scope.vars.set(parameter.name, parameter.default(scope));
    return this.run(scope);
  }

  private bindExtras(scope: Scope, positional: unknown[], remaining: Map<string, unknown>): void {
    const { shape, callableName } = this;
    if (shape.takesKwargs) scope.vars.set("kwargs", remaining);
    else if (remaining.size) {
      if (remaining.has("caller"))
        throw new TemplateRuntimeError(
          `macro '${callableName}' was invoked with two values for the special caller argument. This is most likely a bug.`,
        );
      throw new TemplateRuntimeError(
        `macro '${callableName}' takes no keyword argument '${remaining.keys().next().value}'`,
      );
    }
    const count = shape.parameters.length;
    if (shape.takesVarargs) scope.vars.set("varargs", makeTuple(positional.slice(count)));
    else if (positional.length > count)
      throw new TemplateRuntimeError(`macro '${callableName}' takes not more than ${count} argument(s)`);
  }

  private run(scope: Scope): string {
    const { state } = scope;
    if (state.depth >= state.limits.maxRecursionDepth) {
      throw new TemplateLimitError(
        `macro recursion depth limit exceeded (maxRecursionDepth = ${state.limits.maxRecursionDepth})`,
      );
    }
    state.depth++;
    try {
      const out = new Output(state);
      this.shape.body(scope, out);
      return out.text;
    } finally {
      state.depth--;
    }
  }
}
