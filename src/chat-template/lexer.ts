/**
 * Lexer: splits template source into text and tag tokens, applying jinja2's whitespace rules as chat-template
 * renderers configure them (trim_blocks and lstrip_blocks on, trailing newline dropped, newlines normalised).
 */
import { TemplateSyntaxError } from "./errors.js";

export type TokenType =
  | "text"
  | "print-begin"
  | "print-end"
  | "block-begin"
  | "block-end"
  | "name"
  | "string"
  | "integer"
  | "float"
  | "operator"
  | "eof";

export interface Token {
  type: TokenType;
  /** Source text for names and operators, the unescaped value for strings, the text for text tokens. */
  value: string;
  line: number;
  column: number;
}

const COMPARISONS_WITH_EQUALS: Record<string, string> = { "=": "==", "!": "!=", "<": "<=", ">": ">=" };

function twoCharOperator(first: string, second: string | undefined): string | undefined {
  if (second === "=") return COMPARISONS_WITH_EQUALS[first];
  if (first === second) return first === "*" ? "**" : first === "/" ? "//" : undefined;
  return undefined;
}
const ONE_CHAR_OPERATORS = new Set([..."+-*/%~()[]{},.:|=<>;"]);
const RAW_OPEN = /\s*raw\s*([-+]?)%\}/y;
const RAW_CLOSE = /\{%([-+]?)\s*endraw\s*([-+]?)%\}/g;
/** jinja2's float rule, tried before the integer rule. */
const FLOAT = /(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?[eE][+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/y;
/** jinja2's integer rule: base prefixes, and no leading zero (`012` lexes as `0` then `12`, a syntax error). */
const INTEGER = /0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[\da-fA-F])+|[1-9](?:_?\d)*|0(?:_?0)*/y;
const BASES: Record<string, number> = { b: 2, o: 8, x: 16 };
const OPENING_BRACKETS = "([{";
const CLOSING_BRACKETS = ")]}";
const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "\n": "",
};

const HEX_ESCAPE_LENGTHS: Record<string, number> = { x: 2, u: 4, U: 8 };
const HEX_DIGITS = /^[0-9a-fA-F]*$/;
const OCTAL_ESCAPE = /[0-7]{1,3}/y;
const BACKSLASH = 92;
const SPACE = 1;
const NAME_START = 2;
const DIGIT = 4;
/** Character classes of ASCII codes; everything else is class 0 (no names outside ASCII, as in jinja2's default). */
const CHAR_CLASS = new Uint8Array(128);
for (const ch of " \t\n\r\f\v") CHAR_CLASS[ch.charCodeAt(0)] = SPACE;
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
  CHAR_CLASS[ch.charCodeAt(0)] = NAME_START;
for (const ch of "0123456789") CHAR_CLASS[ch.charCodeAt(0)] = DIGIT;

function charClass(code: number): number {
  return code < 128 ? CHAR_CLASS[code] : 0;
}

function isSpace(ch: string): boolean {
  return charClass(ch.charCodeAt(0)) === SPACE;
}

/** jinja2 drops one trailing newline (keep_trailing_newline=False) and turns \r\n and \r into \n. */
export function normaliseSource(source: string): string {
  const text = source.includes("\r") ? source.replace(/\r\n?/g, "\n") : source;
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** jinja2's trim_blocks and lstrip_blocks; chat-template renderers turn both on. */
export interface WhitespaceOptions {
  trimBlocks: boolean;
  lstripBlocks: boolean;
}

class Lexer {
  private readonly tokens: Token[] = [];
  private readonly lineStarts: number[] = [0];
  /** Index in lineStarts of the line holding the last pushed token: tokens come in source order. */
  private line = 0;
  private pos = 0;
  /** Whether the previous tag's end consumed a newline (or we are at the start): lstrip_blocks then applies. */
  private lineStarting = true;

  constructor(
    private readonly src: string,
    private readonly whitespace: WhitespaceOptions,
  ) {
    for (let i = src.indexOf("\n"); i >= 0; i = src.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
  }

  run(): Token[] {
    const src = this.src;
    while (this.pos < src.length) {
      const tagStart = this.findTagStart(this.pos);
      if (tagStart < 0) {
        this.push("text", src.slice(this.pos), this.pos);
        break;
      }
      const kind = src[tagStart + 1];
      const modifier = src[tagStart + 2];
      let text = src.slice(this.pos, tagStart);
      if (modifier === "-") text = text.trimEnd();
      else if (kind !== "{" && modifier !== "+" && this.whitespace.lstripBlocks)
        text = this.lstripBlock(text);
      if (text) this.push("text", text, this.pos);
      const bodyStart = tagStart + 2 + (modifier === "-" || (modifier === "+" && kind !== "{") ? 1 : 0);
      if (kind === "#") this.skipComment(tagStart, bodyStart);
      else if (kind === "%" && this.tryRawBlock(tagStart, bodyStart)) continue;
      else this.lexTag(kind === "{" ? "print" : "block", tagStart, bodyStart);
    }
    this.push("eof", "", src.length);
    return this.tokens;
  }

  private findTagStart(from: number): number {
    const src = this.src;
    for (let i = src.indexOf("{", from); i >= 0; i = src.indexOf("{", i + 1)) {
      const next = src[i + 1];
      if (next === "{" || next === "%" || next === "#") return i;
    }
    return -1;
  }

  /** lstrip_blocks: spaces and tabs between a line start and a block or comment tag are removed. */
  private lstripBlock(text: string): string {
    const lineStart = text.lastIndexOf("\n") + 1;
    if (lineStart === 0 && !this.lineStarting) return text;
    for (let i = lineStart; i < text.length; i++) if (!isSpace(text[i])) return text;
    return text.slice(0, lineStart);
  }

  /** After a tag end: `-` strips all following whitespace, otherwise trim_blocks removes one newline. */
  private afterTagEnd(end: number, modifier: string, isBlockOrComment: boolean): void {
    let pos = end;
    if (modifier === "-") while (pos < this.src.length && isSpace(this.src[pos])) pos++;
    else if (isBlockOrComment && this.whitespace.trimBlocks && modifier !== "+" && this.src[pos] === "\n")
      pos++;
    this.lineStarting = pos > end && this.src[pos - 1] === "\n";
    this.pos = pos;
  }

  private skipComment(tagStart: number, bodyStart: number): void {
    const end = this.src.indexOf("#}", bodyStart);
    if (end < 0) throw this.error("missing end of comment tag", tagStart);
    const modifier = end > bodyStart ? this.src[end - 1] : "";
    this.afterTagEnd(end + 2, modifier, true);
  }

  /** `{% raw %}...{% endraw %}`: the body is text, never lexed. */
  private tryRawBlock(tagStart: number, bodyStart: number): boolean {
    let nameStart = bodyStart;
    while (nameStart < this.src.length && charClass(this.src.charCodeAt(nameStart)) === SPACE) nameStart++;
    if (!this.src.startsWith("raw", nameStart)) return false;
    const open = RAW_OPEN;
    open.lastIndex = bodyStart;
    const opened = open.exec(this.src);
    if (!opened) return false;
    const close = RAW_CLOSE;
    close.lastIndex = open.lastIndex;
    const closed = close.exec(this.src);
    if (!closed) throw this.error("missing end of raw directive", tagStart);
    let body = this.src.slice(open.lastIndex, closed.index);
    if (opened[1] === "-") body = body.trimStart();
    if (closed[1] === "-") body = body.trimEnd();
    else if (closed[1] !== "+" && this.whitespace.lstripBlocks) {
      this.lineStarting = false; // the raw tag itself precedes the body, and it never ends a line
      body = this.lstripBlock(body);
    }
    if (body) this.push("text", body, open.lastIndex);
    this.afterTagEnd(close.lastIndex, closed[2], true);
    return true;
  }

  private lexTag(kind: "print" | "block", tagStart: number, bodyStart: number): void {
    const src = this.src;
    const closer = kind === "print" ? "}" : "%";
    this.push(kind === "print" ? "print-begin" : "block-begin", "", tagStart);
    const openBrackets: number[] = [];
    let pos = bodyStart;
    for (;;) {
      while (pos < src.length && charClass(src.charCodeAt(pos)) === SPACE) pos++;
      if (pos >= src.length) {
        const bracket = openBrackets.pop();
        if (bracket !== undefined)
          throw this.error(`unexpected end of template: '${src[bracket]}' was never closed`, bracket);
        throw this.error(`unexpected end of template, the tag opened here was never closed`, tagStart);
      }
      const ch = src[pos];
      if (openBrackets.length === 0) {
        const endModifier = ch === "-" || (ch === "+" && kind === "block") ? ch : "";
        const at = pos + endModifier.length;
        if (src[at] === closer && src[at + 1] === "}") {
          this.push(kind === "print" ? "print-end" : "block-end", "", pos);
          this.afterTagEnd(at + 2, endModifier, kind === "block");
          return;
        }
      }
      const type = charClass(ch.charCodeAt(0));
      if (type === NAME_START) {
        let end = pos + 1;
        while (end < src.length && charClass(src.charCodeAt(end)) & (NAME_START | DIGIT)) end++;
        this.push("name", src.slice(pos, end), pos);
        pos = end;
      } else if (type === DIGIT) {
        pos = this.lexNumber(pos);
      } else if (ch === "'" || ch === '"') {
        pos = this.lexString(pos);
      } else {
        const op = twoCharOperator(ch, src[pos + 1]) ?? (ONE_CHAR_OPERATORS.has(ch) ? ch : "");
        if (!op) throw this.error(`unexpected character ${JSON.stringify(ch)}`, pos);
        if (OPENING_BRACKETS.includes(op)) openBrackets.push(pos);
        else if (CLOSING_BRACKETS.includes(op)) this.closeBracket(openBrackets, op, pos);
        this.push("operator", op, pos);
        pos += op.length;
      }
    }
  }

  private closeBracket(openBrackets: number[], bracket: string, pos: number): void {
    const opened = openBrackets.pop();
    if (opened === undefined) throw this.error(`unexpected '${bracket}'`, pos);
    const expected = CLOSING_BRACKETS[OPENING_BRACKETS.indexOf(this.src[opened])];
    if (bracket !== expected) throw this.error(`unexpected '${bracket}', expected '${expected}'`, pos);
  }

  /** Right after a dot only an integer is read (jinja2's float rule has a `(?<!\.)` lookbehind): `m.0.1` is m[0][1]. */
  private lexNumber(start: number): number {
    if (this.src[start - 1] !== ".") {
      FLOAT.lastIndex = start;
      const float = FLOAT.exec(this.src);
      if (float) {
        this.push("float", float[0].replaceAll("_", ""), start);
        return start + float[0].length;
      }
    }
    INTEGER.lastIndex = start;
    const text = INTEGER.exec(this.src)![0];
    const base = BASES[text[1]?.toLowerCase()];
    const digits = text.replaceAll("_", "");
    // Integer tokens carry decimal digits, so the parser reads every integer the same way.
    const value = base ? String(parseInt(digits.slice(2), base)) : digits;
    this.push("integer", value, start);
    return start + text.length;
  }

  private lexString(start: number): number {
    const src = this.src;
    const quote = src[start];
    const quoteCode = src.charCodeAt(start);
    let end = start + 1;
    while (end < src.length) {
      const code = src.charCodeAt(end);
      if (code === quoteCode || code === BACKSLASH) break;
      end++;
    }
    if (src[end] === quote) {
      this.push("string", src.slice(start + 1, end), start);
      return end + 1;
    }
    let value = "";
    let pos = start + 1;
    while (pos < src.length && src[pos] !== quote) {
      const ch = src[pos];
      if (ch !== "\\") {
        value += ch;
        pos++;
        continue;
      }
      const escape = this.readEscape(pos);
      value += escape.text;
      pos = escape.end;
    }
    if (pos >= src.length) throw this.error("unterminated string", start);
    this.push("string", value, start);
    return pos + 1;
  }

  /**
   * The escape sequence at `pos` (a backslash), decoded as Python's unicode-escape codec decodes it, which is what
   * jinja2 applies to string literals: malformed `\\x`/`\\u`/`\\U` sequences are syntax errors, unknown ones stay.
   */
  private readEscape(pos: number): { text: string; end: number } {
    const src = this.src;
    const next = src[pos + 1] ?? "";
    const hexLength = HEX_ESCAPE_LENGTHS[next];
    if (hexLength) {
      const digits = src.slice(pos + 2, pos + 2 + hexLength);
      if (!HEX_DIGITS.test(digits) || digits.length < hexLength)
        throw this.error(`truncated \\${next}${"X".repeat(hexLength)} escape`, pos);
      const code = parseInt(digits, 16);
      if (code > 0x10ffff) throw this.error("illegal Unicode character", pos);
      return { text: String.fromCodePoint(code), end: pos + 2 + hexLength };
    }
    OCTAL_ESCAPE.lastIndex = pos + 1;
    const octal = OCTAL_ESCAPE.exec(src);
    if (octal) return { text: String.fromCodePoint(parseInt(octal[0], 8)), end: pos + 1 + octal[0].length };
    if (next in SIMPLE_ESCAPES) return { text: SIMPLE_ESCAPES[next], end: pos + 2 };
    if (next === "N") throw this.error("\\N{...} escapes are not supported", pos);
    return { text: "\\" + next, end: pos + 2 };
  }

  private position(offset: number): { line: number; column: number } {
    const starts = this.lineStarts;
    let line = starts[this.line] <= offset ? this.line : 0;
    while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
    return { line: line + 1, column: offset - starts[line] + 1 };
  }

  private push(type: TokenType, value: string, offset: number): void {
    const starts = this.lineStarts;
    let line = this.line;
    while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
    this.line = line;
    this.tokens.push({ type, value, line: line + 1, column: offset - starts[line] + 1 });
  }

  private error(reason: string, offset: number): TemplateSyntaxError {
    return new TemplateSyntaxError(reason, this.position(offset));
  }
}

/** Tokenises a whole template (after `normaliseSource`). */
export function tokenize(source: string, whitespace: WhitespaceOptions): Token[] {
  return new Lexer(source, whitespace).run();
}
