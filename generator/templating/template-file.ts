/**
 * How a template file compiles, for the build and for the viewer's preview alike (so they cannot differ): a library
 * snippet is the file's text without its final newline, and compiles so that no output ends with one.
 */
export interface TemplateFileInput {
  source: string;
  trimEnd: boolean;
}

export function templateFileInput(file: string, text: string): TemplateFileInput {
  const library = /(^|\/)templates\/libraries\//.test(file);
  return library ? { source: text.replace(/\r?\n$/, ""), trimEnd: true } : { source: text, trimEnd: false };
}
