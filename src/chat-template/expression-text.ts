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

/** Operands that bind less tightly than a postfix or filter get parentheses. */
function operandText(expr: Expr): string {
  const text = expressionText(expr);
  switch (expr.kind) {
    case "unary":
    case "binary":
    case "logical":
    case "compare":
    case "concat":
    case "conditional":
    case "test":
      return `(${text})`;
    default:
      return text;
  }
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
      return `${operandText(expr.value)} | ${expr.name}${args}`;
    }
    case "test": {
      const args = expr.args.positional.length ? ` ${expr.args.positional.map(operandText).join(", ")}` : "";
      return `${operandText(expr.value)} is ${expr.negated ? "not " : ""}${expr.name}${args}`;
    }
    case "unary":
      return `${expr.operator === "not" ? "not " : expr.operator}${operandText(expr.operand)}`;
    case "binary":
    case "logical":
      return `${operandText(expr.left)} ${expr.operator} ${operandText(expr.right)}`;
    case "compare":
      return [
        operandText(expr.first),
        ...expr.rest.map((r) => `${r.operator} ${operandText(r.operand)}`),
      ].join(" ");
    case "concat":
      return expr.parts.map(operandText).join(" ~ ");
    case "conditional": {
      const otherwise = expr.otherwise ? ` else ${operandText(expr.otherwise)}` : "";
      return `${operandText(expr.then)} if ${operandText(expr.test)}${otherwise}`;
    }
  }
}
