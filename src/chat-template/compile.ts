/**
 * Compiles statements into closures `(scope, out) => signal` once per template. Statements return a control signal
 * (normal, break, continue) instead of throwing, so loops stay cheap.
 */
import type { Expr, FilterApplication, MacroParameter, Stmt, Target } from "./ast.js";
import {
  callValue,
  compileArgs,
  compileExpr,
  compileFilterStep,
  located,
  type CompiledExpr,
} from "./compile-expression.js";
import { TemplateLimitError, TemplateRuntimeError } from "./errors.js";
import { pyStr } from "./python-format.js";
import { LoopContext, Output, Scope } from "./runtime.js";
import { Callable, isTruthy, Namespace, toIterable } from "./values.js";

export type CompiledStmt = (scope: Scope, out: Output) => Signal;

export const enum Signal {
  Normal,
  Break,
  Continue,
}

/** A macro defined with `{% macro %}` or the body of a `{% call %}` block (`caller`). */
class Macro extends Callable {
  constructor(
    readonly callableName: string,
    private readonly parameters: { name: string; default?: CompiledExpr }[],
    private readonly body: CompiledStmt,
    private readonly definitionScope: Scope,
  ) {
    super();
  }

  call(positional: unknown[], keyword: Map<string, unknown>): string {
    const { state } = this.definitionScope;
    const { parameters, callableName } = this;
    if (positional.length > parameters.length) {
      throw new TemplateRuntimeError(
        `macro '${callableName}' takes not more than ${parameters.length} argument(s)`,
      );
    }
    const scope = this.definitionScope.child();
    for (const name of keyword.keys()) {
      if (name !== "caller" && !parameters.some((parameter) => parameter.name === name)) {
        throw new TemplateRuntimeError(
          `macro '${callableName}' was invoked with an unknown keyword argument '${name}'`,
        );
      }
    }
    if (keyword.has("caller")) scope.vars.set("caller", keyword.get("caller"));
    parameters.forEach((parameter, i) => {
      let value: unknown;
      if (i < positional.length) value = positional[i];
      else if (keyword.has(parameter.name)) value = keyword.get(parameter.name);
      else if (parameter.default) value = parameter.default(scope);
      scope.vars.set(parameter.name, value);
    });
    if (state.depth >= state.limits.maxRecursionDepth) {
      throw new TemplateLimitError(
        `macro recursion depth limit exceeded (maxRecursionDepth = ${state.limits.maxRecursionDepth})`,
      );
    }
    state.depth++;
    try {
      const out = new Output(state);
      this.body(scope, out);
      return out.text;
    } finally {
      state.depth--;
    }
  }
}

function compileBody(body: Stmt[]): CompiledStmt {
  const statements = body.map(compileStmt);
  if (statements.length === 1) return statements[0];
  return (scope, out) => {
    for (const statement of statements) {
      const signal = statement(scope, out);
      if (signal !== Signal.Normal) return signal;
    }
    return Signal.Normal;
  };
}

/** Assigns a value to a `set`/`for` target in `scope`, unpacking tuples. */
function compileAssign(target: Target): (scope: Scope, value: unknown) => void {
  switch (target.kind) {
    case "name": {
      const { name } = target;
      return (scope, value) => void scope.vars.set(name, value);
    }
    case "namespace-attribute": {
      const { namespace, attribute } = target;
      return located(target, (scope: Scope, value: unknown) => {
        const object = scope.lookup(namespace);
        if (!(object instanceof Namespace))
          throw new TemplateRuntimeError(`cannot assign attribute on non-namespace object '${namespace}'`);
        object.attributes.set(attribute, value);
      });
    }
    case "tuple": {
      const items = target.items.map(compileAssign);
      return located(target, (scope: Scope, value: unknown) => {
        const values = toIterable(value);
        if (values.length !== items.length) {
          const problem = values.length > items.length ? "too many values" : "not enough values";
          throw new TemplateRuntimeError(
            `${problem} to unpack (expected ${items.length}, got ${values.length})`,
          );
        }
        items.forEach((assign, i) => assign(scope, values[i]));
      });
    }
  }
}

function compileFilterChain(filters: FilterApplication[]): (scope: Scope, value: unknown) => unknown {
  const steps = filters.map(compileFilterStep);
  return (scope, value) => steps.reduce((current, step) => step(scope, current), value);
}

function compileParameters(parameters: MacroParameter[]): { name: string; default?: CompiledExpr }[] {
  return parameters.map(({ name, default: fallback }) => ({
    name,
    default: fallback && compileExpr(fallback),
  }));
}

function compileFor(stmt: Extract<Stmt, { kind: "for" }>): CompiledStmt {
  const iterable = compileExpr(stmt.iterable);
  const assign = compileAssign(stmt.target);
  const condition = stmt.condition && compileExpr(stmt.condition);
  const body = compileBody(stmt.body);
  const otherwise = compileBody(stmt.otherwise);
  const iterate = located(stmt, (scope: Scope, out: Output): Signal => {
    let items = toIterable(iterable(scope));
    if (condition) {
      items = items.filter((item) => {
        const probe = scope.child();
        assign(probe, item);
        return isTruthy(condition(probe));
      });
    }
    if (!items.length) return otherwise(scope, out);
    const loop = new LoopContext(items);
    const { state } = scope;
    for (let i = 0; i < items.length; i++) {
      state.countIteration();
      const inner = scope.child();
      assign(inner, items[i]);
      loop.index0 = i;
      inner.vars.set("loop", loop);
      if (body(inner, out) === Signal.Break) break;
    }
    return Signal.Normal;
  });
  return iterate;
}

function compileStmt(stmt: Stmt): CompiledStmt {
  switch (stmt.kind) {
    case "text": {
      const { text } = stmt;
      return located(stmt, (_: Scope, out: Output) => {
        out.write(text);
        return Signal.Normal;
      });
    }
    case "output": {
      const value = compileExpr(stmt.value);
      return located(stmt, (scope: Scope, out: Output) => {
        out.write(pyStr(value(scope)));
        return Signal.Normal;
      });
    }
    case "if": {
      const branches = stmt.branches.map(({ test, body }) => ({
        test: compileExpr(test),
        body: compileBody(body),
      }));
      const otherwise = compileBody(stmt.otherwise);
      return (scope, out) => {
        for (const branch of branches) if (isTruthy(branch.test(scope))) return branch.body(scope, out);
        return otherwise(scope, out);
      };
    }
    case "for":
      return compileFor(stmt);
    case "set": {
      const value = compileExpr(stmt.value);
      const assign = compileAssign(stmt.target);
      return (scope) => {
        assign(scope, value(scope));
        return Signal.Normal;
      };
    }
    case "set-block": {
      const body = compileBody(stmt.body);
      const assign = compileAssign(stmt.target);
      const filters = compileFilterChain(stmt.filters);
      return (scope) => {
        const captured = new Output(scope.state);
        body(scope, captured);
        assign(scope, filters(scope, captured.text));
        return Signal.Normal;
      };
    }
    case "macro": {
      const body = compileBody(stmt.body);
      const parameters = compileParameters(stmt.parameters);
      const { name } = stmt;
      return (scope) => {
        scope.vars.set(name, new Macro(name, parameters, body, scope));
        return Signal.Normal;
      };
    }
    case "call-block": {
      const body = compileBody(stmt.body);
      const parameters = compileParameters(stmt.parameters);
      const call = stmt.call as Extract<Expr, { kind: "call" }>;
      const callee = compileExpr(call.callee);
      const args = compileArgs(call.args);
      return located(stmt, (scope: Scope, out: Output) => {
        const caller = new Macro("caller", parameters, body, scope);
        const [positional, keyword] = args(scope);
        keyword.set("caller", caller);
        out.write(pyStr(callValue(callee(scope), positional, keyword)));
        return Signal.Normal;
      });
    }
    case "filter-block": {
      const body = compileBody(stmt.body);
      const filters = compileFilterChain(stmt.filters);
      return (scope, out) => {
        const captured = new Output(scope.state);
        body(scope, captured);
        out.write(pyStr(filters(scope, captured.text)));
        return Signal.Normal;
      };
    }
    case "with": {
      const assignments = stmt.assignments.map(({ target, value }) => ({
        assign: compileAssign(target),
        value: compileExpr(value),
      }));
      const body = compileBody(stmt.body);
      return (scope, out) => {
        const inner = scope.child();
        for (const { assign, value } of assignments) assign(inner, value(scope));
        return body(inner, out);
      };
    }
    case "break":
      return () => Signal.Break;
    case "continue":
      return () => Signal.Continue;
  }
}

/** Compiles a whole template. */
export function compileTemplate(body: Stmt[]): CompiledStmt {
  return compileBody(body);
}
