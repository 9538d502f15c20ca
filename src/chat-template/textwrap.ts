/**
 * Python's textwrap.TextWrapper.wrap as jinja2's `wordwrap` filter configures it (no tab expansion, whitespace
 * kept, whitespace dropped at line ends): same chunking regular expressions, same line filling.
 */

const WHITESPACE = "[\\t\\n\\x0b\\x0c\\r ]";
const NO_WHITESPACE = "[^\\t\\n\\x0b\\x0c\\r ]";
const WORD_PUNCTUATION = "[\\p{L}\\p{N}_!\"'&.,?]";
const LETTER = "[\\p{L}_]";
const WORD = "[\\p{L}\\p{N}_]";

/** textwrap's wordsep_re: whitespace runs, em-dashes between words, words split after their hyphens. */
const HYPHENATED_CHUNK = new RegExp(
  `(${WHITESPACE}+` +
    `|(?<=${WORD_PUNCTUATION})-{2,}(?=${WORD})` +
    `|${NO_WHITESPACE}+?(?:` +
    `-(?:(?<=${LETTER}{2}-)|(?<=${LETTER}-${LETTER}-))(?=${LETTER}-?${LETTER})` +
    `|(?=${WHITESPACE}|$)` +
    `|(?<=${WORD_PUNCTUATION})(?=-{2,}${WORD})` +
    `))`,
  "u",
);
/** textwrap's wordsep_simple_re, used when words may not break at hyphens. */
const SIMPLE_CHUNK = new RegExp(`(${WHITESPACE}+)`, "u");

export interface WrapOptions {
  width: number;
  breakLongWords: boolean;
  breakOnHyphens: boolean;
}

const isBlank = (chunk: string) => chunk.trim() === "";

/** Python's len(): code points. */
const codePointLength = (text: string) => [...text].length;

/** Splits a chunk too long for any line, as TextWrapper._handle_long_word does. */
function breakLongWord(
  chunks: string[],
  line: string[],
  lineLength: number,
  width: number,
  options: WrapOptions,
) {
  const spaceLeft = width < 1 ? 1 : width - lineLength;
  if (options.breakLongWords) {
    const chunk = [...chunks[chunks.length - 1]];
    let end = spaceLeft;
    if (options.breakOnHyphens && chunk.length > spaceLeft) {
      const hyphen = chunk.slice(0, spaceLeft).lastIndexOf("-");
      if (hyphen > 0 && chunk.slice(0, hyphen).some((ch) => ch !== "-")) end = hyphen + 1;
    }
    line.push(chunk.slice(0, end).join(""));
    chunks[chunks.length - 1] = chunk.slice(end).join("");
  } else if (!line.length) {
    line.push(chunks.pop()!);
  }
}

/** TextWrapper.wrap(text): the lines, without their line ends. */
export function wrapText(text: string, options: WrapOptions): string[] {
  const chunks = text
    .split(options.breakOnHyphens ? HYPHENATED_CHUNK : SIMPLE_CHUNK)
    .filter((chunk) => chunk)
    .reverse();
  const lines: string[] = [];
  const { width } = options;
  while (chunks.length) {
    const line: string[] = [];
    let lineLength = 0;
    if (lines.length && isBlank(chunks[chunks.length - 1])) chunks.pop();
    while (chunks.length && lineLength + codePointLength(chunks[chunks.length - 1]) <= width) {
      const chunk = chunks.pop()!;
      line.push(chunk);
      lineLength += codePointLength(chunk);
    }
    if (chunks.length && codePointLength(chunks[chunks.length - 1]) > width)
      breakLongWord(chunks, line, lineLength, width, options);
    if (line.length && isBlank(line[line.length - 1])) line.pop();
    if (line.length) lines.push(line.join(""));
  }
  return lines;
}
