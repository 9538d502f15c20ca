/**
 * The statement half of the template compiler: text, output helpers, blocks and inlined partials as
 * straight-line string building (`o += ...`).
 */
import { parse, type AST } from "@handlebars/parser";
import { parseMessage, parsePosition } from "./code-text.js";
import { ExpressionCompiler, NeedsContextObject } from "./expressions.js";
import { outputHelpers, truthy, valueHelpers } from "../../src/templating/helpers.js";
import { trimEnd } from "./trim-end.js";
import type { Scope, TemplateSource } from "./types.js";

const BLOCKS = new Set(["if", "unless", "each", "with"]);
/** A mark around the index of a shareable helper call in code being compiled (a character no template code holds). */
const CALL_MARK = "\u0001";
/** A variable of the compiled code that changes while a template runs (loop items, #with values, partial contexts). */
const LOCAL_CONTEXT = /\bc[1-9][0-9]*\b|\b[ikl][1-9][0-9]*\b/;
/** Output helpers given the render pass's memo (the `r` argument of a compiled template, if any). */
const MEMO_HELPERS = new Set(["pyCode", "jsCode"]);

export class Compiler extends ExpressionCompiler {
  /** With trimEnd: whether the syntax tree was changed so that no path ends with a newline. */
  trimmedStatically = false;
  private counter = 0;
  /** Helper calls on values of the root data, by code: a call made twice in a template is made once (see shareRepeatedCalls). */
  private readonly calls: string[] = [];
  private readonly partialStack: string[] = [];
  /** With trimEnd: final partials parsed and trimmed before compilation (see trimmedPartial). */
  private readonly trimmedPartials = new Map<AST.PartialStatement, AST.Program>();
  private readonly trimStack: string[] = [];

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
    const identifier = name === "ident" && !node.hash ? this.identifier(node.params[0], scopes) : undefined;
    if (identifier?.always) return `${pad}o += ${identifier.code};\n`;
    const memo = MEMO_HELPERS.has(name) ? ", r" : "";
    const call = identifier
      ? `(${identifier.code} ?? h.ident(${identifier.code}, h.NO_HASH))` // only undefined is refused
      : `h.${name}(${this.expression(node.params[0], scopes)}, ${this.hash(node.hash, scopes)}${memo})`;
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

  private block(node: AST.BlockStatement, scopes: Scope[], pad: string): string {
    const name = (node.path as AST.PathExpression).original;
    if (!BLOCKS.has(name))
      return this.error(
        node,
        `unknown block "#${name}" (known: ${[...BLOCKS].map((b) => `#${b}`).join(", ")})`,
      );
    if (node.params.length !== 1)
      return this.error(node, `{{#${name}}} takes exactly one value, got ${node.params.length}`);
    const known =
      name === "if" || name === "unless"
        ? (this.literal(node.params[0], scopes) ??
          // An identifier is a non-empty string: true.
          (this.identifier(node.params[0], scopes)?.always ? { value: true } : undefined))
        : undefined;
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
}
