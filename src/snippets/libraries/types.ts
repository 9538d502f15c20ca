/** Result types of library loading snippets. */

/** Language of a rendered library snippet; `text` is a plain message (a fallback) with no code. */
export type LibrarySnippetLanguage = "python" | "sh" | "js" | "csharp" | "text";

export interface LibrarySnippet {
  /** The template it was rendered from: templates/libraries/<library>/<template>.hbs. */
  template: string;
  language: LibrarySnippetLanguage;
  content: string;
}
