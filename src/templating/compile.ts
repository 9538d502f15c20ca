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
import { outputHelpers, runtime, valueHelpers } from "./helpers.js";

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
}

export type CompileResult = { ok: true; code: string } | { ok: false; errors: TemplateDiagnostic[] };

/**
 * Compiles a template to the source of `(d) => string`, where d is the data. The code refers to a free
 * variable `h`, the template runtime of ./helpers.ts, which the module holding the code must provide.
 */
export function compileTemplate(template: TemplateSource, options: CompileOptions = {}): CompileResult {
  const compiler = new Compiler(options);
  const body = compiler.program(template, []);
  if (compiler.errors.length > 0) return { ok: false, errors: compiler.errors };
  const result = options.trimEnd && !compiler.trimmedStatically ? `o.endsWith("\\n") ? o.replace(/\\n+$/, "") : o` : "o";
  return { ok: true, code: `(d) => {\n  const c0 = d;\n  let o = "";\n${body}  return ${result};\n}` };
}

/** Turns compiled code into a callable render function (for previews and tests; the build emits the code). */
export function instantiate(code: string): (data: unknown) => string {
  return new Function("h", `return ${code};`)(runtime) as (data: unknown) => string;
}

const BLOCKS = new Set(["if", "unless", "each", "with"]);
const isIdentifier = (s: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s);

/** One level of context: the variable holding `this`, and the loop variables when it is an #each. */
interface Scope {
  context: string;
  index?: string;
  list?: string;
  key?: string;
}

class Compiler {
  readonly errors: TemplateDiagnostic[] = [];
  /** With trimEnd: whether the syntax tree was changed so that no path ends with a newline. */
  trimmedStatically = false;
  private file = "";
  private counter = 0;
  private readonly partialStack: string[] = [];

  constructor(private readonly options: CompileOptions) {}

  program(template: TemplateSource, scopes: Scope[]): string {
    let ast: AST.Program;
    try {
      ast = parse(template.source);
    } catch (error) {
      this.errors.push({ file: template.file, ...parsePosition(error), message: parseMessage(error) });
      return "";
    }
    if (this.options.trimEnd && scopes.length === 0) this.trimmedStatically = trimEnd(ast.body);
    const outer = this.file;
    this.file = template.file;
    const code = this.statements(ast.body, scopes.length > 0 ? scopes : [{ context: "c0" }], "  ");
    this.file = outer;
    return code;
  }

  private error(node: AST.Node, message: string): string {
    this.errors.push({ file: this.file, line: node.loc.start.line, col: node.loc.start.column + 1, message });
    return "";
  }

  private statements(body: AST.Statement[], scopes: Scope[], pad: string): string {
    return body.map((s) => this.statement(s, scopes, pad)).join("");
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
    if (!(name in outputHelpers)) {
      if (name in valueHelpers) return this.error(node, `"${name}" computes a value; print it through an output helper, e.g. {{py (${name} ...)}}`);
      return this.error(
        node,
        node.params.length > 0
          ? `unknown helper "${name}" (known: ${Object.keys(outputHelpers).join(", ")})`
          : `{{${name}}} prints a value raw; write it through a literal helper of the target language: ${Object.keys(outputHelpers).map((h) => `{{${h} ${name}}}`).join(", ")}`,
      );
    }
    if (node.params.length !== 1) return this.error(node, `{{${name}}} takes exactly one value, got ${node.params.length}`);
    return `${pad}o += h.${name}(${this.expression(node.params[0], scopes)}, ${this.hash(node.hash, scopes)});\n`;
  }

  private block(node: AST.BlockStatement, scopes: Scope[], pad: string): string {
    const name = (node.path as AST.PathExpression).original;
    if (!BLOCKS.has(name)) return this.error(node, `unknown block "#${name}" (known: ${[...BLOCKS].map((b) => `#${b}`).join(", ")})`);
    if (node.params.length !== 1) return this.error(node, `{{#${name}}} takes exactly one value, got ${node.params.length}`);
    const value = this.expression(node.params[0], scopes);
    const inner = pad + "  ";
    const inverse = node.inverse ? this.statements(node.inverse.body, scopes, inner) : "";
    const elseBranch = inverse ? `${pad}} else {\n${inverse}` : "";
    if (name === "if" || name === "unless") {
      const test = name === "if" ? `h.truthy(${value})` : `!h.truthy(${value})`;
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
    if (!found) return this.error(node, `partial "${name}" not found (partials live in templates/partials/<language>/<name>.hbs)`);
    if (this.partialStack.includes(name)) return this.error(node, `partial "${name}" includes itself (${[...this.partialStack, name].join(" > ")})`);
    if (node.params.length > 1) return this.error(node, `a partial takes at most one context value`);
    let partialScopes = scopes;
    let setup = "";
    if (node.params.length === 1 || node.hash) {
      const n = ++this.counter;
      const base = node.params.length === 1 ? this.expression(node.params[0], scopes) : scopes[scopes.length - 1].context;
      setup = `${pad}const c${n} = ${node.hash ? this.extended(base, node.hash, scopes) : base};\n`;
      partialScopes = [{ context: `c${n}` }];
    }
    this.partialStack.push(name);
    const body = this.program(found, partialScopes);
    this.partialStack.pop();
    if (!node.indent) return `${setup}${pad}{\n${body.replace(/^/gm, pad)}${pad}}\n`;
    // A standalone partial is indented as a whole, as Handlebars does.
    const n = ++this.counter;
    return `${setup}${pad}{\n${pad}  const before${n} = o;\n${pad}  o = "";\n${body.replace(/^/gm, pad + "  ")}${pad}  o = before${n} + h.indentLines(o, ${JSON.stringify(node.indent)});\n${pad}}\n`;
  }

  /** The context of a partial called with hash arguments: a copy of `base` with the pairs set on it. */
  private extended(base: string, hash: AST.Hash, scopes: Scope[]): string {
    // The pairs go straight into the copy (no second object to spread); a "__proto__" key would set the
    // copy's prototype there, so such a hash keeps the two-step form, in which it is dropped.
    if (hash.pairs.some((p: AST.HashPair) => p.key === "__proto__")) return `{ ...${base}, ...${this.hash(hash, scopes)} }`;
    return `{ ...${base}, ${hash.pairs.map((p: AST.HashPair) => `${JSON.stringify(p.key)}: ${this.expression(p.value, scopes)}`).join(", ")} }`;
  }

  private hash(hash: AST.Hash | undefined, scopes: Scope[]): string {
    if (!hash || hash.pairs.length === 0) return "h.NO_HASH";
    return `{ ${hash.pairs.map((p: AST.HashPair) => `${JSON.stringify(p.key)}: ${this.expression(p.value, scopes)}`).join(", ")} }`;
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
          return this.error(sub, `unknown value helper "${name}" (known: ${Object.keys(valueHelpers).join(", ")})`) || "undefined";
        }
        const args = sub.params.map((p: AST.Expression) => this.expression(p, scopes));
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
      if (head === "root") return access("c0", rest);
      if (!scope) return this.error(node, `@${head} is only defined inside {{#each}}`) || "undefined";
      if (head === "index") return scope.index!;
      if (head === "key") return scope.key!;
      if (head === "first") return `(${scope.index} === 0)`;
      if (head === "last") return `(${scope.index} === ${scope.list}.length - 1)`;
      return this.error(node, `unknown data variable @${head} (known: @index, @key, @first, @last, @root)`) || "undefined";
    }
    const level = scopes.length - 1 - node.depth;
    if (level < 0) return this.error(node, `"${node.original}" goes above the template's root`) || "undefined";
    return access(scopes[level].context, node.parts);
  }
}

function access(base: string, parts: string[]): string {
  return parts.reduce((code, part) => (isIdentifier(part) ? `${code}?.${part}` : `${code}?.[${JSON.stringify(part)}]`), base);
}

function parsePosition(error: unknown): { line: number; col: number } {
  const e = error as { lineNumber?: number; column?: number; hash?: { loc?: { first_line: number; first_column: number }; line?: number } };
  if (e.lineNumber !== undefined) return { line: e.lineNumber, col: (e.column ?? 0) + 1 };
  if (e.hash?.loc) return { line: e.hash.loc.first_line, col: e.hash.loc.first_column + 1 };
  const match = /line (\d+)/.exec(String((error as Error).message));
  return { line: match ? Number(match[1]) : 1, col: 1 };
}

function parseMessage(error: unknown): string {
  const lines = String((error as Error).message).split("\n");
  const expecting = lines.find((l) => l.startsWith("Expecting"));
  if (expecting?.endsWith("got 'EOF'")) return "unexpected end of template: a {{#block}} is still open (close it with {{/block}})";
  const head = lines[0].replace(/^Parse error on line \d+:?$/, "syntax error");
  return expecting ? `${head}: ${expecting.replace(/'/g, "")}` : head;
}

/**
 * Removes the newlines a template's output would end with, on the syntax tree: trailing newlines of the
 * final text, and of each branch of a final #if/#unless (the newlines before such a block move into both
 * of its branches first, since they end the output when the block prints nothing). Returns false when
 * the end is something it cannot see through (a partial, an #each, a #with): the caller trims at run time.
 */
function trimEnd(body: AST.Statement[]): boolean {
  for (let i = body.length - 1; i >= 0; i--) {
    const node = body[i];
    if (node.type === "CommentStatement") continue;
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
    const before = body.slice(0, i).reverse().find((s) => s.type !== "CommentStatement");
    if (before?.type === "ContentStatement") {
      const content = before as AST.ContentStatement;
      const newlines = /\n+$/.exec(content.value)?.[0] ?? "";
      if (newlines) {
        content.value = content.value.slice(0, -newlines.length);
        const text = (): AST.ContentStatement => ({ ...content, value: newlines, original: newlines });
        block.program.body.unshift(text());
        if (!block.inverse) block.inverse = { ...block.program, body: [] };
        block.inverse.body.unshift(text());
      }
    }
    const program = trimEnd(block.program.body);
    const inverse = block.inverse ? trimEnd(block.inverse.body) : true;
    if (!program || !inverse) return false;
    // When a branch may print nothing, whatever comes before the block ends the output in that case.
    const alwaysPrints = block.inverse !== undefined && prints(block.program.body) && prints(block.inverse.body);
    return alwaysPrints || endsClean(body.slice(0, i));
  }
  return true;
}

/** Whether a body surely prints something (text or a value at its top level). */
function prints(body: AST.Statement[]): boolean {
  return body.some((s) => (s.type === "ContentStatement" && (s as AST.ContentStatement).value !== "") || s.type === "MustacheStatement");
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
    return s.type === "MustacheStatement";
  }
  return true;
}
