/** Render-time state: scopes, output buffers, limits and the objects templates see (loop, macros). */
import { TemplateLimitError, TemplateRuntimeError } from "./errors.js";
import { Callable } from "./values.js";

export interface TemplateLimits {
  /** Total loop iterations in one render, across all loops. */
  maxLoopIterations: number;
  /** Deepest nesting of macro calls. */
  maxRecursionDepth: number;
  /** Longest output, and longest string or list any single operation may build, in characters or items. */
  maxOutputLength: number;
}

export const DEFAULT_LIMITS: TemplateLimits = {
  maxLoopIterations: 1_000_000,
  maxRecursionDepth: 200,
  maxOutputLength: 5_000_000,
};

export interface RenderOptions {
  limits?: Partial<TemplateLimits>;
  /** The clock `strftime_now` reads; defaults to the current time. */
  now?: () => Date;
}

/** Per-render counters and settings, shared by every scope of the render. */
export class RenderState {
  iterations = 0;
  depth = 0;
  readonly limits: TemplateLimits;
  readonly now: () => Date;

  constructor(options: RenderOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.now = options.now ?? (() => new Date());
  }

  countIteration(): void {
    if (++this.iterations > this.limits.maxLoopIterations) {
      throw new TemplateLimitError(
        `loop iteration limit exceeded (maxLoopIterations = ${this.limits.maxLoopIterations})`,
      );
    }
  }

  /** Fails when a string or list about to be built by one operation would be larger than the output limit. */
  checkLength(length: number, unit: "characters" | "items"): void {
    if (length > this.limits.maxOutputLength) {
      throw new TemplateLimitError(
        `value too large: ${length} ${unit} (maxOutputLength = ${this.limits.maxOutputLength})`,
      );
    }
  }

  checkSize<T>(value: T): T {
    if (typeof value === "string") this.checkLength(value.length, "characters");
    else if (Array.isArray(value)) this.checkLength(value.length, "items");
    return value;
  }
}

/** Where rendered text goes; fails as soon as it grows past the output limit. */
export class Output {
  text = "";
  constructor(private readonly state: RenderState) {}

  write(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.state.limits.maxOutputLength) {
      throw new TemplateLimitError(
        `output size limit exceeded (maxOutputLength = ${this.state.limits.maxOutputLength})`,
      );
    }
  }
}

/** A variable scope. Lookup walks up to the root, then the render context, then the globals. */
export class Scope {
  readonly vars = new Map<string, unknown>();

  constructor(
    readonly parent: Scope | null,
    readonly state: RenderState,
    private readonly context: Record<string, unknown> | null = null,
    private readonly globals: Map<string, unknown> | null = null,
  ) {}

  child(): Scope {
    return new Scope(this, this.state);
  }

  /** The template's top-level scope (the one that sees the render context). */
  root(): Scope {
    return this.parent ? this.parent.root() : this;
  }

  /** The innermost binding of `name`; past the outermost scope, the render context and then the globals. */
  lookup(name: string): unknown {
    const value = this.vars.get(name);
    if (value !== undefined || this.vars.has(name)) return value;
    if (this.parent) return this.parent.lookup(name);
    if (this.context && Object.hasOwn(this.context, name)) return this.context[name];
    return this.globals?.get(name);
  }
}

/** The `loop` variable inside a for loop; in a `recursive` loop, calling it renders the loop over other items. */
export class LoopContext extends Callable {
  readonly callableName = "loop";
  index0 = 0;
  private lastChanged: unknown[] | undefined;

  constructor(
    private readonly items: unknown[],
    private readonly depth: number,
    private readonly recurse?: (items: unknown) => string,
  ) {
    super();
  }

  call(positional: unknown[]): string {
    if (!this.recurse)
      throw new TemplateRuntimeError(
        "Tried to call non recursive loop. Maybe you forgot the 'recursive' modifier.",
      );
    if (positional.length !== 1) throw new TemplateRuntimeError("loop() takes exactly one argument");
    return this.recurse(positional[0]);
  }

  getAttribute(name: string): unknown {
    const { index0, items } = this;
    switch (name) {
      case "index":
        return index0 + 1;
      case "index0":
        return index0;
      case "revindex":
        return items.length - index0;
      case "revindex0":
        return items.length - index0 - 1;
      case "first":
        return index0 === 0;
      case "last":
        return index0 === items.length - 1;
      case "length":
        return items.length;
      case "previtem":
        return index0 > 0 ? items[index0 - 1] : undefined;
      case "nextitem":
        return index0 < items.length - 1 ? items[index0 + 1] : undefined;
      case "depth":
        return this.depth;
      case "depth0":
        return this.depth - 1;
      case "cycle":
        return new BuiltinFunction("cycle", (args) => {
          if (!args.length) throw new TemplateRuntimeError("no items for cycling given");
          return args[this.index0 % args.length];
        });
      case "changed":
        return new BuiltinFunction("changed", (args) => {
          const changed = this.lastChanged === undefined || !sameItems(this.lastChanged, args);
          this.lastChanged = args;
          return changed;
        });
      default:
        return undefined;
    }
  }
}

function sameItems(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** A function implemented in TypeScript (globals, bound methods). */
export class BuiltinFunction extends Callable {
  constructor(
    readonly callableName: string,
    private readonly implementation: (positional: unknown[], keyword: Map<string, unknown>) => unknown,
  ) {
    super();
  }

  call(positional: unknown[], keyword: Map<string, unknown>): unknown {
    return this.implementation(positional, keyword);
  }
}

/**
 * Binds Python-style arguments to parameter names; returns values in parameter order (undefined when absent).
 * `what` names the callee in error messages.
 */
export function bindArguments(
  what: string,
  parameters: readonly string[],
  positional: unknown[],
  keyword: Map<string, unknown>,
): unknown[] {
  if (positional.length > parameters.length) {
    throw new TemplateRuntimeError(
      `${what} takes at most ${parameters.length} argument(s) (${positional.length} given)`,
    );
  }
  const bound = parameters.map((_, i) => positional[i]);
  for (const [name, value] of keyword) {
    const index = parameters.indexOf(name);
    if (index < 0) throw new TemplateRuntimeError(`${what} got an unexpected keyword argument '${name}'`);
    if (index < positional.length)
      throw new TemplateRuntimeError(`${what} got multiple values for argument '${name}'`);
    bound[index] = value;
  }
  return bound;
}
