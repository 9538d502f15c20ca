/** The public API: `Template` (parse once, render many times) and `applyChatTemplate`. */
import { checkFiltersAndTests } from "./ast-walk.js";
import { compileTemplate, type CompiledTemplate } from "./compile.js";
import { isKnownFilter } from "./filters.js";
import { createGlobals } from "./globals.js";
import { TemplateReference } from "./template-reference.js";
import { parse } from "./parser.js";
import {
  DEFAULT_LIMITS,
  Output,
  RenderState,
  Scope,
  type RenderOptions,
  type TemplateLimits,
} from "./runtime.js";
import { TemplateError, TemplateSyntaxError } from "./errors.js";
import { isKnownTest } from "./tests.js";

export type { RenderOptions, TemplateLimits };

export interface TemplateOptions extends RenderOptions {
  /** Remove the first newline after a block tag (jinja2's trim_blocks). Default true, as chat templates expect. */
  trimBlocks?: boolean;
  /** Strip spaces and tabs before a block tag at the start of a line (lstrip_blocks). Default true. */
  lstripBlocks?: boolean;
}
export { DEFAULT_LIMITS };

export class Template {
  private readonly compiled: CompiledTemplate;

  /** Parses and compiles `source`; throws TemplateSyntaxError (with line:col) if it is malformed. */
  constructor(
    readonly source: string,
    private readonly options: TemplateOptions = {},
  ) {
    const { trimBlocks = true, lstripBlocks = true } = options;
    try {
      const body = parse(source, { trimBlocks, lstripBlocks });
      checkFiltersAndTests(body, { filter: isKnownFilter, test: isKnownTest });
      this.compiled = compileTemplate(body);
    } catch (error) {
      throw withSource(toSyntaxError(error), source);
    }
  }

  /**
   * Renders with `context` as the template's variables. Only the context's own properties are visible.
   * Options given here override those given to the constructor.
   */
  render(context: Record<string, unknown> = {}, options: RenderOptions = {}): string {
    const state = new RenderState({
      now: options.now ?? this.options.now,
      limits: { ...this.options.limits, ...options.limits },
    });
    const globals = createGlobals(state);
    const root = new Scope(null, state, context, globals);
    globals.set("self", new TemplateReference(this.compiled.blocks, () => root));
    const out = new Output(state);
    try {
      this.compiled.run(root, out);
    } catch (error) {
      throw withSource(error, this.source);
    }
    return out.text;
  }
}

/** Thousands of chained operators or filters nest the tree deeper than the JS stack allows. */
function toSyntaxError(error: unknown): unknown {
  if (!(error instanceof RangeError)) return error;
  return new TemplateSyntaxError("template nested too deeply to compile", { line: 1, column: 1 });
}

function withSource(error: unknown, source: string): unknown {
  if (error instanceof TemplateError) error.attachSource(source);
  return error;
}

export interface ChatTemplateInput extends RenderOptions {
  messages: unknown[];
  add_generation_prompt?: boolean;
  tools?: unknown[] | null;
  documents?: unknown[] | null;
  bos_token?: string;
  eos_token?: string;
  /** Anything else is passed to the template as a variable (enable_thinking, date_string, ...). */
  [variable: string]: unknown;
}

/**
 * Renders a chat template with the variables transformers passes: messages, add_generation_prompt (default false),
 * tools and documents (none when not given, as transformers passes them), special tokens and any extras.
 */
export function applyChatTemplate(template: string | Template, input: ChatTemplateInput): string {
  const { limits, now, ...variables } = input;
  const compiled = typeof template === "string" ? new Template(template) : template;
  const context: Record<string, unknown> = {
    ...variables,
    add_generation_prompt: variables.add_generation_prompt ?? false,
    tools: variables.tools ?? null,
    documents: variables.documents ?? null,
  };
  return compiled.render(context, { limits, now });
}
