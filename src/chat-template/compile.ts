/**
 * Compiles the syntax tree into JS closures once per template, so rendering does no tree walking or dispatch on
 * node kinds. Statements return a control signal (normal, break, continue) instead of throwing.
 */
import { getAttribute, getItem, getSlice } from "./access.js";
import type { CallArgs, Expr, FilterApplication, Located, MacroParameter, Stmt, Target } from "./ast.js";
import { TemplateError, TemplateLimitError, TemplateRuntimeError } from "./errors.js";
import { applyFilter } from "./filters.js";
import { binaryOperation, unaryOperation } from "./operators.js";
import { pyStr } from "./python-format.js";
import { LoopContext, Output, Scope } from "./runtime.js";
import { runTest } from "./tests.js";
import {
  Callable,
  isMapping,
  isTruthy,
  makeTuple,
  mappingEntries,
  Namespace,
  pyCompare,
  pyContains,
  pyEquals,
  toIterable,
  typeName,
} from "./values.js";

export type CompiledExpr = (scope: Scope) => unknown;
export type CompiledStmt = (scope: Scope, out: Output) => Signal;

export const enum Signal {
  Normal,
  Break,
  Continue,
}

/** Gives an error the position of the node being evaluated, unless a deeper node already did. */
function locate(error: unknown, at: Located): unknown {
  if (error instanceof TemplateError) {
    error.setPosition(at);
    return error;
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new TemplateLimitError("template recursion too deep for the JavaScript stack", at);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TemplateRuntimeError(message, at);
}

function located<T extends unknown[], R>(at: Located, fn: (...args: T) => R): (...args: T) => R {
  return (...args: T) => {
    try {
      return fn(...args);
    } catch (error) {
      throw locate(error, at);
    }
  };
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

function callValue(callee: unknown, positional: unknown[], keyword: Map<string, unknown>): unknown {
  if (callee instanceof Callable) return callee.call(positional, keyword);
  if (typeof callee === "function") {
    if (keyword.size) throw new TemplateRuntimeError("context functions take positional arguments only");
    return (callee as (...args: unknown[]) => unknown)(...positional);
  }
  throw new TemplateRuntimeError(`'${typeName(callee)}' object is not callable`);
}

function compileArgs(args: CallArgs): (scope: Scope) => [unknown[], Map<string, unknown>] {
  const positional = args.positional.map(compileExpr);
  const keyword = args.keyword.map(({ name, value }) => [name, compileExpr(value)] as const);
  const spread = args.spread && compileExpr(args.spread);
  const keywordSpread = args.keywordSpread && compileExpr(args.keywordSpread);
  return (scope) => {
    const values = positional.map((fn) => fn(scope));
    const named = new Map(keyword.map(([name, fn]) => [name, fn(scope)]));
    if (spread) values.push(...toIterable(spread(scope)));
    if (keywordSpread) {
      const mapping = keywordSpread(scope);
      if (!isMapping(mapping))
        throw new TemplateRuntimeError(`argument after ** must be a mapping, not ${typeName(mapping)}`);
      for (const [name, value] of mappingEntries(mapping)) named.set(pyStr(name), value);
    }
    return [values, named];
  };
}

/** One filter of a chain, applied to a value already computed. */
function compileFilterStep(filter: FilterApplication): (scope: Scope, value: unknown) => unknown {
  const args = compileArgs(filter.args);
  const { name } = filter;
  return located(filter, (scope: Scope, value: unknown) => {
    const [positional, keyword] = args(scope);
    return applyFilter(name, value, positional, keyword, scope.state);
  });
}

function compileCompare(expr: Extract<Expr, { kind: "compare" }>): CompiledExpr {
  const first = compileExpr(expr.first);
  const rest = expr.rest.map(({ operator, operand }) => ({ operator, operand: compileExpr(operand) }));
  return located(expr, (scope: Scope) => {
    let left = first(scope);
    for (const { operator, operand } of rest) {
      const right = operand(scope);
      let holds: boolean;
      switch (operator) {
        case "==":
          holds = pyEquals(left, right);
          break;
        case "!=":
          holds = !pyEquals(left, right);
          break;
        case "in":
          holds = pyContains(right, left);
          break;
        case "not in":
          holds = !pyContains(right, left);
          break;
        case "<":
          holds = pyCompare(left, right) < 0;
          break;
        case "<=":
          holds = pyCompare(left, right) <= 0;
          break;
        case ">":
          holds = pyCompare(left, right) > 0;
          break;
        case ">=":
          holds = pyCompare(left, right) >= 0;
          break;
      }
      if (!holds) return false;
      left = right;
    }
    return true;
  });
}

export function compileExpr(expr: Expr): CompiledExpr {
  switch (expr.kind) {
    case "literal": {
      const { value } = expr;
      return () => value;
    }
    case "name": {
      const { name } = expr;
      return (scope) => scope.lookup(name);
    }
    case "list": {
      const items = expr.items.map(compileExpr);
      return (scope) => items.map((item) => item(scope));
    }
    case "tuple": {
      const items = expr.items.map(compileExpr);
      return (scope) => makeTuple(items.map((item) => item(scope)));
    }
    case "dict": {
      const entries = expr.entries.map(([key, value]) => [compileExpr(key), compileExpr(value)] as const);
      return (scope) => new Map(entries.map(([key, value]) => [key(scope), value(scope)]));
    }
    case "attribute": {
      const object = compileExpr(expr.object);
      const { name } = expr;
      return located(expr, (scope: Scope) => getAttribute(object(scope), name));
    }
    case "item": {
      const object = compileExpr(expr.object);
      const key = compileExpr(expr.key);
      return located(expr, (scope: Scope) => getItem(object(scope), key(scope)));
    }
    case "slice": {
      const object = compileExpr(expr.object);
      const missing = () => undefined;
      const [start, stop, step] = [expr.start, expr.stop, expr.step].map((part) =>
        part ? compileExpr(part) : missing,
      );
      return located(expr, (scope: Scope) => getSlice(object(scope), start(scope), stop(scope), step(scope)));
    }
    case "call": {
      const callee = compileExpr(expr.callee);
      const args = compileArgs(expr.args);
      return located(expr, (scope: Scope) => {
        const fn = callee(scope);
        const [positional, keyword] = args(scope);
        return scope.state.checkSize(callValue(fn, positional, keyword));
      });
    }
    case "filter": {
      const value = compileExpr(expr.value);
      const step = compileFilterStep(expr);
      return (scope) => step(scope, value(scope));
    }
    case "test": {
      const value = compileExpr(expr.value);
      const args = compileArgs(expr.args);
      const { name, negated } = expr;
      return located(expr, (scope: Scope) => {
        const [positional] = args(scope);
        return runTest(name, value(scope), positional) !== negated;
      });
    }
    case "unary": {
      const operand = compileExpr(expr.operand);
      if (expr.operator === "not") return (scope) => !isTruthy(operand(scope));
      const { operator } = expr;
      return located(expr, (scope: Scope) => unaryOperation(operator, operand(scope)));
    }
    case "binary": {
      const left = compileExpr(expr.left);
      const right = compileExpr(expr.right);
      const { operator } = expr;
      return located(expr, (scope: Scope) =>
        binaryOperation(operator, left(scope), right(scope), scope.state),
      );
    }
    case "logical": {
      const left = compileExpr(expr.left);
      const right = compileExpr(expr.right);
      if (expr.operator === "and") {
        return (scope) => {
          const value = left(scope);
          return isTruthy(value) ? right(scope) : value;
        };
      }
      return (scope) => {
        const value = left(scope);
        return isTruthy(value) ? value : right(scope);
      };
    }
    case "compare":
      return compileCompare(expr);
    case "concat": {
      const parts = expr.parts.map(compileExpr);
      return located(expr, (scope: Scope) => {
        let text = "";
        for (const part of parts) text += pyStr(part(scope));
        return scope.state.checkSize(text);
      });
    }
    case "conditional": {
      const test = compileExpr(expr.test);
      const then = compileExpr(expr.then);
      const otherwise = expr.otherwise ? compileExpr(expr.otherwise) : () => undefined;
      return (scope) => (isTruthy(test(scope)) ? then(scope) : otherwise(scope));
    }
  }
}

// ---- statements ------------------------------------------------------------------------------------------------

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
