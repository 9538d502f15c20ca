/**
 * Compiles expressions into closures `(scope) => value`, so rendering does no tree walking or dispatch on node kinds.
 * Nodes that can fail are wrapped to give their errors the node's line and column.
 */
import { getAttribute, getItem, getSlice } from "./access.js";
import type { CallArgs, Expr, FilterApplication, Located } from "./ast.js";
import { TemplateError, TemplateLimitError, TemplateRaisedError, TemplateRuntimeError } from "./errors.js";
import { applyFilter, isKnownFilter } from "./filters.js";
import { binaryOperation, unaryOperation } from "./operators.js";
import { pyStr } from "./python-format.js";
import type { Scope } from "./runtime.js";
import { isKnownTest, runTest } from "./tests.js";
import { evaluatedText, undefinedCause } from "./undefined-cause.js";
import {
  Callable,
  isMapping,
  isTruthy,
  makeTuple,
  mappingEntries,
  pyCompare,
  pyContains,
  pyEquals,
  toIterable,
  typeName,
} from "./values.js";

export type CompiledExpr = (scope: Scope) => unknown;

/**
 * Gives an error the position of the node being evaluated, unless a deeper node already did, and, for runtime
 * errors, the expression and which operand of it was undefined (worked out now, on the error path only). A JS
 * stack overflow becomes a limit error; any other JS error (e.g. from a context function) becomes a runtime error.
 */
function locate(error: unknown, at: Located, scope: Scope): unknown {
  if (error instanceof TemplateError) {
    if (
      error.line === undefined &&
      error instanceof TemplateRuntimeError &&
      !(error instanceof TemplateRaisedError)
    )
      error.setEvaluated(evaluatedText(at), undefinedCause(at, scope, error.reason.includes("NoneType")));
    error.setPosition(at);
    return error;
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new TemplateLimitError("template recursion too deep for the JavaScript stack", at);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TemplateRuntimeError(message, at);
}

/** Wraps a closure whose first argument is the scope, so that its errors carry the position of `at`. */
export function located<R>(at: Located, fn: (scope: Scope) => R): (scope: Scope) => R;
export function located<B, R>(at: Located, fn: (scope: Scope, b: B) => R): (scope: Scope, b: B) => R;
export function located(at: Located, fn: (scope: Scope, b: unknown) => unknown) {
  return (scope: Scope, b: unknown) => {
    try {
      return fn(scope, b);
    } catch (error) {
      throw locate(error, at, scope);
    }
  };
}

/** A filter or test jinja2 let through at compile time (inside an `if`) fails when it runs, as there. */
function missing(kind: "filter" | "test", name: string): never {
  throw new TemplateRuntimeError(`No ${kind} named '${name}' found.`);
}

/** Calls a template-visible callable, or a JS function given in the context (positional arguments only). */
export function callValue(callee: unknown, positional: unknown[], keyword: Map<string, unknown>): unknown {
  if (callee instanceof Callable) return callee.call(positional, keyword);
  if (typeof callee === "function") {
    if (keyword.size) throw new TemplateRuntimeError("context functions take positional arguments only");
    return (callee as (...args: unknown[]) => unknown)(...positional);
  }
  throw new TemplateRuntimeError(`'${typeName(callee)}' object is not callable`);
}

/** Compiles call arguments, including `*args` and `**kwargs`, into a closure giving [positional, keyword]. */
export function compileArgs(args: CallArgs): (scope: Scope) => [unknown[], Map<string, unknown>] {
  const positional = args.positional.map(compileExpr);
  const keyword = args.keyword.map(({ name, value }) => [name, compileExpr(value)] as const);
  const spread = args.spread && compileExpr(args.spread);
  const keywordSpread = args.keywordSpread && compileExpr(args.keywordSpread);
  return (scope) => {
    // Python's order: positional arguments and `*args` before any keyword value.
    const values = positional.map((fn) => fn(scope));
    if (spread) values.push(...toIterable(spread(scope)));
    const named = new Map(keyword.map(([name, fn]) => [name, fn(scope)]));
    if (keywordSpread) {
      const mapping = keywordSpread(scope);
      if (!isMapping(mapping))
        throw new TemplateRuntimeError(`argument after ** must be a mapping, not ${typeName(mapping)}`);
      for (const [key, value] of mappingEntries(mapping)) {
        const name = pyStr(key);
        if (named.has(name))
          throw new TemplateRuntimeError(`got multiple values for keyword argument '${name}'`);
        named.set(name, value);
      }
    }
    return [values, named];
  };
}

/** One filter of a chain, applied to a value already computed. */
export function compileFilterStep(filter: FilterApplication): (scope: Scope, value: unknown) => unknown {
  const args = compileArgs(filter.args);
  const { name } = filter;
  if (!isKnownFilter(name)) return located(filter, () => missing("filter", name));
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

/** `a.b`, `a[b]` and `a[start:stop:step]`. */
function compileAccess(expr: Extract<Expr, { kind: "attribute" | "item" | "slice" }>): CompiledExpr {
  switch (expr.kind) {
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
  }
}

/** `and` and `or` return one of their operands, evaluating the right one only when needed. */
function compileLogical(expr: Extract<Expr, { kind: "logical" }>): CompiledExpr {
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

function compileTest(expr: Extract<Expr, { kind: "test" }>): CompiledExpr {
  const value = compileExpr(expr.value);
  const args = compileArgs(expr.args);
  const { name, negated } = expr;
  if (!isKnownTest(name)) return located(expr, () => missing("test", name));
  return located(expr, (scope: Scope) => {
    const [positional] = args(scope);
    return runTest(name, value(scope), positional) !== negated;
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
    case "attribute":
    case "item":
    case "slice":
      return compileAccess(expr);
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
    case "test":
      return compileTest(expr);
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
    case "logical":
      return compileLogical(expr);
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
