/** Statement parsing: tags, blocks and their bodies, built on the expression parser. */
import type { Expr, Located, MacroParameter, Stmt, Target } from "./ast.js";
import { normaliseSource, tokenize, type WhitespaceOptions } from "./lexer.js";
import { CONSTANTS, ExpressionParser, MAX_NESTING } from "./parse-expression.js";
import { describe } from "./token-stream.js";

class Parser extends ExpressionParser {
  private readonly blockStack: string[] = [];
  private readonly blockNames = new Set<string>();
  private loopDepth = 0;

  parseTemplate(): Stmt[] {
    return this.parseBody([]);
  }

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
      case "block":
        return this.parseBlock(at);
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
    if (this.blockStack.length >= MAX_NESTING) {
      throw this.error(`blocks nested deeper than ${MAX_NESTING} levels`, this.peek());
    }
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
    if (assignsName(target, "loop"))
      throw this.error("Can't assign to special loop variable in for-loop target", target);
    this.expectName("in");
    const iterable = this.parseTupleOrExpression(false);
    let condition: Expr | undefined;
    if (this.acceptName("if")) condition = this.parseExpression();
    const recursive = this.acceptName("recursive");
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
    return { kind: "for", target, iterable, condition, recursive, body, otherwise, ...at };
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
      const token = this.expect("name", "a parameter name");
      const parameter: MacroParameter = { name: token.value };
      if (this.acceptOperator("=")) parameter.default = this.parseExpression();
      else if (parameters.some((earlier) => earlier.default))
        throw this.error("non-default argument follows default argument", token);
      if (parameters.some((earlier) => earlier.name === token.value))
        throw this.error(`duplicate parameter '${token.value}' in macro definition`, token);
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

  /** `{% block name [scoped] %}...{% endblock [name] %}`: in a single template, the body renders in place. */
  private parseBlock(at: Located): Stmt {
    const token = this.expect("name", "a block name");
    const name = token.value;
    if (this.blockNames.has(name)) throw this.error(`block '${name}' defined twice`, token);
    this.blockNames.add(name);
    const scoped = this.acceptName("scoped");
    const required = this.acceptName("required");
    this.endTag();
    const loopDepth = this.loopDepth;
    this.loopDepth = 0;
    const body = this.parseBlockBody("block", ["endblock"]).body;
    this.loopDepth = loopDepth;
    this.acceptName(name);
    this.endTag();
    // A required block is a placeholder for a child template to fill: it may hold only whitespace.
    if (required && body.some((stmt) => stmt.kind !== "text" || stmt.text.trim()))
      throw this.error("Required blocks can only contain comments or whitespace", at);
    return { kind: "block", name, scoped, required, body, ...at };
  }

  private parseAssignTarget(allowNamespaceAttribute: boolean): Target {
    const items: Target[] = [];
    let trailingComma: boolean;
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
}

function assignsName(target: Target, name: string): boolean {
  if (target.kind === "tuple") return target.items.some((item) => assignsName(item, name));
  return target.kind === "name" && target.name === name;
}

/** Parses template source into statements; throws TemplateSyntaxError with line and column. */
export function parse(source: string, whitespace: WhitespaceOptions): Stmt[] {
  return new Parser(tokenize(normaliseSource(source), whitespace)).parseTemplate();
}
