/** Pieces of the compiler that read or write code text and parser messages, not the syntax tree. */

/** An append of one string literal: its indentation and the literal. */
const TEXT_APPEND = /^( *)o \+= (".*");$/;

/**
 * Text appended back to back at the same depth (text, a helper folded at build time, the text of an inlined
 * partial or of a branch chosen at build time) becomes one append.
 */
export function mergeTextAppends(code: string): string {
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

export function access(base: string, parts: string[]): string {
  return parts.reduce(
    (code, part) => (isIdentifier(part) ? `${code}?.${part}` : `${code}?.[${JSON.stringify(part)}]`),
    base,
  );
}

const isIdentifier = (s: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s);

/** Where a Handlebars parse error is: its line and column. */
export function parsePosition(error: unknown): { line: number; col: number } {
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

export function parseMessage(error: unknown): string {
  const lines = String((error as Error).message).split("\n");
  const expecting = lines.find((l) => l.startsWith("Expecting"));
  if (expecting?.endsWith("got 'EOF'"))
    return "unexpected end of template: a {{#block}} is still open (close it with {{/block}})";
  const head = lines[0].replace(/^Parse error on line \d+:?$/, "syntax error");
  return expecting ? `${head}: ${expecting.replace(/'/g, "")}` : head;
}
