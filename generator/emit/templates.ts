import type { CompiledTemplate, Templates } from "../template-files.js";
import { header, type EmittedFile } from "./common.js";

/** One module per template group, so a user of inference snippets never loads library templates. */
export function emitTemplates(templates: Templates): EmittedFile[] {
  return [
    group(
      "inference-templates.gen.ts",
      "INFERENCE_TEMPLATES",
      "templates/inference/**/*.hbs",
      templates.inference,
    ),
    group(
      "library-templates.gen.ts",
      "LIBRARY_TEMPLATES",
      "templates/libraries/**/*.hbs",
      templates.libraries,
    ),
    group(
      "local-app-templates.gen.ts",
      "LOCAL_APP_TEMPLATES",
      "templates/local-apps/**/*.hbs",
      templates.localApps,
    ),
  ];
}

function group(name: string, constant: string, sources: string, list: CompiledTemplate[]): EmittedFile {
  const entries = list
    .map(
      (t) =>
        `  // ${t.file}\n  ${JSON.stringify(t.key)}: ${t.code.replace(/^\(d, r\) =>/, "(d: any, r?: RenderMemo): string =>").replace(/\n/g, "\n  ")},\n`,
    )
    .join("");
  const content = `${header(sources)}
import { runtime as h, type RenderMemo } from "../templating/helpers.js";

export const ${constant}: Record<string, (data: any, memo?: RenderMemo) => string> = {
${entries}};
`;
  return { name, content };
}
