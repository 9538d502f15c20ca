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
import { parse, type AST } from "@handlebars/parser";
import { outputHelpers, runtime, truthy, valueHelpers, type RenderMemo } from "./helpers.js";

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
}

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

const BLOCKS = new Set(["if", "unless", "each", "with"]);
/** Value helpers written as JavaScript operators (see Compiler.condition), by the number of values they take. */
const OPERATORS: Record<string, number | undefined> = { eq: 2, ne: 2, not: 1, and: undefined, or: undefined };
const isOperator = (node: AST.Expression): boolean => {
  if (node.type !== "SubExpression") return false;
  const sub = node as AST.SubExpression;
  const name = (sub.path as AST.PathExpression).original;
  return (
    Object.hasOwn(OPERATORS, name) && (OPERATORS[name] === undefined || OPERATORS[name] === sub.params.length)
  );
};
/** A mark around the index of a shareable helper call in code being compiled (a character no template code holds). */
const CALL_MARK = "\u0001";
/** A variable of the compiled code that changes while a template runs (loop items, #with values, partial contexts). */
const LOCAL_CONTEXT = /\bc[1-9][0-9]*\b|\b[ikl][1-9][0-9]*\b/;
/** Output helpers given the render pass's memo (the `r` argument of a compiled template, if any). */
const MEMO_HELPERS = new Set(["pyCode", "jsCode"]);
const isIdentifier = (s: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s);

/** One level of context: the variable holding `this`, and the loop variables when it is an #each. */
interface Scope {
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

interface Pair {
  code: string;
  literal?: { value: unknown };
}

/** A reference to a partial's whole context (`this`) where the context is not materialized: compile again with a copy. */
class NeedsContextObject extends Error {}

class Compiler {
  readonly errors: TemplateDiagnostic[] = [];
  /** With trimEnd: whether the syntax tree was changed so that no path ends with a newline. */
  trimmedStatically = false;
  /** The top-level names of the root data the code reads, and whether it reads the root data as a whole. */
  readonly rootReads = new Set<string>();
  readsWholeRoot = false;
  private file = "";
  private counter = 0;
  /** Helper calls on values of the root data, by code: a call made twice in a template is made once (see shareRepeatedCalls). */
  private readonly calls: string[] = [];
  private readonly partialStack: string[] = [];
  /** With trimEnd: final partials parsed and trimmed before compilation (see trimmedPartial). */
  private readonly trimmedPartials = new Map<AST.PartialStatement, AST.Program>();
  private readonly trimStack: string[] = [];

  constructor(private readonly options: CompileOptions) {}

  program(template: TemplateSource, scopes: Scope[], parsed?: AST.Program): string {
    let ast: AST.Program;
    try {
      ast = parsed ?? parse(template.source);
    } catch (error) {
      this.errors.push({ file: template.file, ...parsePosition(error), message: parseMessage(error) });
      return "";
    }
    if (this.options.trimEnd && scopes.length === 0)
      this.trimmedStatically = trimEnd(ast.body, (node) => this.trimmedPartial(node));
    const outer = this.file;
    this.file = template.file;
    try {
      return this.statements(ast.body, scopes.length > 0 ? scopes : [{ context: "c0" }], "  ");
    } finally {
      // Also when a nested partial asks for its context object: the caller compiles this template again.
      this.file = outer;
    }
  }

  /**
   * The body of a partial the template ends with, its trailing newlines removed as trimEnd removes them from the
   * template's own text (kept for inlinePartial, so that node is inlined from it); undefined when trimEnd cannot
   * see through the partial either, or it cannot be read (inlinePartial reports that).
   */
  private trimmedPartial(node: AST.PartialStatement): AST.Statement[] | undefined {
    const name = (node.name as AST.PathExpression).original;
    const found = this.options.partial?.(name);
    if (!found || this.trimStack.includes(name)) return undefined;
    let ast: AST.Program;
    try {
      ast = parse(found.source);
    } catch {
      return undefined;
    }
    this.trimStack.push(name);
    try {
      if (!trimEnd(ast.body, (inner) => this.trimmedPartial(inner))) return undefined;
    } finally {
      this.trimStack.pop();
    }
    this.trimmedPartials.set(node, ast);
    return ast.body;
  }

  private error(node: AST.Node, message: string): string {
    this.errors.push({ file: this.file, line: node.loc.start.line, col: node.loc.start.column + 1, message });
    return "";
  }

  private statements(body: AST.Statement[], scopes: Scope[], pad: string): string {
    return body.map((node) => this.statement(node, scopes, pad)).join("");
  }

  private statement(node: AST.Statement, scopes: Scope[], pad: string): string {
    switch (node.type) {
      case "ContentStatement": {
        const value = (node as AST.ContentStatement).value;
        return value ? `${pad}o += ${JSON.stringify(value)};\n` : "";
      }
      case "CommentStatement":
        return "";
      case "MustacheStatement":
        return this.mustache(node as AST.MustacheStatement, scopes, pad);
      case "BlockStatement":
        return this.block(node as AST.BlockStatement, scopes, pad);
      case "PartialStatement":
        return this.partial(node as AST.PartialStatement, scopes, pad);
      default:
        return this.error(node, `${node.type} is not supported in hubkit templates`);
    }
  }

  private mustache(node: AST.MustacheStatement, scopes: Scope[], pad: string): string {
    const path = node.path as AST.PathExpression;
    const name = path.type === "PathExpression" ? path.original : String((node.path as AST.Literal).original);
    if (!Object.hasOwn(outputHelpers, name)) {
      if (name in valueHelpers)
        return this.error(
          node,
          `"${name}" computes a value; print it through an output helper, e.g. {{py (${name} ...)}}`,
        );
      return this.error(
        node,
        node.params.length > 0
          ? `unknown helper "${name}" (known: ${Object.keys(outputHelpers).join(", ")})`
          : `{{${name}}} prints a value raw; write it through a literal helper of the target language: ${Object.keys(
              outputHelpers,
            )
              .map((h) => `{{${h} ${name}}}`)
              .join(", ")}`,
      );
    }
    if (node.params.length !== 1)
      return this.error(node, `{{${name}}} takes exactly one value, got ${node.params.length}`);
    const folded = this.fold(node, name as keyof typeof outputHelpers, scopes);
    if (folded !== undefined) return folded ? `${pad}o += ${JSON.stringify(folded)};\n` : "";
    const memo = MEMO_HELPERS.has(name) ? ", r" : "";
    const call = `h.${name}(${this.expression(node.params[0], scopes)}, ${this.hash(node.hash, scopes)}${memo})`;
    return `${pad}o += ${this.shareable(call)};\n`;
  }

  /**
   * A helper call whose value depends on the root data only (no loop or #with variable, which change while the
   * template runs) is marked, so that shareRepeatedCalls can make it once when the template makes it again.
   */
  private shareable(call: string): string {
    if (LOCAL_CONTEXT.test(call)) return call;
    let index = this.calls.indexOf(call);
    if (index < 0) index = this.calls.push(call) - 1;
    return `${CALL_MARK}${index}${CALL_MARK}`;
  }

  /**
   * Replaces the marks of shareable calls: a call that occurs once stays as it is; one that occurs again is kept in
   * a variable the first time it runs (`(sN ??= call)`; helpers return strings, never undefined), so a value
   * printed twice, such as a model id, is escaped once. The call still runs where it first appears, and only if
   * that branch runs: a value a helper refuses fails at the same place as before.
   */
  shareRepeatedCalls(code: string): { code: string; declarations: string } {
    const marks = new RegExp(`${CALL_MARK}(\\d+)${CALL_MARK}`, "g");
    const counts = new Map<string, number>();
    for (const [, index] of code.matchAll(marks)) counts.set(index, (counts.get(index) ?? 0) + 1);
    const shared = [...counts].filter(([, n]) => n > 1).map(([index]) => index);
    const replaced = code.replace(marks, (_m, index: string) =>
      shared.includes(index) ? `(s${index} ??= ${this.calls[Number(index)]})` : this.calls[Number(index)],
    );
    return {
      code: replaced,
      declarations: shared.length ? `  let ${shared.map((i) => `s${i}`).join(", ")};\n` : "",
    };
  }

  /**
   * The output of a helper whose value and hash are literals, computed at build time (output helpers are pure);
   * a value the helper refuses is a build error here. Undefined when something is only known at render time.
   */
  private fold(
    node: AST.MustacheStatement,
    name: keyof typeof outputHelpers,
    scopes: Scope[],
  ): string | undefined {
    const value = this.literal(node.params[0], scopes);
    const pairs = node.hash?.pairs ?? [];
    const hash: Record<string, unknown> = {};
    for (const pair of pairs) {
      const literal = this.literal(pair.value, scopes);
      if (!literal || pair.key === "__proto__") return undefined;
      hash[pair.key] = literal.value;
    }
    if (!value) return undefined;
    try {
      return (outputHelpers[name] as (v: unknown, h: Record<string, unknown>) => string)(value.value, hash);
    } catch (error) {
      this.error(node, `{{${name}}}: ${(error as Error).message}`);
      return "";
    }
  }

  /** The value of an expression known at build time: a literal, or a partial's hash pair holding one. */
  private literal(node: AST.Expression, scopes: Scope[]): { value: unknown } | undefined {
    switch (node.type) {
      case "StringLiteral":
      case "NumberLiteral":
      case "BooleanLiteral":
        return { value: (node as AST.Literal).value };
      case "NullLiteral":
        return { value: null };
      case "UndefinedLiteral":
        return { value: undefined };
      case "PathExpression": {
        const path = node as AST.PathExpression;
        if (path.data) return path.parts[0] === "root" ? this.absent(path.parts[1]) : undefined;
        const scope = scopes[scopes.length - 1 - path.depth];
        const pair = scope?.pairs?.get(path.parts[0]);
        if (pair) return path.parts.length === 1 ? pair.literal : undefined;
        return scope?.context === "c0" ? this.absent(path.parts[0]) : undefined;
      }
      case "SubExpression": {
        // Value helpers are pure: given values known at build time, so is their result.
        const sub = node as AST.SubExpression;
        const name = (sub.path as AST.PathExpression).original;
        if (!Object.hasOwn(valueHelpers, name) || (sub.hash?.pairs.length ?? 0) > 0) return undefined;
        const args: unknown[] = [];
        for (const param of sub.params as AST.Expression[]) {
          const known = this.literal(param, scopes);
          if (!known) return undefined;
          args.push(known.value);
        }
        const helper = valueHelpers[name as keyof typeof valueHelpers] as (...args: unknown[]) => unknown;
        return { value: helper(...args, {}) };
      }
      default:
        return undefined;
    }
  }

  /** The value of a root data name listed in missingNames: undefined. */
  private absent(name: string | undefined): { value: unknown } | undefined {
    return name !== undefined && this.options.missingNames?.has(name) ? { value: undefined } : undefined;
  }

  private block(node: AST.BlockStatement, scopes: Scope[], pad: string): string {
    const name = (node.path as AST.PathExpression).original;
    if (!BLOCKS.has(name))
      return this.error(
        node,
        `unknown block "#${name}" (known: ${[...BLOCKS].map((b) => `#${b}`).join(", ")})`,
      );
    if (node.params.length !== 1)
      return this.error(node, `{{#${name}}} takes exactly one value, got ${node.params.length}`);
    const known = name === "if" || name === "unless" ? this.literal(node.params[0], scopes) : undefined;
    if (known) {
      const branch = truthy(known.value) === (name === "if") ? node.program : node.inverse;
      return branch ? this.statements(branch.body, scopes, pad) : "";
    }
    const value = this.expression(node.params[0], scopes);
    const inner = pad + "  ";
    const inverse = node.inverse ? this.statements(node.inverse.body, scopes, inner) : "";
    const elseBranch = inverse ? `${pad}} else {\n${inverse}` : "";
    if (name === "if" || name === "unless") {
      const test =
        name === "if"
          ? this.condition(node.params[0], scopes, false)
          : `!${this.condition(node.params[0], scopes)}`;
      return `${pad}if (${test}) {\n${this.statements(node.program.body, scopes, inner)}${elseBranch}${pad}}\n`;
    }
    const n = ++this.counter;
    if (name === "with") {
      const scope: Scope = { context: `c${n}` };
      return `${pad}const c${n} = ${value};\n${pad}if (h.truthy(c${n})) {\n${this.statements(node.program.body, [...scopes, scope], inner)}${elseBranch}${pad}}\n`;
    }
    // #each over a list (or the values of a mapping, with @key).
    const scope: Scope = { context: `c${n}`, index: `i${n}`, list: `l${n}`, key: `k${n}` };
    const loop = this.statements(node.program.body, [...scopes, scope], inner + "  ");
    return (
      `${pad}const m${n} = ${value} ?? [];\n` +
      `${pad}const k${n}s = Array.isArray(m${n}) ? null : Object.keys(m${n});\n` +
      `${pad}const l${n} = k${n}s ? k${n}s.map((k) => m${n}[k]) : m${n};\n` +
      `${pad}if (l${n}.length > 0) {\n` +
      `${inner}for (let i${n} = 0; i${n} < l${n}.length; i${n}++) {\n` +
      `${inner}  const c${n} = l${n}[i${n}];\n${inner}  const k${n} = k${n}s ? k${n}s[i${n}] : i${n};\n` +
      `${loop}${inner}}\n${elseBranch}${pad}}\n`
    );
  }

  private partial(node: AST.PartialStatement, scopes: Scope[], pad: string): string {
    const name = (node.name as AST.PathExpression).original;
    const found = this.options.partial?.(name);
    if (!found)
      return this.error(
        node,
        `partial "${name}" not found (partials live in templates/partials/<language>/<name>.hbs)`,
      );
    if (this.partialStack.includes(name))
      return this.error(
        node,
        `partial "${name}" includes itself (${[...this.partialStack, name].join(" > ")})`,
      );
    if (node.params.length > 1) return this.error(node, `a partial takes at most one context value`);
    this.partialStack.push(name);
    try {
      return this.inlinePartial(node, found, scopes, pad);
    } finally {
      // Popped on every path: a nested partial's NeedsContextObject unwinds through here to a retry.
      this.partialStack.pop();
    }
  }

  private inlinePartial(
    node: AST.PartialStatement,
    found: TemplateSource,
    scopes: Scope[],
    pad: string,
  ): string {
    let partialScopes = scopes;
    let setup = "";
    let body: string | undefined;
    if (
      node.params.length === 0 &&
      node.hash &&
      node.hash.pairs.every((p: AST.HashPair) => p.key !== "__proto__")
    ) {
      // Hash pairs only: the partial reads them (and everything else from the current context) without a copy,
      // unless it refers to its whole context as `this`.
      const current = scopes[scopes.length - 1];
      const pairs = new Map(current.pairs);
      for (const p of node.hash.pairs as AST.HashPair[])
        pairs.set(p.key, { code: this.expression(p.value, scopes), literal: this.literal(p.value, scopes) });
      const errors = this.errors.length;
      try {
        body = this.program(found, [{ context: current.context, pairs }], this.trimmedPartials.get(node));
      } catch (error) {
        if (!(error instanceof NeedsContextObject)) throw error;
        this.errors.length = errors;
      }
    }
    if (body === undefined && (node.params.length === 1 || node.hash)) {
      const n = ++this.counter;
      const current = scopes[scopes.length - 1];
      const base =
        node.params.length === 1
          ? this.expression(node.params[0], scopes)
          : current.pairs
            ? this.materialize(current)
            : this.context(current);
      setup = `${pad}const c${n} = ${node.hash ? this.extended(base, node.hash, scopes) : base};\n`;
      partialScopes = [{ context: `c${n}` }];
    }
    body ??= this.program(found, partialScopes, this.trimmedPartials.get(node));
    // The partial's code goes in place (its variables have names of their own), so text around it merges.
    if (!node.indent) return `${setup}${body.replace(/^ {2}/gm, pad)}`;
    // A standalone partial is indented as a whole, as Handlebars does.
    const n = ++this.counter;
    return `${setup}${pad}{\n${pad}  const before${n} = o;\n${pad}  o = "";\n${body.replace(/^/gm, pad + "  ")}${pad}  o = before${n} + h.indentLines(o, ${JSON.stringify(node.indent)});\n${pad}}\n`;
  }

  /** The object a scope with hash pairs stands for: its context with the pairs set on it. */
  private materialize(scope: Scope): string {
    return `{ ...${this.context(scope)}, ${[...scope.pairs!].map(([key, pair]) => `${JSON.stringify(key)}: ${pair.code}`).join(", ")} }`;
  }

  /** The context of a partial called with hash arguments: a copy of `base` with the pairs set on it. */
  private extended(base: string, hash: AST.Hash, scopes: Scope[]): string {
    // The pairs go straight into the copy (no second object to spread); a "__proto__" key would set the
    // copy's prototype there, so such a hash keeps the two-step form, in which it is dropped.
    if (hash.pairs.some((p: AST.HashPair) => p.key === "__proto__"))
      return `{ ...${base}, ...${this.hash(hash, scopes)} }`;
    return `{ ...${base}, ${hash.pairs.map((p: AST.HashPair) => `${JSON.stringify(p.key)}: ${this.expression(p.value, scopes)}`).join(", ")} }`;
  }

  private hash(hash: AST.Hash | undefined, scopes: Scope[]): string {
    if (!hash || hash.pairs.length === 0) return "h.NO_HASH";
    return `{ ${hash.pairs.map((p: AST.HashPair) => `${JSON.stringify(p.key)}: ${this.expression(p.value, scopes)}`).join(", ")} }`;
  }

  /**
   * A Handlebars truth test of an expression as a JavaScript boolean: eq / ne / not / and / or are written as the
   * operators they stand for (they return the same booleans as the helpers), includes is already a boolean.
   * `grouped`: in parentheses when it is a comparison or a chain (false where it stands alone, as an if's test).
   */
  private condition(node: AST.Expression, scopes: Scope[], grouped = true): string {
    const sub = node as AST.SubExpression;
    if (node.type === "SubExpression" && (sub.path as AST.PathExpression).original === "includes") {
      return this.expression(node, scopes);
    }
    if (!isOperator(node)) return `h.truthy(${this.expression(node, scopes)})`;
    const name = (sub.path as AST.PathExpression).original;
    const params = sub.params as AST.Expression[];
    if (name === "not") return `!${this.condition(params[0], scopes)}`;
    let code: string;
    if (name === "eq" || name === "ne") {
      code = `${this.expression(params[0], scopes)} ${name === "eq" ? "===" : "!=="} ${this.expression(params[1], scopes)}`;
    } else if (params.length === 0) {
      return name === "and" ? "true" : "false";
    } else if (params.length === 1) {
      return this.condition(params[0], scopes, grouped);
    } else {
      code = params.map((p) => this.condition(p, scopes)).join(name === "and" ? " && " : " || ");
    }
    return grouped ? `(${code})` : code;
  }

  private expression(node: AST.Expression, scopes: Scope[]): string {
    switch (node.type) {
      case "StringLiteral":
      case "NumberLiteral":
      case "BooleanLiteral":
        return JSON.stringify((node as AST.Literal).value);
      case "NullLiteral":
        return "null";
      case "UndefinedLiteral":
        return "undefined";
      case "SubExpression": {
        const sub = node as AST.SubExpression;
        const name = (sub.path as AST.PathExpression).original;
        if (!(name in valueHelpers)) {
          return (
            this.error(
              sub,
              `unknown value helper "${name}" (known: ${Object.keys(valueHelpers).join(", ")})`,
            ) || "undefined"
          );
        }
        const args = sub.params.map((p: AST.Expression) => this.expression(p, scopes));
        if (isOperator(sub)) return this.condition(sub, scopes);
        if (name === "concat" && !sub.hash) {
          // Plain string concatenation: literal parts as they are, values through h.text (missing -> "").
          const parts = sub.params.map((p: AST.Expression) => {
            const known = this.literal(p, scopes);
            return typeof known?.value === "string"
              ? JSON.stringify(known.value)
              : `h.text(${this.expression(p, scopes)})`;
          });
          return parts.length === 0 ? '""' : parts.join(" + ");
        }
        return `h.v.${name}(${[...args, this.hash(sub.hash, scopes)].join(", ")})`;
      }
      case "PathExpression":
        return this.path(node as AST.PathExpression, scopes);
      default:
        return this.error(node, `${node.type} is not supported here`) || "undefined";
    }
  }

  private path(node: AST.PathExpression, scopes: Scope[]): string {
    if (node.data) {
      const [head, ...rest] = node.parts;
      const scope = [...scopes].reverse().find((s) => s.index);
      if (head === "root") return this.rootAccess(rest);
      if (!scope) return this.error(node, `@${head} is only defined inside {{#each}}`) || "undefined";
      if (head === "index") return scope.index!;
      if (head === "key") return scope.key!;
      if (head === "first") return `(${scope.index} === 0)`;
      if (head === "last") return `(${scope.index} === ${scope.list}.length - 1)`;
      return (
        this.error(node, `unknown data variable @${head} (known: @index, @key, @first, @last, @root)`) ||
        "undefined"
      );
    }
    const level = scopes.length - 1 - node.depth;
    if (level < 0)
      return this.error(node, `"${node.original}" goes above the template's root`) || "undefined";
    const scope = scopes[level];
    if (scope.pairs) {
      if (node.parts.length === 0) throw new NeedsContextObject();
      const pair = scope.pairs.get(node.parts[0]);
      if (pair) return access(`(${pair.code})`, node.parts.slice(1));
    }
    return scope.context === "c0" ? this.rootAccess(node.parts) : access(scope.context, node.parts);
  }

  /** Code reading a path of the root data, noted in rootReads. */
  private rootAccess(parts: string[]): string {
    if (parts.length === 0) this.readsWholeRoot = true;
    else this.rootReads.add(parts[0]);
    return access("c0", parts);
  }

  /** The variable holding a scope's context, used as a whole. */
  private context(scope: Scope): string {
    if (scope.context === "c0") this.readsWholeRoot = true;
    return scope.context;
  }
}

/** An append of one string literal: its indentation and the literal. */
const TEXT_APPEND = /^( *)o \+= (".*");$/;

/**
 * Text appended back to back at the same depth (text, a helper folded at build time, the text of an inlined
 * partial or of a branch chosen at build time) becomes one append.
 */
function mergeTextAppends(code: string): string {
  const out: string[] = [];
  let previous: { pad: string; text: string } | undefined;
  for (const line of code.split("\n")) {
    const match = TEXT_APPEND.exec(line);
    const text = match ? constantString(match[2]) : undefined;
    if (match && text !== undefined && previous?.pad === match[1]) {
      previous.text += text;
      out[out.length - 1] = `${previous.pad}o += ${JSON.stringify(previous.text)};`;
      continue;
    }
    previous = match && text !== undefined ? { pad: match[1], text } : undefined;
    out.push(line);
  }
  return out.join("\n");
}

/** The string a piece of generated code stands for when it is one JSON string literal, else undefined. */
function constantString(code: string): string | undefined {
  if (!code.startsWith('"') || !code.endsWith('"')) return undefined;
  try {
    const value: unknown = JSON.parse(code);
    return typeof value === "string" && JSON.stringify(value) === code ? value : undefined;
  } catch {
    return undefined;
  }
}

function access(base: string, parts: string[]): string {
  return parts.reduce(
    (code, part) => (isIdentifier(part) ? `${code}?.${part}` : `${code}?.[${JSON.stringify(part)}]`),
    base,
  );
}

function parsePosition(error: unknown): { line: number; col: number } {
  const e = error as {
    lineNumber?: number;
    column?: number;
    hash?: { loc?: { first_line: number; first_column: number }; line?: number };
  };
  if (e.lineNumber !== undefined) return { line: e.lineNumber, col: (e.column ?? 0) + 1 };
  if (e.hash?.loc) return { line: e.hash.loc.first_line, col: e.hash.loc.first_column + 1 };
  const match = /line (\d+)/.exec(String((error as Error).message));
  return { line: match ? Number(match[1]) : 1, col: 1 };
}

function parseMessage(error: unknown): string {
  const lines = String((error as Error).message).split("\n");
  const expecting = lines.find((l) => l.startsWith("Expecting"));
  if (expecting?.endsWith("got 'EOF'"))
    return "unexpected end of template: a {{#block}} is still open (close it with {{/block}})";
  const head = lines[0].replace(/^Parse error on line \d+:?$/, "syntax error");
  return expecting ? `${head}: ${expecting.replace(/'/g, "")}` : head;
}

/**
 * Removes the newlines a template's output would end with, on the syntax tree: trailing newlines of the
 * final text, and of each branch of a final #if/#unless (the newlines before such a block move into both
 * of its branches first, since they end the output when the block prints nothing), and of a final partial.
 * Returns false when the end is something it cannot see through (an #each, a #with): the caller trims at run time.
 */
function trimEnd(
  body: AST.Statement[],
  partial: (node: AST.PartialStatement) => AST.Statement[] | undefined,
): boolean {
  for (let i = body.length - 1; i >= 0; i--) {
    const node = body[i];
    if (node.type === "CommentStatement") continue;
    if (node.type === "PartialStatement") {
      // A partial is inlined: its own text is trimmed (indenting a standalone partial adds no newline).
      const inner = partial(node as AST.PartialStatement);
      return inner !== undefined && (prints(inner) || endsClean(body.slice(0, i)));
    }
    if (node.type === "ContentStatement") {
      const content = node as AST.ContentStatement;
      content.value = content.value.replace(/\n+$/, "");
      if (content.value === "") continue;
      return true;
    }
    if (node.type === "MustacheStatement") return true; // helpers never print a trailing newline
    if (node.type !== "BlockStatement") return false;
    const block = node as AST.BlockStatement;
    const name = (block.path as AST.PathExpression).original;
    if (name !== "if" && name !== "unless") return false;
    const newlines = takeTrailingNewlines(body.slice(0, i));
    if (newlines) {
      const text = (): AST.ContentStatement => ({
        ...newlines.content,
        value: newlines.text,
        original: newlines.text,
      });
      block.program.body.unshift(text());
      if (!block.inverse) block.inverse = { ...block.program, body: [] };
      block.inverse.body.unshift(text());
    }
    const program = trimEnd(block.program.body, partial);
    const inverse = block.inverse ? trimEnd(block.inverse.body, partial) : true;
    if (!program || !inverse) return false;
    // When a branch may print nothing, whatever comes before the block ends the output in that case.
    const alwaysPrints =
      block.inverse !== undefined && prints(block.program.body) && prints(block.inverse.body);
    return alwaysPrints || endsClean(body.slice(0, i));
  }
  return true;
}

/**
 * Removes the newlines a body surely ends with and returns them: those of its final text, or those both branches
 * of a final #if/#unless end with (`{{#if x}}a\n{{else}}b\n{{/if}}` prints what `{{#if x}}a{{else}}b{{/if}}\n` does).
 */
function takeTrailingNewlines(
  body: AST.Statement[],
): { text: string; content: AST.ContentStatement } | undefined {
  const last = body.findLast(significant);
  if (last?.type === "ContentStatement") {
    const content = last as AST.ContentStatement;
    const text = /\n+$/.exec(content.value)?.[0];
    if (!text) return undefined;
    content.value = content.value.slice(0, -text.length);
    return { text, content };
  }
  if (last?.type !== "BlockStatement") return undefined;
  const block = last as AST.BlockStatement;
  const name = (block.path as AST.PathExpression).original;
  if ((name !== "if" && name !== "unless") || !block.inverse) return undefined;
  const ends = [block.program.body, block.inverse.body].map((b) => b.findLast(significant));
  if (!ends.every((e) => e?.type === "ContentStatement")) return undefined;
  const [a, b] = ends as AST.ContentStatement[];
  const text = /\n+$/.exec(a.value)?.[0];
  if (!text || /\n+$/.exec(b.value)?.[0] !== text) return undefined;
  a.value = a.value.slice(0, -text.length);
  b.value = b.value.slice(0, -text.length);
  return { text, content: a };
}

/** Whether a statement can print something or hold a newline (not a comment, not empty text). */
const significant = (s: AST.Statement) =>
  s.type !== "CommentStatement" &&
  !(s.type === "ContentStatement" && (s as AST.ContentStatement).value === "");

/** Whether a body surely prints something (text or a value at its top level). */
function prints(body: AST.Statement[]): boolean {
  return body.some(
    (s) =>
      (s.type === "ContentStatement" && (s as AST.ContentStatement).value !== "") ||
      s.type === "MustacheStatement",
  );
}

/** Whether what a body prints surely does not end with a newline (empty counts as clean). */
function endsClean(body: AST.Statement[]): boolean {
  for (let i = body.length - 1; i >= 0; i--) {
    const s = body[i];
    if (s.type === "CommentStatement") continue;
    if (s.type === "ContentStatement") {
      const value = (s as AST.ContentStatement).value;
      if (value === "") continue;
      return !value.endsWith("\n");
    }
    if (s.type === "MustacheStatement") return true;
    if (s.type !== "BlockStatement") return false;
    const block = s as AST.BlockStatement;
    const name = (block.path as AST.PathExpression).original;
    if (
      (name !== "if" && name !== "unless") ||
      !endsClean(block.program.body) ||
      !endsClean(block.inverse?.body ?? [])
    )
      return false;
    // A branch that may print nothing leaves the end to what comes before.
    return (
      (block.inverse !== undefined && prints(block.program.body) && prints(block.inverse.body)) ||
      endsClean(body.slice(0, i))
    );
  }
  return true;
}
