/**
 * `self` in a template: `self.name()` renders the block `name` again, with the template's top-level variables
 * as they are at the call, as jinja2's TemplateReference does in a single template.
 */
import type { Stmt } from "./ast.js";
import { TemplateRuntimeError } from "./errors.js";
import { BuiltinFunction, Output, type Scope } from "./runtime.js";
import { TemplateObject } from "./values.js";

export type BlockBody = (scope: Scope, out: Output) => unknown;

/** Every `{% block %}` of a template, wherever it stands (in an `if`, a loop, another block). */
export function collectBlocks(body: Stmt[], found: Extract<Stmt, { kind: "block" }>[] = []): typeof found {
  for (const stmt of body) {
    if (stmt.kind === "block") found.push(stmt);
    if (stmt.kind === "if") for (const branch of stmt.branches) collectBlocks(branch.body, found);
    if (stmt.kind === "if" || stmt.kind === "for") collectBlocks(stmt.otherwise, found);
    if ("body" in stmt) collectBlocks(stmt.body, found);
  }
  return found;
}

export class TemplateReference extends TemplateObject {
  constructor(
    private readonly blocks: ReadonlyMap<string, BlockBody>,
    private readonly root: () => Scope,
  ) {
    super();
  }

  attribute(name: string): unknown {
    const block = this.blocks.get(name);
    if (!block) throw new TemplateRuntimeError(`the template has no block named '${name}'`);
    return new BuiltinFunction(`self.${name}`, () => {
      const root = this.root();
      const out = new Output(root.state);
      block(root.child(), out);
      return out.text;
    });
  }

  override repr(): string {
    return "<TemplateReference None>";
  }
}
