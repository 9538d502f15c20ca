/** Expression parsing with jinja2's grammar and operator precedence. */
import type { BinaryOperator, CallArgs, CompareOperator, Expr, FilterApplication, Located } from "./ast.js";
import { describe, TokenStream } from "./token-stream.js";
import { makeFloat } from "./values.js";

/** Names that are literals, and so cannot be assigned to. */
export const CONSTANTS = new Map<string, boolean | null>([
  ["true", true],
  ["True", true],
  ["false", false],
  ["False", false],
  ["none", null],
  ["None", null],
]);
const COMPARE_OPERATORS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const ADDITIVE_OPERATORS = new Set(["+", "-"]);
const MULTIPLICATIVE_OPERATORS = new Set(["*", "/", "//", "%"]);
const POWER_OPERATOR = new Set(["**"]);
/** Deepest nesting of expressions (and of blocks), so that hostile input cannot overflow the parser's stack. */
export const MAX_NESTING = 200;

export class ExpressionParser extends TokenStream {
  private nesting = 0;

  /** An expression, or several separated by commas, which make a tuple (as in `{{ a, b }}` or `for x in a, b`). */
  protected parseTupleOrExpression(withCondition = true): Expr {
    const first = withCondition ? this.parseExpression() : this.parseOr();
    if (!this.peekOperator(",")) return first;
    const items = [first];
    while (this.acceptOperator(",")) {
      if (this.peekType("block-end") || this.peekType("print-end") || this.peekName("if")) break;
      items.push(withCondition ? this.parseExpression() : this.parseOr());
    }
    return { kind: "tuple", items, line: first.line, column: first.column };
  }

  parseExpression(): Expr {
    if (++this.nesting > MAX_NESTING)
      throw this.error(`expression nested deeper than ${MAX_NESTING} levels`, this.peek());
    const then = this.parseOr();
    let result = then;
    if (this.acceptName("if")) {
      const test = this.parseOr();
      const otherwise = this.acceptName("else") ? this.parseExpression() : undefined;
      result = { kind: "conditional", test, then, otherwise, line: then.line, column: then.column };
    }
    this.nesting--;
    return result;
  }

  protected parseOr(): Expr {
    return this.parseLogical("or", () => this.parseAnd());
  }

  protected parseAnd(): Expr {
    return this.parseLogical("and", () => this.parseNot());
  }

  /** `a or b or c` (or `and`), left-associative. */
  private parseLogical(operator: "or" | "and", operand: () => Expr): Expr {
    let left = operand();
    while (this.acceptName(operator)) {
      left = { kind: "logical", operator, left, right: operand(), line: left.line, column: left.column };
    }
    return left;
  }

  protected parseNot(): Expr {
    const token = this.peek();
    if (this.acceptName("not")) {
      return {
        kind: "unary",
        operator: "not",
        operand: this.parseNot(),
        line: token.line,
        column: token.column,
      };
    }
    return this.parseCompare();
  }

  protected parseCompare(): Expr {
    const first = this.parseMath1();
    const rest: { operator: CompareOperator; operand: Expr }[] = [];
    for (;;) {
      const token = this.peek();
      let operator: CompareOperator;
      if (token.type === "operator" && COMPARE_OPERATORS.has(token.value)) {
        this.index++;
        operator = token.value as CompareOperator;
      } else if (this.acceptName("in")) {
        operator = "in";
      } else if (this.peekName("not") && this.peekName("in", 1)) {
        this.index += 2;
        operator = "not in";
      } else {
        break;
      }
      rest.push({ operator, operand: this.parseMath1() });
    }
    return rest.length ? { kind: "compare", first, rest, line: first.line, column: first.column } : first;
  }

  protected parseMath1(): Expr {
    return this.parseBinary(ADDITIVE_OPERATORS, () => this.parseConcat());
  }

  protected parseConcat(): Expr {
    const first = this.parseMath2();
    if (!this.peekOperator("~")) return first;
    const parts = [first];
    while (this.acceptOperator("~")) parts.push(this.parseMath2());
    return { kind: "concat", parts, line: first.line, column: first.column };
  }

  protected parseMath2(): Expr {
    return this.parseBinary(MULTIPLICATIVE_OPERATORS, () => this.parsePow());
  }

  protected parsePow(): Expr {
    return this.parseBinary(POWER_OPERATOR, () => this.parseUnary());
  }

  /** `a op b op c` for the binary operators of one precedence level, left-associative. */
  private parseBinary(operators: ReadonlySet<string>, operand: () => Expr): Expr {
    let left = operand();
    for (;;) {
      const token = this.peek();
      if (token.type !== "operator" || !operators.has(token.value)) return left;
      this.index++;
      const operator = token.value as BinaryOperator;
      left = { kind: "binary", operator, left, right: operand(), line: left.line, column: left.column };
    }
  }

  protected parseUnary(withFilters = true): Expr {
    const token = this.peek();
    let node: Expr;
    if (this.acceptOperator("-") || this.acceptOperator("+")) {
      if (++this.nesting > MAX_NESTING)
        throw this.error(`expression nested deeper than ${MAX_NESTING} levels`, token);
      const operand = this.parseUnary(false);
      this.nesting--;
      node = {
        kind: "unary",
        operator: token.value as "-" | "+",
        operand,
        line: token.line,
        column: token.column,
      };
    } else {
      node = this.parsePrimary();
    }
    node = this.parsePostfix(node);
    return withFilters ? this.parseFilterExpression(node) : node;
  }

  protected parsePrimary(): Expr {
    const token = this.next();
    const at = { line: token.line, column: token.column };
    switch (token.type) {
      case "name":
        if (CONSTANTS.has(token.value)) return { kind: "literal", value: CONSTANTS.get(token.value), ...at };
        return { kind: "name", name: token.value, ...at };
      case "string": {
        let value = token.value;
        while (this.peekType("string")) value += this.next().value;
        return { kind: "literal", value, ...at };
      }
      case "integer":
        return { kind: "literal", value: parseInteger(token.value), ...at };
      case "float":
        return { kind: "literal", value: makeFloat(Number(token.value)), ...at };
      case "operator":
        if (token.value === "(") return this.parseParenthesised(at);
        if (token.value === "[") return { kind: "list", items: this.parseSequence("]"), ...at };
        if (token.value === "{") return this.parseDict(at);
    }
    throw this.error(`unexpected ${describe(token)}`, token);
  }

  protected parseParenthesised(at: Located): Expr {
    if (this.acceptOperator(")")) return { kind: "tuple", items: [], ...at };
    const first = this.parseExpression();
    if (this.acceptOperator(")")) return first;
    const items = [first];
    while (this.acceptOperator(",")) {
      if (this.peekOperator(")")) break;
      items.push(this.parseExpression());
    }
    this.expectOperator(")");
    return { kind: "tuple", items, ...at };
  }

  protected parseSequence(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.acceptOperator(close)) {
      if (items.length) this.expectOperator(",");
      if (this.acceptOperator(close)) break;
      items.push(this.parseExpression());
    }
    return items;
  }

  protected parseDict(at: Located): Expr {
    const entries: [Expr, Expr][] = [];
    while (!this.acceptOperator("}")) {
      if (entries.length) this.expectOperator(",");
      if (this.acceptOperator("}")) break;
      const key = this.parseExpression();
      this.expectOperator(":");
      entries.push([key, this.parseExpression()]);
    }
    return { kind: "dict", entries, ...at };
  }

  protected parsePostfix(node: Expr): Expr {
    for (;;) {
      if (this.peekOperator(".") || this.peekOperator("[")) node = this.parseSubscript(node);
      else if (this.peekOperator("(")) node = this.parseCall(node);
      else return node;
    }
  }

  /** `callee(...)`: the call sits where its callee starts. */
  private parseCall(callee: Expr): Expr {
    return { kind: "call", callee, args: this.parseCallArgs(), line: callee.line, column: callee.column };
  }

  protected parseFilterExpression(node: Expr): Expr {
    for (;;) {
      if (this.peekOperator("|")) {
        for (const filter of this.parseFilterChain()) {
          node = {
            kind: "filter",
            value: node,
            name: filter.name,
            args: filter.args,
            line: filter.line,
            column: filter.column,
          };
        }
      } else if (this.peekName("is")) {
        node = this.parseTest(node);
      } else if (this.peekOperator("(")) {
        node = this.parseCall(node);
      } else {
        return node;
      }
    }
  }

  protected parseTest(value: Expr): Expr {
    this.next();
    const negated = this.acceptName("not");
    const token = this.expect("name", "a test name");
    const name = this.parseDottedName(token.value);
    let args = emptyArgs();
    const next = this.peek();
    if (this.peekOperator("(")) {
      args = this.parseCallArgs();
    } else if (
      (["name", "string", "integer", "float"].includes(next.type) ||
        (next.type === "operator" && "[{".includes(next.value))) &&
      !(next.type === "name" && ["else", "or", "and"].includes(next.value))
    ) {
      if (next.type === "name" && next.value === "is")
        throw this.error("you cannot chain multiple tests with 'is'", next);
      args = { positional: [this.parsePostfix(this.parsePrimary())], keyword: [] };
    }
    return { kind: "test", value, name, args, negated, line: token.line, column: token.column };
  }

  protected parseDottedName(first: string): string {
    let name = first;
    while (this.acceptOperator(".")) name += "." + this.expect("name", "a name").value;
    return name;
  }

  protected parseSubscript(object: Expr): Expr {
    const token = this.next();
    const at = { line: object.line, column: object.column };
    if (token.value === ".") {
      const attribute = this.next();
      if (attribute.type === "name") return { kind: "attribute", object, name: attribute.value, ...at };
      if (attribute.type === "integer") {
        return {
          kind: "item",
          object,
          key: {
            kind: "literal",
            value: parseInteger(attribute.value),
            line: attribute.line,
            column: attribute.column,
          },
          ...at,
        };
      }
      throw this.error(`expected an attribute name after '.', got ${describe(attribute)}`, attribute);
    }
    const parts: (Expr | undefined)[] = [undefined];
    let isSlice = false;
    while (!this.acceptOperator("]")) {
      if (this.acceptOperator(":")) {
        isSlice = true;
        parts.push(undefined);
        if (parts.length > 3) throw this.error("too many ':' in slice", this.tokens[this.index - 1]);
        continue;
      }
      if (parts[parts.length - 1])
        throw this.error(`expected ']', got ${describe(this.peek())}`, this.peek());
      parts[parts.length - 1] = isSlice ? this.parseExpression() : this.parseTupleOrExpression();
    }
    if (isSlice) return { kind: "slice", object, start: parts[0], stop: parts[1], step: parts[2], ...at };
    if (!parts[0]) throw this.error("expected an index or slice inside '[]'", token);
    return { kind: "item", object, key: parts[0], ...at };
  }

  protected parseCallArgs(): CallArgs {
    this.expectOperator("(");
    const args: CallArgs = { positional: [], keyword: [] };
    while (!this.acceptOperator(")")) {
      if (args.positional.length || args.keyword.length || args.spread || args.keywordSpread) {
        this.expectOperator(",");
        if (this.acceptOperator(")")) break;
      }
      const token = this.peek();
      // As in jinja2, `*args` and `**kwargs` come last (keywords may follow `*args`), each at most once.
      if (args.keywordSpread || (args.spread && !(token.type === "name" && this.peekOperator("=", 1))))
        if (!this.peekOperator("**") || args.keywordSpread)
          throw this.error("invalid syntax for function call expression", token);
      if (this.acceptOperator("**")) {
        args.keywordSpread = this.parseExpression();
      } else if (this.acceptOperator("*")) {
        args.spread = this.parseExpression();
      } else if (token.type === "name" && this.peekOperator("=", 1)) {
        this.index += 2;
        if (args.keyword.some((keyword) => keyword.name === token.value))
          throw this.error(`keyword argument repeated: ${token.value}`, token);
        args.keyword.push({ name: token.value, value: this.parseExpression() });
      } else {
        if (args.keyword.length) throw this.error("positional argument after keyword argument", token);
        args.positional.push(this.parseExpression());
      }
    }
    return args;
  }

  protected parseFilterChain(first = false): FilterApplication[] {
    const filters: FilterApplication[] = [];
    while (first || this.acceptOperator("|")) {
      first = false;
      const token = this.expect("name", "a filter name");
      const name = this.parseDottedName(token.value);
      const args = this.peekOperator("(") ? this.parseCallArgs() : emptyArgs();
      filters.push({ name, args, line: token.line, column: token.column });
    }
    return filters;
  }
}

function emptyArgs(): CallArgs {
  return { positional: [], keyword: [] };
}

function parseInteger(text: string): number {
  return Number(text);
}
