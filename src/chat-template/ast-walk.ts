/**
 * Walks of the syntax tree for what jinja2 decides when it compiles a template: which special names a macro
 * reads (`caller`, `varargs`, `kwargs`), and which filters and tests must exist. Both follow jinja2's visiting
 * order (an assignment's target before its value), because the answers depend on it.
 */
import type { CallArgs, Expr, FilterApplication, Located, MacroParameter, Stmt, Target } from "./ast.js";
import { TemplateSyntaxError } from "./errors.js";

export interface TreeVisitor {
  /** A variable read (`load`) or written (assignment target, loop variable, parameter). */
  name?(name: string, load: boolean): void;
  /**
   * A filter or test. `soft` is jinja2's "soft frame": inside an `if` statement or an inline `x if c else y`
   * (and not inside a loop body, macro or block nested in it), where a missing filter only fails when it runs.
   */
  filterOrTest?(kind: "filter" | "test", name: string, at: Located, soft: boolean): void;
  /** `{% block %}` bodies are skipped by jinja2's scan for special names. */
  skipBlocks?: boolean;
}

export function walkStatements(body: Stmt[], visitor: TreeVisitor, soft = false): void {
  for (const stmt of body) walkStatement(stmt, visitor, soft);
}

function walkParameters(parameters: MacroParameter[], visitor: TreeVisitor): void {
  for (const parameter of parameters) visitor.name?.(parameter.name, false);
  for (const parameter of parameters) if (parameter.default) walkExpr(parameter.default, visitor, false);
}

function walkStatement(stmt: Stmt, visitor: TreeVisitor, soft: boolean): void {
  switch (stmt.kind) {
    case "output":
      return walkExpr(stmt.value, visitor, soft);
    case "if":
      for (const { test, body } of stmt.branches) {
        walkExpr(test, visitor, true);
        walkStatements(body, visitor, true);
      }
      return walkStatements(stmt.otherwise, visitor, true);
    case "for":
      walkTarget(stmt.target, visitor);
      walkExpr(stmt.iterable, visitor, soft);
      walkStatements(stmt.body, visitor);
      walkStatements(stmt.otherwise, visitor);
      if (stmt.condition) walkExpr(stmt.condition, visitor, false);
      return;
    case "set":
      walkTarget(stmt.target, visitor);
      return walkExpr(stmt.value, visitor, soft);
    case "set-block":
      walkTarget(stmt.target, visitor);
      walkFilters(stmt.filters, visitor);
      return walkStatements(stmt.body, visitor);
    case "macro":
      walkParameters(stmt.parameters, visitor);
      return walkStatements(stmt.body, visitor);
    case "call-block":
      walkExpr(stmt.call, visitor, soft);
      walkParameters(stmt.parameters, visitor);
      return walkStatements(stmt.body, visitor);
    case "filter-block":
      walkStatements(stmt.body, visitor);
      return walkFilters(stmt.filters, visitor);
    case "with":
      for (const { target } of stmt.assignments) walkTarget(target, visitor);
      for (const { value } of stmt.assignments) walkExpr(value, visitor, soft);
      return walkStatements(stmt.body, visitor);
    case "block":
      if (!visitor.skipBlocks) walkStatements(stmt.body, visitor);
      return;
    case "text":
    case "break":
    case "continue":
      return;
  }
}

function walkFilters(filters: FilterApplication[], visitor: TreeVisitor): void {
  for (const filter of filters) {
    visitor.filterOrTest?.("filter", filter.name, filter, false);
    walkArgs(filter.args, visitor, false);
  }
}

function walkTarget(target: Target, visitor: TreeVisitor): void {
  if (target.kind === "tuple") for (const item of target.items) walkTarget(item, visitor);
  else if (target.kind === "name") visitor.name?.(target.name, false);
}

function walkArgs(args: CallArgs, visitor: TreeVisitor, soft: boolean): void {
  for (const value of args.positional) walkExpr(value, visitor, soft);
  for (const { value } of args.keyword) walkExpr(value, visitor, soft);
  if (args.spread) walkExpr(args.spread, visitor, soft);
  if (args.keywordSpread) walkExpr(args.keywordSpread, visitor, soft);
}

/** Walks one expression (outside any `if`). */
export function walkExpression(expr: Expr, visitor: TreeVisitor): void {
  walkExpr(expr, visitor, false);
}

function walkExpr(expr: Expr, visitor: TreeVisitor, soft: boolean): void {
  switch (expr.kind) {
    case "literal":
      return;
    case "name":
      return visitor.name?.(expr.name, true);
    case "list":
    case "tuple":
      for (const item of expr.items) walkExpr(item, visitor, soft);
      return;
    case "dict":
      for (const [key, value] of expr.entries) {
        walkExpr(key, visitor, soft);
        walkExpr(value, visitor, soft);
      }
      return;
    case "attribute":
      return walkExpr(expr.object, visitor, soft);
    case "item":
      walkExpr(expr.object, visitor, soft);
      return walkExpr(expr.key, visitor, soft);
    case "slice":
      for (const part of [expr.object, expr.start, expr.stop, expr.step])
        if (part) walkExpr(part, visitor, soft);
      return;
    case "call":
      walkExpr(expr.callee, visitor, soft);
      return walkArgs(expr.args, visitor, soft);
    case "filter":
    case "test":
      visitor.filterOrTest?.(expr.kind, expr.name, expr, soft);
      walkExpr(expr.value, visitor, soft);
      return walkArgs(expr.args, visitor, soft);
    case "unary":
      return walkExpr(expr.operand, visitor, soft);
    case "binary":
    case "logical":
      walkExpr(expr.left, visitor, soft);
      return walkExpr(expr.right, visitor, soft);
    case "compare":
      walkExpr(expr.first, visitor, soft);
      for (const { operand } of expr.rest) walkExpr(operand, visitor, soft);
      return;
    case "concat":
      for (const part of expr.parts) walkExpr(part, visitor, soft);
      return;
    case "conditional":
      walkExpr(expr.test, visitor, true);
      walkExpr(expr.then, visitor, true);
      if (expr.otherwise) walkExpr(expr.otherwise, visitor, true);
      return;
  }
}

/**
 * The names of `names` a body reads before any assignment to them, as jinja2's UndeclaredNameVisitor finds them:
 * this decides whether a macro takes `caller`, extra positional arguments (`varargs`) or keywords (`kwargs`).
 */
export function findUndeclared(body: Stmt[], names: readonly string[]): Set<string> {
  const candidates = new Set(names);
  const found = new Set<string>();
  walkStatements(body, {
    skipBlocks: true,
    name(name, load) {
      if (load && candidates.has(name)) found.add(name);
      else candidates.delete(name);
    },
  });
  return found;
}

/**
 * jinja2 refuses an unknown filter or test when it compiles the template, except in an `if` or an inline if, where
 * it fails only if that code runs (templates guard filters some renderers add, such as `from_json`, this way).
 */
export function checkFiltersAndTests(
  body: Stmt[],
  known: { filter(name: string): boolean; test(name: string): boolean },
): void {
  walkStatements(body, {
    filterOrTest(kind, name, at, soft) {
      if (!soft && !known[kind](name))
        throw new TemplateSyntaxError(`no ${kind} named '${name}'`, { line: at.line, column: at.column });
    },
  });
}
