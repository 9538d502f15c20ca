/**
 * Handlebars templates compiled ahead of time to plain JavaScript functions.
 *
 * The Handlebars parser gives the syntax tree; this module turns it into straight-line string building,
 * so a render costs about what a hand-written template literal costs. Rules enforced here, at build time:
 * - a `{{...}}` output is always a call to an output helper (py, js, json, sh, ident): no value is printed raw;
 * - only known helpers and the blocks if / unless / each / with exist;
 * - partials `{{> language/name}}` are inlined, and must exist.
 * The same function runs in the generator (code written to src/generated) and in the viewer (live preview).
 */
import { mergeTextAppends } from "./code-text.js";
import { runtime, type RenderMemo } from "../../src/templating/helpers.js";
import { Compiler } from "./statements.js";
import type { CompileOptions, TemplateDiagnostic, TemplateSource } from "./types.js";

export type { CompileOptions, KnownNames, TemplateDiagnostic, TemplateSource } from "./types.js";

export type CompileResult =
  | {
      ok: true;
      code: string;
      /**
       * The top-level names of the data the template reads (e.g. model, prunaModel), so a caller can pass only
       * those; undefined when it reads the data as a whole (`this` at the root, a partial given the root context).
       */
      reads: string[] | undefined;
    }
  | { ok: false; errors: TemplateDiagnostic[] };

/**
 * Compiles a template to the source of `(d, r) => string`, where d is the data and r an optional RenderMemo
 * shared by the renders of one pass. The code refers to a free variable `h`, the template runtime of
 * ./helpers.ts, which the module holding the code must provide.
 */
export function compileTemplate(template: TemplateSource, options: CompileOptions = {}): CompileResult {
  const compiler = new Compiler(options);
  const { code: body, declarations } = compiler.shareRepeatedCalls(
    mergeTextAppends(compiler.program(template, [])),
  );
  if (compiler.errors.length > 0) return { ok: false, errors: compiler.errors };
  const result =
    options.trimEnd && !compiler.trimmedStatically ? `o.endsWith("\\n") ? o.replace(/\\n+$/, "") : o` : "o";
  return {
    ok: true,
    code: `(d, r) => {\n  const c0 = d;\n  let o = "";\n${declarations}${body}  return ${result};\n}`,
    reads: compiler.readsWholeRoot ? undefined : [...compiler.rootReads],
  };
}

/** Turns compiled code into a callable render function (for previews and tests; the build emits the code). */
export function instantiate(code: string): (data: unknown, memo?: RenderMemo) => string {
  return new Function("h", `return ${code};`)(runtime) as (data: unknown, memo?: RenderMemo) => string;
}
