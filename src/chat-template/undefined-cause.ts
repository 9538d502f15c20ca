/**
 * When an expression fails, which of its operands was undefined and why: "`message` is undefined", "`tools[0].function`
 * has no attribute `parameters`". Runs only after an error, by evaluating the operand again; only plain data paths
 * (names, `.attr`, `[key]` with a constant or path key) are evaluated, as they have no side effects.
 */
import { getAttribute, getItem } from "./access.js";
import type { Expr, Located, Stmt } from "./ast.js";
import { expressionText } from "./expression-text.js";
import type { Scope } from "./runtime.js";

/** A path's value and, when it is undefined, the first step that made it so. */
interface PathValue {
  value: unknown;
  cause?: string;
}

function evaluatePath(expr: Expr, scope: Scope): PathValue | undefined {
  switch (expr.kind) {
    case "literal":
      return { value: expr.value };
    case "name": {
      const value = scope.lookup(expr.name);
      if (value === null) return { value, cause: `\`${expr.name}\` is none` };
      return { value, cause: value === undefined ? `\`${expr.name}\` is undefined` : undefined };
    }
    case "attribute":
    case "item":
      return evaluateStep(expr, scope);
    default:
      return undefined;
  }
}

function evaluateStep(
  expr: Extract<Expr, { kind: "attribute" | "item" }>,
  scope: Scope,
): PathValue | undefined {
  const object = evaluatePath(expr.object, scope);
  if (!object || object.value === undefined) return object;
  const key = expr.kind === "attribute" ? { value: expr.name } : evaluatePath(expr.key, scope);
  if (!key || key.value === undefined) return undefined;
  let value: unknown;
  try {
    value =
      expr.kind === "attribute" ? getAttribute(object.value, expr.name) : getItem(object.value, key.value);
  } catch {
    return undefined;
  }
  if (value === null) return { value, cause: `\`${expressionText(expr)}\` is none` };
  if (value !== undefined) return { value };
  const what =
    expr.kind === "attribute" ? `attribute \`${expr.name}\`` : `item \`${expressionText(expr.key)}\``;
  return { value, cause: `\`${expressionText(expr.object)}\` has no ${what}` };
}

/** The operands an expression node (or a for loop) evaluates before doing its own work. */
function operands(at: Located): Expr[] {
  const node = at as Expr | Stmt;
  if (node.kind === "for") return [node.iterable];
  const expr = node as Expr;
  switch (expr.kind) {
    case "attribute":
    case "item":
    case "slice":
      return [expr.object];
    case "call":
      return [expr.callee, ...expr.args.positional, ...expr.args.keyword.map(({ value }) => value)];
    case "filter":
    case "test":
      return [expr.value, ...expr.args.positional];
    case "unary":
      return [expr.operand];
    case "binary":
      return [expr.left, expr.right];
    case "compare":
      return [expr.first, ...expr.rest.map(({ operand }) => operand)];
    case "concat":
      return expr.parts;
    default:
      return [];
  }
}

/**
 * Why the failing node `at` failed, when one of its operands is a data path that is undefined (or none, when
 * the error is about a None value): "`message` is undefined", "`tools` is none".
 */
export function undefinedCause(at: Located, scope: Scope, aboutNone: boolean): string | undefined {
  for (const operand of operands(at)) {
    const path = evaluatePath(operand, scope);
    if (path?.cause && (path.value === undefined || aboutNone)) return path.cause;
  }
  return undefined;
}

/** Longest expression text an error quotes; a longer one keeps its end, where the failing operation is. */
const MAX_EXPRESSION_TEXT = 100;

/** The failing node as template text, when it is an expression (statements are shown by the caret alone). */
export function evaluatedText(at: Located): string | undefined {
  if (!("kind" in at) || !operands(at).length || (at as Stmt).kind === "for") return undefined;
  const text = expressionText(at as Expr);
  return text.length > MAX_EXPRESSION_TEXT ? "..." + text.slice(3 - MAX_EXPRESSION_TEXT) : text;
}
