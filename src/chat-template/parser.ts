/** Recursive-descent parser from tokens to the syntax tree, following jinja2's grammar and operator precedence. */
import type {
  CallArgs,
  CompareOperator,
  Expr,
  FilterApplication,
  Located,
  MacroParameter,
  Stmt,
  Target,
} from "./ast.js";
import { TemplateSyntaxError } from "./errors.js";
import { makeFloat } from "./values.js";
import { normaliseSource, tokenize, type Token } from "./lexer.js";

const CONSTANTS = new Map<string, boolean | null>([
  ["true", true],
  ["True", true],
  ["false", false],
  ["False", false],
  ["none", null],
  ["None", null],
]);
const COMPARE_OPERATORS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const MULTIPLICATIVE_OPERATORS = new Set(["*", "/", "//", "%"]);
/** Deepest nesting of expressions and blocks, so that hostile input cannot overflow the parser's stack. */
const MAX_NESTING = 200;

export interface ParseHooks {
  /** Checked at parse time, as jinja2 does: an unknown filter or test is a syntax error. */
  isFilter(name: string): boolean;
  isTest(name: string): boolean;
}

class Parser {
  private index = 0;
  private nesting = 0;
  private readonly blockStack: string[] = [];
  private loopDepth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly hooks: ParseHooks,
  ) {}

  parseTemplate(): Stmt[] {
    return this.parseBody([]);
  }

  // ---- statements ------------------------------------------------------------------------------------------

  /** Parses statements until one of `endTags` opens a block tag (left unconsumed) or the template ends. */
  private parseBody(endTags: string[]): Stmt[] {
    const body: Stmt[] = [];
    for (;;) {
      const token = this.peek();
      if (token.type === "eof") {
        if (endTags.length) {
          const opened = this.blockStack[this.blockStack.length - 1];
          throw this.error(
            `unexpected end of template: block '${opened}' was never closed (expected ${this.expectedTags(endTags)})`,
            token,
          );
        }
        return body;
      }
      if (token.type === "text") {
        this.index++;
        body.push({ kind: "text", text: token.value, line: token.line, column: token.column });
      } else if (token.type === "print-begin") {
        this.index++;
        const value = this.parseTupleOrExpression();
        this.expect("print-end", "end of print statement '}}'");
        body.push({ kind: "output", value, line: value.line, column: value.column });
      } else if (token.type === "block-begin") {
        const tag = this.tokens[this.index + 1];
        if (tag.type === "name" && endTags.includes(tag.value)) return body;
        this.index++;
        const statement = this.parseStatement();
        if (Array.isArray(statement)) body.push(...statement);
        else body.push(statement);
      } else {
        throw this.error(`unexpected ${describe(token)}`, token);
      }
    }
  }

  private expectedTags(tags: string[]): string {
    return tags.map((tag) => `'${tag}'`).join(" or ");
  }

  private parseStatement(): Stmt | Stmt[] {
    const tag = this.peek();
    if (tag.type !== "name") throw this.error(`expected a tag name, got ${describe(tag)}`, tag);
    const at: Located = { line: tag.line, column: tag.column };
    this.index++;
    switch (tag.value) {
      case "if":
        return this.parseIf(at);
      case "for":
        return this.parseFor(at);
      case "set":
        return this.parseSet(at);
      case "macro":
        return this.parseMacro(at);
      case "call":
        return this.parseCallBlock(at);
      case "filter":
        return this.parseFilterBlock(at);
      case "with":
        return this.parseWith(at);
      case "generation":
        return this.parseGeneration();
      case "break":
      case "continue":
        if (this.loopDepth === 0) throw this.error(`'${tag.value}' outside of a loop`, tag);
        this.endTag();
        return { kind: tag.value, ...at };
      default:
        if (tag.value.startsWith("end") || tag.value === "elif" || tag.value === "else") {
          throw this.error(`unexpected '${tag.value}'${this.insideBlockHint()}`, tag);
        }
        throw this.error(`unknown tag '${tag.value}'`, tag);
    }
  }

  private insideBlockHint(): string {
    const opened = this.blockStack[this.blockStack.length - 1];
    return opened ? ` inside '${opened}' block` : ": no block is open";
  }

  private parseBlockBody(opener: string, endTags: string[]): { body: Stmt[]; end: string } {
    this.blockStack.push(opener);
    const body = this.parseBody(endTags);
    this.blockStack.pop();
    this.expect("block-begin", "a block tag");
    const end = this.next().value;
    return { body, end };
  }

  private parseIf(at: Located): Stmt {
    const branches: { test: Expr; body: Stmt[] }[] = [];
    let otherwise: Stmt[] = [];
    let test = this.parseTupleOrExpression();
    for (;;) {
      this.endTag();
      const { body, end } = this.parseBlockBody("if", ["elif", "else", "endif"]);
      branches.push({ test, body });
      if (end === "elif") {
        test = this.parseTupleOrExpression();
        continue;
      }
      if (end === "else") {
        this.endTag();
        otherwise = this.parseBlockBody("if", ["endif"]).body;
      }
      this.endTag();
      return { kind: "if", branches, otherwise, ...at };
    }
  }

  private parseFor(at: Located): Stmt {
    const target = this.parseAssignTarget(false);
    this.expectName("in");
    const iterable = this.parseTupleOrExpression(false);
    let condition: Expr | undefined;
    if (this.acceptName("if")) condition = this.parseExpression();
    if (this.peekName("recursive")) throw this.error("recursive loops are not supported", this.peek());
    this.endTag();
    this.loopDepth++;
    const { body, end } = this.parseBlockBody("for", ["else", "endfor"]);
    this.loopDepth--;
    let otherwise: Stmt[] = [];
    if (end === "else") {
      this.endTag();
      otherwise = this.parseBlockBody("for", ["endfor"]).body;
    }
    this.endTag();
    return { kind: "for", target, iterable, condition, body, otherwise, ...at };
  }

  private parseSet(at: Located): Stmt {
    const target = this.parseAssignTarget(true);
    if (this.acceptOperator("=")) {
      const value = this.parseTupleOrExpression();
      this.endTag();
      return { kind: "set", target, value, ...at };
    }
    const filters = this.parseFilterChain();
    this.endTag();
    const body = this.parseBlockBody("set", ["endset"]).body;
    this.endTag();
    return { kind: "set-block", target, filters, body, ...at };
  }

  private parseMacro(at: Located): Stmt {
    const name = this.expect("name", "a macro name").value;
    const parameters = this.parseParameters();
    this.endTag();
    const body = this.parseMacroBody("macro", "endmacro");
    return { kind: "macro", name, parameters, body, ...at };
  }

  /** Macro bodies are their own world: a `break` inside one does not belong to an enclosing loop. */
  private parseMacroBody(opener: string, endTag: string): Stmt[] {
    const loopDepth = this.loopDepth;
    this.loopDepth = 0;
    const body = this.parseBlockBody(opener, [endTag]).body;
    this.loopDepth = loopDepth;
    this.endTag();
    return body;
  }

  private parseParameters(): MacroParameter[] {
    const parameters: MacroParameter[] = [];
    this.expectOperator("(");
    while (!this.acceptOperator(")")) {
      if (parameters.length) this.expectOperator(",");
      if (this.acceptOperator(")")) break;
      const name = this.expect("name", "a parameter name").value;
      const parameter: MacroParameter = { name };
      if (this.acceptOperator("=")) parameter.default = this.parseExpression();
      parameters.push(parameter);
    }
    return parameters;
  }

  private parseCallBlock(at: Located): Stmt {
    const parameters = this.peekOperator("(") ? this.parseParameters() : [];
    const call = this.parseExpression();
    if (call.kind !== "call") throw this.error("expected a call after 'call'", call);
    this.endTag();
    const body = this.parseMacroBody("call", "endcall");
    return { kind: "call-block", call, parameters, body, ...at };
  }

  private parseFilterBlock(at: Located): Stmt {
    const filters = this.parseFilterChain(true);
    this.endTag();
    const body = this.parseBlockBody("filter", ["endfilter"]).body;
    this.endTag();
    return { kind: "filter-block", filters, body, ...at };
  }

  private parseWith(at: Located): Stmt {
    const assignments: { target: Target; value: Expr }[] = [];
    while (!this.peekType("block-end")) {
      if (assignments.length) this.expectOperator(",");
      const target = this.parseAssignTarget(false);
      this.expectOperator("=");
      assignments.push({ target, value: this.parseExpression() });
    }
    this.endTag();
    const body = this.parseBlockBody("with", ["endwith"]).body;
    this.endTag();
    return { kind: "with", assignments, body, ...at };
  }

  /** `{% generation %}` only marks assistant text for training masks: its body renders unchanged. */
  private parseGeneration(): Stmt[] {
    this.endTag();
    const body = this.parseBlockBody("generation", ["endgeneration"]).body;
    this.endTag();
    return body;
  }

  private parseFilterChain(first = false): FilterApplication[] {
    const filters: FilterApplication[] = [];
    while (first || this.acceptOperator("|")) {
      first = false;
      const token = this.expect("name", "a filter name");
      const name = this.parseDottedName(token.value);
      if (!this.hooks.isFilter(name)) throw this.error(`no filter named '${name}'`, token);
      const args = this.peekOperator("(") ? this.parseCallArgs() : emptyArgs();
      filters.push({ name, args, line: token.line, column: token.column });
    }
    return filters;
  }

  private parseAssignTarget(allowNamespaceAttribute: boolean): Target {
    const items: Target[] = [];
    let trailingComma = false;
    do {
      trailingComma = false;
      items.push(this.parseSingleTarget(allowNamespaceAttribute));
      if (this.acceptOperator(",")) trailingComma = true;
    } while (trailingComma && (this.peekType("name") || this.peekOperator("(")));
    if (items.length === 1 && !trailingComma) return items[0];
    return { kind: "tuple", items, line: items[0].line, column: items[0].column };
  }

  private parseSingleTarget(allowNamespaceAttribute: boolean): Target {
    const open = this.peek();
    if (this.acceptOperator("(")) {
      const inner = this.parseAssignTarget(false);
      this.expectOperator(")");
      return inner.kind === "tuple"
        ? inner
        : { kind: "tuple", items: [inner], line: open.line, column: open.column };
    }
    const token = this.expect("name", "an assignment target");
    if (allowNamespaceAttribute && this.acceptOperator(".")) {
      const attribute = this.expect("name", "an attribute name").value;
      return {
        kind: "namespace-attribute",
        namespace: token.value,
        attribute,
        line: token.line,
        column: token.column,
      };
    }
    if (CONSTANTS.has(token.value)) throw this.error(`cannot assign to '${token.value}'`, token);
    return { kind: "name", name: token.value, line: token.line, column: token.column };
  }

  // ---- expressions -----------------------------------------------------------------------------------------

  /** An expression, or several separated by commas, which make a tuple (as in `{{ a, b }}` or `for x in a, b`). */
  private parseTupleOrExpression(withCondition = true): Expr {
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

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.acceptName("or")) {
      left = {
        kind: "logical",
        operator: "or",
        left,
        right: this.parseAnd(),
        line: left.line,
        column: left.column,
      };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.acceptName("and")) {
      left = {
        kind: "logical",
        operator: "and",
        left,
        right: this.parseNot(),
        line: left.line,
        column: left.column,
      };
    }
    return left;
  }

  private parseNot(): Expr {
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

  private parseCompare(): Expr {
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

  private parseMath1(): Expr {
    let left = this.parseConcat();
    while (this.peekOperator("+") || this.peekOperator("-")) {
      const operator = this.next().value as "+" | "-";
      left = {
        kind: "binary",
        operator,
        left,
        right: this.parseConcat(),
        line: left.line,
        column: left.column,
      };
    }
    return left;
  }

  private parseConcat(): Expr {
    const first = this.parseMath2();
    if (!this.peekOperator("~")) return first;
    const parts = [first];
    while (this.acceptOperator("~")) parts.push(this.parseMath2());
    return { kind: "concat", parts, line: first.line, column: first.column };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    for (;;) {
      const token = this.peek();
      if (token.type !== "operator" || !MULTIPLICATIVE_OPERATORS.has(token.value)) return left;
      this.index++;
      const operator = token.value as "*" | "/" | "//" | "%";
      left = { kind: "binary", operator, left, right: this.parsePow(), line: left.line, column: left.column };
    }
  }

  private parsePow(): Expr {
    let left = this.parseUnary();
    while (this.acceptOperator("**")) {
      left = {
        kind: "binary",
        operator: "**",
        left,
        right: this.parseUnary(),
        line: left.line,
        column: left.column,
      };
    }
    return left;
  }

  private parseUnary(withFilters = true): Expr {
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

  private parsePrimary(): Expr {
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

  private parseParenthesised(at: Located): Expr {
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

  private parseSequence(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.acceptOperator(close)) {
      if (items.length) this.expectOperator(",");
      if (this.acceptOperator(close)) break;
      items.push(this.parseExpression());
    }
    return items;
  }

  private parseDict(at: Located): Expr {
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

  private parsePostfix(node: Expr): Expr {
    for (;;) {
      if (this.peekOperator(".") || this.peekOperator("[")) node = this.parseSubscript(node);
      else if (this.peekOperator("("))
        node = {
          kind: "call",
          callee: node,
          args: this.parseCallArgs(),
          line: node.line,
          column: node.column,
        };
      else return node;
    }
  }

  private parseFilterExpression(node: Expr): Expr {
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
        node = {
          kind: "call",
          callee: node,
          args: this.parseCallArgs(),
          line: node.line,
          column: node.column,
        };
      } else {
        return node;
      }
    }
  }

  private parseTest(value: Expr): Expr {
    const isToken = this.next();
    const negated = this.acceptName("not");
    const token = this.expect("name", "a test name");
    const name = this.parseDottedName(token.value);
    if (!this.hooks.isTest(name)) throw this.error(`no test named '${name}'`, token);
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
    return { kind: "test", value, name, args, negated, line: isToken.line, column: isToken.column };
  }

  private parseDottedName(first: string): string {
    let name = first;
    while (this.acceptOperator(".")) name += "." + this.expect("name", "a name").value;
    return name;
  }

  private parseSubscript(object: Expr): Expr {
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

  private parseCallArgs(): CallArgs {
    this.expectOperator("(");
    const args: CallArgs = { positional: [], keyword: [] };
    while (!this.acceptOperator(")")) {
      if (args.positional.length || args.keyword.length || args.spread || args.keywordSpread) {
        this.expectOperator(",");
        if (this.acceptOperator(")")) break;
      }
      const token = this.peek();
      if (this.acceptOperator("**")) {
        args.keywordSpread = this.parseExpression();
      } else if (this.acceptOperator("*")) {
        args.spread = this.parseExpression();
      } else if (token.type === "name" && this.peekOperator("=", 1)) {
        this.index += 2;
        args.keyword.push({ name: token.value, value: this.parseExpression() });
      } else {
        if (args.keyword.length) throw this.error("positional argument after keyword argument", token);
        args.positional.push(this.parseExpression());
      }
    }
    return args;
  }

  // ---- token helpers ---------------------------------------------------------------------------------------

  private peek(offset = 0): Token {
    return offset === 0
      ? this.tokens[this.index]
      : this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }
  private next(): Token {
    const token = this.peek();
    if (token.type !== "eof") this.index++;
    return token;
  }
  private peekType(type: Token["type"]): boolean {
    return this.peek().type === type;
  }
  private peekName(name: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "name" && token.value === name;
  }
  private peekOperator(op: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "operator" && token.value === op;
  }
  private acceptName(name: string): boolean {
    if (!this.peekName(name)) return false;
    this.index++;
    return true;
  }
  private acceptOperator(op: string): boolean {
    if (!this.peekOperator(op)) return false;
    this.index++;
    return true;
  }
  private expect(type: Token["type"], what: string): Token {
    const token = this.peek();
    if (token.type !== type) throw this.error(`expected ${what}, got ${describe(token)}`, token);
    return this.next();
  }
  private expectName(name: string): void {
    if (!this.acceptName(name))
      throw this.error(`expected '${name}', got ${describe(this.peek())}`, this.peek());
  }
  private expectOperator(op: string): void {
    if (!this.acceptOperator(op))
      throw this.error(`expected '${op}', got ${describe(this.peek())}`, this.peek());
  }
  private endTag(): void {
    this.expect("block-end", "end of tag '%}'");
  }
  private error(reason: string, at: Located): TemplateSyntaxError {
    return new TemplateSyntaxError(reason, { line: at.line, column: at.column });
  }
}

function emptyArgs(): CallArgs {
  return { positional: [], keyword: [] };
}

function parseInteger(text: string): number {
  return Number(text);
}

function describe(token: Token): string {
  switch (token.type) {
    case "eof":
      return "end of template";
    case "block-end":
      return "end of tag '%}'";
    case "print-end":
      return "end of print statement '}}'";
    case "block-begin":
      return "'{%'";
    case "print-begin":
      return "'{{'";
    case "text":
      return "text";
    case "string":
      return `string ${JSON.stringify(token.value)}`;
    default:
      return `'${token.value}'`;
  }
}

/** Parses template source into statements; throws TemplateSyntaxError with line and column. */
export function parse(source: string, hooks: ParseHooks): Stmt[] {
  return new Parser(tokenize(normaliseSource(source)), hooks).parseTemplate();
}
