/** Errors raised by the chat-template engine. Every error knows the template position (line:col) it comes from. */

export interface SourcePosition {
  line: number;
  column: number;
}

/** Base class: `reason` is the bare message, `message` adds " (at line:col)" once the position is known. */
export class TemplateError extends Error {
  override name = "TemplateError";
  line?: number;
  column?: number;

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
    this.message = `${this.reason} (at ${position.line}:${position.column})`;
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
