/** The trimEnd option of the compiler (library snippets never end with a newline), done on the syntax tree. */
import type { AST } from "@handlebars/parser";

/**
 * Removes the newlines a template's output would end with, on the syntax tree: trailing newlines of the
 * final text, and of each branch of a final #if/#unless (the newlines before such a block move into both
 * of its branches first, since they end the output when the block prints nothing), and of a final partial.
 * Returns false when the end is something it cannot see through (an #each, a #with): the caller trims at run time.
 */
export function trimEnd(
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
