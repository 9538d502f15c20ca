/**
 * The polling and request flows of src/inference/flows/: one file a flow, discovered (no hand-kept list), and the
 * hooks of `Flow` (src/inference/spec.ts) each file exports, read with the TypeScript parser.
 */
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { FLOW_HOOKS, FLOWS_DIR, type FlowFile } from "./flow-hooks.js";

export function loadFlows(root: string): FlowFile[] {
  return readdirSync(`${root}/${FLOWS_DIR}`)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((f) => ({
      name: f.slice(0, -3),
      hooks: exportedHooks(f, readFileSync(`${root}/${FLOWS_DIR}/${f}`, "utf8")),
    }));
}

/** The names of the exported functions and consts that are hooks. */
function exportedHooks(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return source.statements
    .flatMap((node) => {
      if (!exported(node)) return [];
      if (ts.isFunctionDeclaration(node)) return node.name ? [node.name.text] : [];
      if (ts.isVariableStatement(node))
        return node.declarationList.declarations.flatMap((d) =>
          ts.isIdentifier(d.name) ? [d.name.text] : [],
        );
      return [];
    })
    .filter((name) => FLOW_HOOKS.has(name));
}
