/** Python arithmetic on template values: int/float rules, floor division and modulo signs, str and list operators. */
import type { BinaryOperator } from "./ast.js";
import { TemplateRuntimeError } from "./errors.js";
import type { RenderState } from "./runtime.js";
import { percentFormat } from "./string-format.js";
import { addMarkup, escapeFormatArguments } from "./markup.js";
import {
  isFloat,
  isInteger,
  isNumber,
  isTuple,
  makeFloat,
  makeTuple,
  Markup,
  plain,
  toNumber,
  typeName,
} from "./values.js";

function unsupported(operator: string, left: unknown, right: unknown): TemplateRuntimeError {
  return new TemplateRuntimeError(
    `unsupported operand type(s) for ${operator}: '${typeName(left)}' and '${typeName(right)}'`,
  );
}

function numberResult(value: number, asFloat: boolean): unknown {
  return asFloat ? makeFloat(value) : value;
}

function repeat(sequence: unknown, times: unknown, state: RenderState): unknown {
  const count = Math.max(0, toNumber(times));
  if (typeof sequence === "string") {
    state.checkLength(sequence.length * count, "characters");
    return sequence.repeat(count);
  }
  const list = sequence as unknown[];
  state.checkLength(list.length * count, "items");
  const result: unknown[] = [];
  for (let i = 0; i < count; i++) result.push(...list);
  return isTuple(list) ? makeTuple(result) : result;
}

/** CPython's float floor division: based on fmod, so 3 // 0.1 is 29.0 (0.1 is a little more than a tenth). */
function floatFloorDivision(a: number, b: number): number {
  const remainder = a % b;
  let quotient = (a - remainder) / b;
  if (remainder !== 0 && b < 0 !== remainder < 0) quotient -= 1;
  if (quotient === 0) return a / b < 0 ? -0 : 0;
  const floor = Math.floor(quotient);
  return quotient - floor > 0.5 ? floor + 1 : floor;
}

function isIntegral(value: unknown): boolean {
  return isInteger(value) || typeof value === "boolean";
}

/** Evaluates `left <operator> right` with Python's rules. */
export function binaryOperation(
  operator: BinaryOperator,
  left: unknown,
  right: unknown,
  state: RenderState,
): unknown {
  if (isNumber(left) && isNumber(right)) {
    const a = toNumber(left);
    const b = toNumber(right);
    const asFloat = isFloat(left) || isFloat(right);
    switch (operator) {
      case "+":
        return numberResult(a + b, asFloat);
      case "-":
        return numberResult(a - b, asFloat);
      case "*":
        return numberResult(a * b, asFloat);
      case "/":
        if (b === 0) throw new TemplateRuntimeError("division by zero");
        return makeFloat(a / b);
      case "//":
        if (b === 0) throw new TemplateRuntimeError("integer division or modulo by zero");
        return asFloat ? makeFloat(floatFloorDivision(a, b)) : Math.floor(a / b);
      case "%": {
        if (b === 0) throw new TemplateRuntimeError("integer division or modulo by zero");
        const remainder = a % b;
        return numberResult(remainder !== 0 && remainder < 0 !== b < 0 ? remainder + b : remainder, asFloat);
      }
      case "**":
        if (a === 0 && b < 0) throw new TemplateRuntimeError("0.0 cannot be raised to a negative power");
        return numberResult(a ** b, asFloat || b < 0);
    }
  }
  if (left instanceof Markup || right instanceof Markup) return markupOperation(operator, left, right, state);
  if (operator === "+") {
    if (typeof left === "string" && typeof right === "string") return state.checkSize(left + right);
    if (Array.isArray(left) && Array.isArray(right) && isTuple(left) === isTuple(right)) {
      state.checkLength(left.length + right.length, "items");
      const joined = [...left, ...right];
      return isTuple(left) ? makeTuple(joined) : joined;
    }
  }
  if (operator === "*") {
    if ((typeof left === "string" || Array.isArray(left)) && isIntegral(right))
      return repeat(left, right, state);
    if ((typeof right === "string" || Array.isArray(right)) && isIntegral(left))
      return repeat(right, left, state);
  }
  if (operator === "%" && typeof left === "string") return state.checkSize(percentFormat(left, right));
  throw unsupported(operator, left, right);
}

/** Markup's `+`, `*` and `%`: the result is Markup, with the plain strings involved escaped. */
function markupOperation(
  operator: BinaryOperator,
  left: unknown,
  right: unknown,
  state: RenderState,
): unknown {
  if (operator === "+") {
    const sum = addMarkup(left, right);
    if (sum) return state.checkSize(sum.text) && sum;
  }
  if (operator === "*" && (isIntegral(left) || isIntegral(right))) {
    const repeated = binaryOperation(operator, plain(left), plain(right), state);
    return new Markup(repeated as string);
  }
  if (operator === "%" && left instanceof Markup)
    return new Markup(state.checkSize(percentFormat(left.text, escapeFormatArguments(right))));
  throw unsupported(operator, left, right);
}

/** Unary `-x` and `+x`. */
export function unaryOperation(operator: "-" | "+", operand: unknown): unknown {
  if (!isNumber(operand))
    throw new TemplateRuntimeError(`bad operand type for unary ${operator}: '${typeName(operand)}'`);
  const value = toNumber(operand);
  const result = operator === "-" ? -value : value;
  return isFloat(operand) ? makeFloat(result) : result === 0 ? 0 : result;
}
