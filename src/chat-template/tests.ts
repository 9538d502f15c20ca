/** Jinja tests (`x is defined`, `n is divisibleby 3`), with jinja2's semantics. */
import { TemplateRuntimeError } from "./errors.js";
import { pyStr } from "./python-format.js";
import {
  Callable,
  isFloat,
  isInteger,
  isMapping,
  isNumber,
  Markup,
  plain,
  pyCompare,
  pyContains,
  pyEquals,
  toNumber,
} from "./values.js";

type TestFunction = (value: unknown, args: unknown[]) => boolean;

/** `value % 2` with Python's sign rule, for the odd and even tests (any number, bools included). */
function parity(value: unknown, test: string): number {
  if (!isNumber(value)) throw new TemplateRuntimeError(`test '${test}' needs a number, got ${pyStr(value)}`);
  return ((toNumber(value) % 2) + 2) % 2;
}

const equal: TestFunction = (value, [other]) => pyEquals(value, other);
const notEqual: TestFunction = (value, [other]) => !pyEquals(value, other);
const lessThan: TestFunction = (value, [other]) => pyCompare(value, other) < 0;
const lessOrEqual: TestFunction = (value, [other]) => pyCompare(value, other) <= 0;
const greaterThan: TestFunction = (value, [other]) => pyCompare(value, other) > 0;
const greaterOrEqual: TestFunction = (value, [other]) => pyCompare(value, other) >= 0;

const TESTS: Record<string, TestFunction> = {
  defined: (value) => value !== undefined,
  undefined: (value) => value === undefined,
  none: (value) => value === null,
  string: (value) => typeof value === "string",
  number: (value) => isNumber(value),
  integer: (value) => isInteger(value),
  float: (value) => isFloat(value),
  boolean: (value) => typeof value === "boolean",
  true: (value) => value === true,
  false: (value) => value === false,
  mapping: (value) => isMapping(value),
  iterable: (value) =>
    typeof value === "string" || Array.isArray(value) || isMapping(value) || value === undefined,
  // jinja2's Undefined has __len__ and __getitem__, so it passes the sequence test (and the iterable one).
  sequence: (value) =>
    typeof value === "string" || Array.isArray(value) || isMapping(value) || value === undefined,
  callable: (value) => value instanceof Callable || typeof value === "function",
  odd: (value) => parity(value, "odd") === 1,
  even: (value) => parity(value, "even") === 0,
  divisibleby: (value, [divisor]) => {
    const d = toNumber(divisor);
    if (d === 0) throw new TemplateRuntimeError("integer division or modulo by zero");
    return toNumber(value) % d === 0;
  },
  in: (value, [container]) => pyContains(container, value),
  lower: (value) => {
    const text = pyStr(value);
    return text !== text.toUpperCase() && text === text.toLowerCase();
  },
  upper: (value) => {
    const text = pyStr(value);
    return text !== text.toLowerCase() && text === text.toUpperCase();
  },
  sameas: (value, [other]) => value === other,
  eq: equal,
  equalto: equal,
  "==": equal,
  ne: notEqual,
  "!=": notEqual,
  lt: lessThan,
  lessthan: lessThan,
  "<": lessThan,
  le: lessOrEqual,
  "<=": lessOrEqual,
  gt: greaterThan,
  greaterthan: greaterThan,
  ">": greaterThan,
  ge: greaterOrEqual,
  ">=": greaterOrEqual,
};

TESTS.escaped = (value) => value instanceof Markup;
TESTS.test = (value) => typeof value === "string" && isKnownTest(value);

/** Adds a test defined where this module cannot look (the `filter` test lives with the filters). */
export function registerTest(name: string, test: TestFunction): void {
  TESTS[name] = test;
}

export function isKnownTest(name: string): boolean {
  return Object.hasOwn(TESTS, name);
}

/** Runs the test `name` on `value`. */
export function runTest(name: string, value: unknown, args: unknown[]): boolean {
  // Only `escaped` tells Markup from str; the other tests see the string it holds.
  return TESTS[name](name === "escaped" ? value : plain(value), args);
}
