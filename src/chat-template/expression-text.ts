/**
 * An expression written back as template text, for error messages ("while evaluating `message.content.strip()`").
 * Only called when an error is raised, so parsing keeps no source text. Parentheses are added around operands
 * that are themselves operators, which is always correct if not always minimal.
 */
import type { CallArgs, Expr } from "./ast.js";
import { pyRepr } from "./python-format.js";

function argsText(args: CallArgs): string {
  const parts = [
    ...args.positional.map(expressionText),
    ...(args.spread ? [`*${expressionText(args.spread)}`] : []),
    ...args.keyword.map(({ name, value }) => `${name}=${expressionText(value)}`),
    ...(args.keywordSpread ? [`**${expressionText(args.keywordSpread)}`] : []),
  ];
  return `(${parts.join(", ")})`;
}

/** Binding strength of operator nodes, loosest first, as the parser reads them. */
const BINARY_PRECEDENCE: Record<string, number> = {
  "+": 5,
  "-": 5,
  "*": 7,
  "/": 7,
  "//": 7,
  "%": 7,
  "**": 8,
};

function precedence(expr: Expr): number {
  switch (expr.kind) {
    case "conditional":
      return 0;
    case "logical":
      return expr.operator === "or" ? 1 : 2;
    case "unary":
      return expr.operator === "not" ? 3 : 9;
    case "compare":
    case "test":
      return 4;
    case "concat":
      return 6;
    case "binary":
      return BINARY_PRECEDENCE[expr.operator];
    default:
      return 10;
  }
}

/** An operand in parentheses when it binds less tightly than its parent (or as tightly, on the right). */
function operandText(expr: Expr, parent = 10, right = false): string {
  const text = expressionText(expr);
  const own = precedence(expr);
  return own < parent || (right && own === parent && own < 10) ? `(${text})` : text;
}

function literalText(value: unknown): string {
  if (value === null) return "none";
  if (value === true) return "true";
  if (value === false) return "false";
  return pyRepr(value);
}

export function expressionText(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return literalText(expr.value);
    case "name":
      return expr.name;
    case "list":
      return `[${expr.items.map(expressionText).join(", ")}]`;
    case "tuple":
      return `(${expr.items.map(expressionText).join(", ")}${expr.items.length === 1 ? "," : ""})`;
    case "dict":
      return `{${expr.entries.map(([key, value]) => `${expressionText(key)}: ${expressionText(value)}`).join(", ")}}`;
    case "attribute":
      return `${operandText(expr.object)}.${expr.name}`;
    case "item":
      return `${operandText(expr.object)}[${expressionText(expr.key)}]`;
    case "slice": {
      const part = (value?: Expr) => (value ? expressionText(value) : "");
      const step = expr.step ? `:${part(expr.step)}` : "";
      return `${operandText(expr.object)}[${part(expr.start)}:${part(expr.stop)}${step}]`;
    }
    case "call":
      return `${operandText(expr.callee)}${argsText(expr.args)}`;
    case "filter": {
      const args = expr.args.positional.length || expr.args.keyword.length ? argsText(expr.args) : "";
      return `${operandText(expr.value, 9)} | ${expr.name}${args}`;
    }
    case "test": {
      const args = expr.args.positional.length ? ` ${operandText(expr.args.positional[0], 10)}` : "";
      return `${operandText(expr.value, 9)} is ${expr.negated ? "not " : ""}${expr.name}${args}`;
    }
    case "unary":
      return `${expr.operator === "not" ? "not " : expr.operator}${operandText(expr.operand, precedence(expr))}`;
    case "binary":
    case "logical": {
      const own = precedence(expr);
      return `${operandText(expr.left, own)} ${expr.operator} ${operandText(expr.right, own, true)}`;
    }
    case "compare": {
      const rest = expr.rest.map(({ operator, operand }) => `${operator} ${operandText(operand, 4, true)}`);
      return [operandText(expr.first, 4, true), ...rest].join(" ");
    }
    case "concat":
      return expr.parts.map((part) => operandText(part, 6, true)).join(" ~ ");
    case "conditional": {
      const otherwise = expr.otherwise ? ` else ${operandText(expr.otherwise, 0)}` : "";
      return `${operandText(expr.then, 1)} if ${operandText(expr.test, 1)}${otherwise}`;
    }
  }
}
