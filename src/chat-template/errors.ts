/** Errors raised by the chat-template engine. Every error knows the template position (line:col) it comes from. */

export interface SourcePosition {
  line: number;
  column: number;
}

/** How much of a long template line the diagnostic quotes on each side of the caret (minified templates). */
const QUOTE_BEFORE = 40;
const QUOTE_AFTER = 60;

/**
 * Base class: `reason` is the bare message, `message` adds what was undefined and " (at line:col)" once the
 * position is known. `diagnostic` adds the template's line with a caret; it is built only when read.
 */
export class TemplateError extends Error {
  override name = "TemplateError";
  line?: number;
  column?: number;
  /** For runtime errors: the expression being evaluated, written as template text. */
  expression?: string;
  /** For runtime errors: which operand was undefined and why ("`message` is undefined"). */
  undefinedReason?: string;
  /** The template's text, attached by `Template` when the error leaves it. */
  source?: string;

  constructor(
    readonly reason: string,
    position?: SourcePosition,
  ) {
    super(reason);
    if (position) this.setPosition(position);
  }

  /** Records where the error happened; the innermost position wins, so later calls do nothing. */
  setPosition(position: SourcePosition): void {
    if (this.line !== undefined) return;
    this.line = position.line;
    this.column = position.column;
    this.message = `${this.describe()} (at ${position.line}:${position.column})`;
  }

  /** Records what the failing node was evaluating, before its position is set (the innermost node wins). */
  setEvaluated(expression: string | undefined, undefinedReason: string | undefined): void {
    if (this.line !== undefined) return;
    this.expression = expression;
    this.undefinedReason = undefinedReason;
  }

  /** The reason and, when known, which operand was undefined. */
  describe(): string {
    return this.undefinedReason ? `${this.reason}; ${this.undefinedReason}` : this.reason;
  }

  /**
   * The error as a user reads it: kind, position and reason; for runtime errors the expression being evaluated;
   * then the template's line (a window of it, for long lines) with a caret under the position.
   */
  get diagnostic(): string {
    const where = this.line === undefined ? "" : ` at line ${this.line}, column ${this.column}`;
    const lines = [`${this.name}${where}: ${this.reason}`];
    const reason = this.undefinedReason ? `: ${this.undefinedReason}` : "";
    if (this.expression) lines.push(`  while evaluating \`${this.expression}\`${reason}`);
    else if (this.undefinedReason) lines.push(`  ${this.undefinedReason}`);
    const quoted = this.quoteSourceLine();
    if (quoted) lines.push(...quoted);
    return lines.join("\n");
  }

  private quoteSourceLine(): string[] | undefined {
    if (this.source === undefined || this.line === undefined || this.column === undefined) return undefined;
    const text = this.source.replace(/\r\n?/g, "\n").split("\n")[this.line - 1];
    if (text === undefined) return undefined;
    const start = Math.max(0, this.column - 1 - QUOTE_BEFORE);
    const end = Math.min(text.length, this.column - 1 + QUOTE_AFTER);
    const before = start > 0 ? "..." : "";
    const shown = before + text.slice(start, end) + (end < text.length ? "..." : "");
    // Tabs stay tabs under the caret, so the caret lines up however the terminal shows them.
    const pad = (before + text.slice(start, this.column - 1)).replace(/[^\t]/g, " ");
    const gutter = String(this.line);
    return [`  ${gutter} | ${shown}`, `  ${" ".repeat(gutter.length)} | ${pad}^`];
  }

  /** Called by `Template` as the error leaves it: the diagnostic quotes the template from it. */
  attachSource(source: string): void {
    this.source ??= source;
  }
}

/** The template text is malformed: thrown by `new Template(source)`. */
export class TemplateSyntaxError extends TemplateError {
  override name = "TemplateSyntaxError";
}

/** Rendering failed: a type error, an undefined value used as an object, a bad call, ... */
export class TemplateRuntimeError extends TemplateError {
  override name = "TemplateRuntimeError";
}

/** The template called `raise_exception(message)`; `reason` is exactly that message. */
export class TemplateRaisedError extends TemplateRuntimeError {
  override name = "TemplateRaisedError";
}

/** The template tried to reach something the sandbox forbids (private attributes, mutating methods). */
export class TemplateSecurityError extends TemplateRuntimeError {
  override name = "TemplateSecurityError";
}

/** A configured limit (loop iterations, recursion depth, output size) was exceeded. */
export class TemplateLimitError extends TemplateRuntimeError {
  override name = "TemplateLimitError";
}
