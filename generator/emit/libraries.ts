import type { Catalogue } from "../catalogue-types.js";
import { Code, defined, header, literal, type EmittedFile } from "./common.js";

/** The library registry and the library-to-task map derived from each library's `tasks`. */
export function emitLibraries({ libraries }: Catalogue): EmittedFile {
  const elements = Object.fromEntries(
    libraries.map(({ file, data: l }) => [
      l.id,
      defined({
        prettyLabel: l.prettyLabel,
        repoName: l.repoName,
        repoUrl: l.repoUrl,
        docsUrl: l.docsUrl,
        filter: l.filter,
        countDownloads: l.countDownloads,
        source: file,
        // Functions of library-snippets.gen.ts, not data: a reference to them.
        snippets: l.snippets ? new Code(`LIBRARY_SNIPPETS[${JSON.stringify(l.id)}].snippets`) : undefined,
      }),
    ]),
  );
  const aliases = Object.fromEntries(
    libraries.flatMap(({ data: l }) => (l.aliases ?? []).map((alias) => [alias, l.id])),
  );
  const mapping = Object.fromEntries(
    libraries.filter((l) => l.data.tasks).map((l) => [l.data.id, l.data.tasks]),
  );
  const content = `${header("catalogue/libraries/*.yaml")}
import type { PipelineType } from "./pipelines.gen.js";
import type { LibraryUiElement } from "../tasks/types.js";
import { LIBRARY_SNIPPETS } from "./library-snippets.gen.js";

/** Every ML library of the registry, by key. */
export const MODEL_LIBRARIES_UI_ELEMENTS = ${literal(elements)} as const satisfies Record<string, LibraryUiElement>;

export type ModelLibraryKey = keyof typeof MODEL_LIBRARIES_UI_ELEMENTS;

export const MODEL_LIBRARY_KEYS = Object.keys(MODEL_LIBRARIES_UI_ELEMENTS) as ModelLibraryKey[];

/** Former library keys (a library renamed upstream) and the key each one names now; see libraryKey(). */
export const LIBRARY_ALIASES: Readonly<Record<string, ModelLibraryKey>> = ${literal(aliases)};

/** Which task types each library serves (only libraries that declare tasks). */
export const LIBRARY_TASK_MAPPING = ${literal(mapping)} as const satisfies Partial<Record<ModelLibraryKey, readonly PipelineType[]>>;
`;
  return { name: "libraries.gen.ts", content };
}
