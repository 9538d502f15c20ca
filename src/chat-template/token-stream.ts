/** Token cursor shared by the expression and statement parsers. */
import type { Located } from "./ast.js";
import { TemplateSyntaxError } from "./errors.js";
import type { Token } from "./lexer.js";

export class TokenStream {
  protected index = 0;

  constructor(protected readonly tokens: Token[]) {}

  protected peek(offset = 0): Token {
    return offset === 0
      ? this.tokens[this.index]
      : this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }
  protected next(): Token {
    const token = this.peek();
    if (token.type !== "eof") this.index++;
    return token;
  }
  protected peekType(type: Token["type"]): boolean {
    return this.peek().type === type;
  }
  protected peekName(name: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "name" && token.value === name;
  }
  protected peekOperator(op: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === "operator" && token.value === op;
  }
  protected acceptName(name: string): boolean {
    if (!this.peekName(name)) return false;
    this.index++;
    return true;
  }
  protected acceptOperator(op: string): boolean {
    if (!this.peekOperator(op)) return false;
    this.index++;
    return true;
  }
  protected expect(type: Token["type"], what: string): Token {
    const token = this.peek();
    if (token.type !== type) throw this.error(`expected ${what}, got ${describe(token)}`, token);
    return this.next();
  }
  protected expectName(name: string): void {
    if (!this.acceptName(name))
      throw this.error(`expected '${name}', got ${describe(this.peek())}`, this.peek());
  }
  protected expectOperator(op: string): void {
    if (!this.acceptOperator(op))
      throw this.error(`expected '${op}', got ${describe(this.peek())}`, this.peek());
  }
  protected endTag(): void {
    this.expect("block-end", "end of tag '%}'");
  }
  protected error(reason: string, at: Located): TemplateSyntaxError {
    return new TemplateSyntaxError(reason, { line: at.line, column: at.column });
  }
}

export function describe(token: Token): string {
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
