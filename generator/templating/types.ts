/** Types shared by the template compiler's modules (compile.ts re-exports the public ones). */
export interface TemplateDiagnostic {
  /** The file the problem is in (the template, or a partial it includes). */
  file: string;
  line: number;
  col: number;
  message: string;
}

export interface TemplateSource {
  file: string;
  source: string;
}

export interface CompileOptions {
  /** Finds a partial by name (e.g. "python/importRequests"); undefined when there is none. */
  partial?: (name: string) => TemplateSource | undefined;
  /**
   * The output never ends with a newline, whichever branches run (library snippets). Done on the syntax
   * tree where it can be (a final block's branches lose their trailing newlines), else at run time.
   */
  trimEnd?: boolean;
  /**
   * Top-level data names the data never has (a library snippet's partials read values that only some
   * libraries derive): a condition on one picks its branch, and a helper given one is computed, when the
   * template is compiled.
   */
  missingNames?: ReadonlySet<string>;
  /**
   * Top-level data names whose value is always an identifier (a library's derived value looked up in a table
   * of names, with a name as its default): `{{ident name}}` prints it without the run-time test, and
   * `{{#if name}}` picks its branch, when the template is compiled.
   */
  identifierNames?: ReadonlySet<string>;
  /**
   * Top-level data names whose value is an identifier or undefined (a library's `identifier` derive rule, or a
   * table of names with no default): `{{ident name}}` only tests that it is set.
   */
  optionalIdentifierNames?: ReadonlySet<string>;
}

/** What the compiler may know of a template's data names (a library's, from its `derive` rules). */
export type KnownNames = Pick<CompileOptions, "missingNames" | "identifierNames" | "optionalIdentifierNames">;

/** One level of context: the variable holding `this`, and the loop variables when it is an #each. */
export interface Scope {
  context: string;
  index?: string;
  list?: string;
  key?: string;
  /**
   * The hash pairs of the partial this scope belongs to, looked up before `context` (no copy of the context
   * is made): the code of each value, and the value itself when it is a literal (for folding at build time).
   */
  pairs?: Map<string, Pair>;
}

export interface Pair {
  code: string;
  literal?: { value: unknown };
}
