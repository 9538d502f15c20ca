/**
 * The expression half of the template compiler: values, conditions and helper arguments as JavaScript code,
 * and what is known of them at build time. Compiler (statements.ts) extends it with statements and partials.
 */
import type { AST } from "@handlebars/parser";
import { access } from "./code-text.js";
import { isIdentifier, outputHelpers, valueHelpers } from "../../src/templating/helpers.js";
import type { CompileOptions, Scope, TemplateDiagnostic } from "./types.js";

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

/** A reference to a partial's whole context (`this`) where the context is not materialized: compile again with a copy. */
export class NeedsContextObject extends Error {}

export class ExpressionCompiler {
  readonly errors: TemplateDiagnostic[] = [];
  /** The top-level names of the root data the code reads, and whether it reads the root data as a whole. */
  readonly rootReads = new Set<string>();
  readsWholeRoot = false;
  protected file = "";

  constructor(protected readonly options: CompileOptions) {}

  protected error(node: AST.Node, message: string): string {
    this.errors.push({ file: this.file, line: node.loc.start.line, col: node.loc.start.column + 1, message });
    return "";
  }

  /**
   * The output of a helper whose value and hash are literals, computed at build time (output helpers are pure);
   * a value the helper refuses is a build error here. Undefined when something is only known at render time.
   */
  protected fold(
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
  protected literal(node: AST.Expression, scopes: Scope[]): { value: unknown } | undefined {
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
  protected absent(name: string | undefined): { value: unknown } | undefined {
    return name !== undefined && this.options.missingNames?.has(name) ? { value: undefined } : undefined;
  }

  /**
   * The code of an expression whose value is an identifier (`always`) or else undefined, so that `ident` would
   * return it unchanged or refuse it: a root name listed in identifierNames or optionalIdentifierNames, or
   * `default` whose first value is always one (or is missing: then its fallback decides). Undefined when that
   * is only known at render time.
   */
  protected identifier(node: AST.Expression, scopes: Scope[]): { code: string; always: boolean } | undefined {
    if (node.type === "PathExpression") {
      const path = node as AST.PathExpression;
      const scope = scopes[scopes.length - 1 - path.depth];
      const root = !path.data && scope?.context === "c0" && !scope.pairs?.has(path.parts[0]);
      const name = root && path.parts.length === 1 ? path.parts[0] : undefined;
      if (name === undefined) return undefined;
      if (this.options.identifierNames?.has(name))
        return { code: this.expression(node, scopes), always: true };
      if (this.options.optionalIdentifierNames?.has(name))
        return { code: this.expression(node, scopes), always: false };
      return undefined;
    }
    const sub = node as AST.SubExpression;
    if (node.type !== "SubExpression" || (sub.path as AST.PathExpression).original !== "default")
      return undefined;
    if (sub.params.length !== 2 || (sub.hash?.pairs.length ?? 0) > 0) return undefined;
    const [value, fallback] = sub.params as AST.Expression[];
    const first = this.identifier(value, scopes);
    if (first?.always) return first;
    const missing = this.literal(value, scopes);
    if (!missing || !(missing.value === undefined || missing.value === null || missing.value === ""))
      return undefined;
    const known = this.literal(fallback, scopes);
    if (!known) return this.identifier(fallback, scopes);
    return isIdentifier(known.value) ? { code: JSON.stringify(known.value), always: true } : undefined;
  }

  protected hash(hash: AST.Hash | undefined, scopes: Scope[]): string {
    if (!hash || hash.pairs.length === 0) return "h.NO_HASH";
    return `{ ${hash.pairs.map((p: AST.HashPair) => `${JSON.stringify(p.key)}: ${this.expression(p.value, scopes)}`).join(", ")} }`;
  }

  /**
   * A Handlebars truth test of an expression as a JavaScript boolean: eq / ne / not / and / or are written as the
   * operators they stand for (they return the same booleans as the helpers), includes is already a boolean.
   * `grouped`: in parentheses when it is a comparison or a chain (false where it stands alone, as an if's test).
   */
  protected condition(node: AST.Expression, scopes: Scope[], grouped = true): string {
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

  protected expression(node: AST.Expression, scopes: Scope[]): string {
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

  protected path(node: AST.PathExpression, scopes: Scope[]): string {
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
  protected rootAccess(parts: string[]): string {
    if (parts.length === 0) this.readsWholeRoot = true;
    else this.rootReads.add(parts[0]);
    return access("c0", parts);
  }

  /** The variable holding a scope's context, used as a whole. */
  protected context(scope: Scope): string {
    if (scope.context === "c0") this.readsWholeRoot = true;
    return scope.context;
  }
}
