/** Checks between catalogue/tasks (snippet fields) and templates/inference. */
import type { Catalogue } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { Templates } from "./template-files.js";

export function checkSnippetTemplates({ tasks }: Catalogue, templates: Templates): Diagnostic[] {
  const names = new Set(templates.inference.map((t) => t.key.split("/")[2]));
  const out: Diagnostic[] = [];
  for (const source of tasks) {
    const snippet = source.data.snippet;
    if (!snippet) continue;
    if (snippet.template !== undefined && names.size > 0 && !names.has(snippet.template)) {
      const guess = closest(snippet.template, names);
      out.push({
        file: source.file,
        ...source.locate("/snippet/template"),
        message: `/snippet/template "${snippet.template}" has no template templates/inference/<language>/<client>/${snippet.template}.hbs${guess ? `; did you mean "${guess}"?` : ""}`,
        rule: "catalogue/known-snippet-template",
        tip: `known templates: ${[...names].sort().join(", ")}`,
      });
    }
    // A chat template's example is the messages; every other template shows the example call.
    const chat = snippet.template === undefined || snippet.template === "conversational";
    if (!chat && !snippet.example) {
      out.push({
        file: source.file,
        ...source.locate("/snippet"),
        message: `/snippet has no example; snippets would say "No input example has been defined for this model task."`,
        rule: "catalogue/snippet-example",
      });
    }
  }
  return out;
}
