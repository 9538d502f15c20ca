/**
 * How a template file compiles, for the build and for the viewer's preview alike (so they cannot differ): a library
 * snippet or a local app's block is the file's text without its final newline, and compiles so that no output
 * ends with one.
 */
export interface TemplateFileInput {
  source: string;
  trimEnd: boolean;
}

export function templateFileInput(file: string, text: string): TemplateFileInput {
  const block = /(^|\/)templates\/(libraries|local-apps)\//.test(file);
  return block ? { source: text.replace(/\r?\n$/, ""), trimEnd: true } : { source: text, trimEnd: false };
}
