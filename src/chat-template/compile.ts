/**
 * Compiles statements into closures `(scope, out) => signal` once per template. Statements return a control signal
 * (normal, break, continue) instead of throwing, so loops stay cheap.
 */
import type { Expr, FilterApplication, Stmt, Target } from "./ast.js";
import { callValue, compileArgs, compileExpr, compileFilterStep, located } from "./compile-expression.js";
import { TemplateRuntimeError } from "./errors.js";
import { Macro, macroShape } from "./macro.js";
import { collectBlocks } from "./template-reference.js";
import { pyStr } from "./python-format.js";
import { LoopContext, Output, Scope } from "./runtime.js";
import { isTruthy, Namespace, toIterable } from "./values.js";

export type CompiledStmt = (scope: Scope, out: Output) => Signal;

export const enum Signal {
  Normal,
  Break,
  Continue,
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

function compileMacroShape(
  stmt: Extract<Stmt, { kind: "macro" | "call-block" }>,
  callableName: string,
): ReturnType<typeof macroShape> {
  const parameters = stmt.parameters.map(({ name, default: fallback }) => ({
    name,
    default: fallback && compileExpr(fallback),
  }));
  return macroShape(stmt, callableName, stmt.parameters, parameters, stmt.body, compileBody(stmt.body));
}

function compileFor(stmt: Extract<Stmt, { kind: "for" }>): CompiledStmt {
  const iterable = compileExpr(stmt.iterable);
  const assign = compileAssign(stmt.target);
  const condition = stmt.condition && compileExpr(stmt.condition);
  const body = compileBody(stmt.body);
  const otherwise = compileBody(stmt.otherwise);
  const { recursive } = stmt;
  const iterate = (scope: Scope, out: Output, value: unknown, depth: number): Signal => {
    let items = toIterable(value);
    if (condition) {
      items = items.filter((item) => {
        const probe = scope.child();
        assign(probe, item);
        return isTruthy(condition(probe));
      });
    }
    if (!items.length) return otherwise(scope, out);
    // `loop(nested)` in a recursive loop renders the same body over `nested`, one level deeper, and returns it.
    const recurse = recursive
      ? (nested: unknown) => {
          const captured = new Output(scope.state);
          iterate(scope, captured, nested, depth + 1);
          return captured.text;
        }
      : undefined;
    const loop = new LoopContext(items, depth, recurse);
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
  };
  return located(stmt, (scope: Scope, out: Output): Signal => iterate(scope, out, iterable(scope), 1));
}

/** `{% with a = x %}...{% endwith %}`: the values are computed in the outer scope, the body runs in a new one. */
function compileWith(stmt: Extract<Stmt, { kind: "with" }>): CompiledStmt {
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

/** `{% call m() %}body{% endcall %}`: calls m with the body as `caller`, and prints the result. */
function compileCallBlock(stmt: Extract<Stmt, { kind: "call-block" }>): CompiledStmt {
  const shape = compileMacroShape(stmt, "caller");
  const call = stmt.call as Extract<Expr, { kind: "call" }>;
  const callee = compileExpr(call.callee);
  const args = compileArgs(call.args);
  return located(stmt, (scope: Scope, out: Output) => {
    const caller = new Macro(shape, scope);
    const [positional, keyword] = args(scope);
    keyword.set("caller", caller);
    out.write(pyStr(callValue(callee(scope), positional, keyword)));
    return Signal.Normal;
  });
}

/** `{% block name %}`: in a single template the body renders in place. */
function compileBlock(stmt: Extract<Stmt, { kind: "block" }>): CompiledStmt {
  const body = compileBody(stmt.body);
  const { scoped, required, name } = stmt;
  if (required)
    return located(stmt, () => {
      // No child template can fill it in: jinja2 fails when such a block is rendered.
      throw new TemplateRuntimeError(`Required block '${name}' not found`);
    });
  // An unscoped block sees the template's top-level variables only, not those of loops around it.
  return (scope, out) => {
    body((scoped ? scope : scope.root()).child(), out);
    return Signal.Normal;
  };
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
      const shape = compileMacroShape(stmt, stmt.name);
      const { name } = stmt;
      return (scope) => {
        scope.vars.set(name, new Macro(shape, scope));
        return Signal.Normal;
      };
    }
    case "call-block":
      return compileCallBlock(stmt);
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
    case "with":
      return compileWith(stmt);
    case "block":
      return compileBlock(stmt);
    case "break":
      return () => Signal.Break;
    case "continue":
      return () => Signal.Continue;
  }
}

/** Compiles a whole template. */
export interface CompiledTemplate {
  run: CompiledStmt;
  /** The bodies of the template's blocks by name, for `self.name()` (compiled again: blocks are rare). */
  blocks: Map<string, CompiledStmt>;
}

export function compileTemplate(body: Stmt[]): CompiledTemplate {
  const blocks = new Map(collectBlocks(body).map((block) => [block.name, compileBody(block.body)]));
  return { run: compileBody(body), blocks };
}
