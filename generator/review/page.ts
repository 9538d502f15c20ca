/**
 * Everything a model page shows for every sample record: the inference snippets for every provider that serves
 * the record's task (routed, direct and streaming where they apply), the library snippets and the local apps. It
 * reads a tree only through its public API, so the same code renders the working tree and an older revision.
 */

/** One snippet a page shows, keyed so that the same snippet of two revisions has the same key. */
export interface PageSnippet {
  key: string;
  group: "inference" | "library" | "local-app";
  sample: string;
  language?: string;
  client?: string;
  provider?: string;
  /** Inference snippets: the task's template name; library snippets: the template that produced it. */
  template?: string;
  task?: string;
  library?: string;
  app?: string;
  text: string;
}

interface Sample {
  name: string;
  model: { id: string; pipeline_tag?: string; library_name?: string; tags?: string[] };
}

interface Snippet {
  language: string;
  client: string;
  content: string;
}

type LocalAppResult = string | { title: string; setup?: string; content: string | string[] }[];

/** The part of a tree's API the page reads; the local apps only where the tree has them. */
export interface PageApi {
  MODEL_SAMPLES: Sample[];
  PROVIDERS: Record<string, { tasks: Record<string, unknown> }>;
  getInferenceSnippets(model: unknown, provider: string, mapping?: unknown, options?: object): Snippet[];
  snippets: { snippetTemplate(model: unknown, options?: object): { template: string } | undefined };
  MODEL_LIBRARIES_UI_ELEMENTS: Record<string, { snippets?: (model: unknown) => string[] }>;
  LOCAL_APPS?: Record<
    string,
    {
      displayOnModelPage(model: unknown): boolean;
      snippet?: (model: unknown) => LocalAppResult;
      deeplink?: (model: unknown) => URL;
    }
  >;
}

/** The snippet options a page offers, each a separate view of the same record. */
const OPTION_SETS: [name: string, options: object][] = [
  ["routed", {}],
  ["direct", { directRequest: true }],
  ["streaming", { streaming: true }],
];

export function renderPage(api: PageApi): PageSnippet[] {
  return api.MODEL_SAMPLES.flatMap((sample) => [
    ...inferenceSnippets(api, sample),
    ...librarySnippets(api, sample),
    ...localApps(api, sample),
  ]);
}

/** A renderer's failure on one record is shown as that record's snippet text, not a crash of the whole report. */
function attempt<T>(render: () => T, failed: (message: string) => T): T {
  try {
    return render();
  } catch (error) {
    return failed(`(error) ${error instanceof Error ? error.message : String(error)}`);
  }
}

function inferenceSnippets(api: PageApi, { name, model }: Sample): PageSnippet[] {
  const task = model.pipeline_tag;
  if (!task) return [];
  const out: PageSnippet[] = [];
  for (const [option, options] of OPTION_SETS) {
    const template = attempt(
      () => api.snippets.snippetTemplate(model, options)?.template,
      () => undefined,
    );
    // The providers a page offers: those serving the task its snippets call (chat for a chat model).
    const called = template?.startsWith("conversational") ? "conversational" : task;
    const providers = Object.keys(api.PROVIDERS).filter((id) => called in api.PROVIDERS[id].tasks);
    for (const provider of ["auto", ...providers]) {
      const list = attempt(
        () => api.getInferenceSnippets(model, provider, undefined, options),
        (text) => [{ language: "-", client: "-", content: text }],
      );
      for (const { language, client, content } of list)
        out.push({
          key: `inference ${name} ${provider} ${option} ${language}/${client}`,
          group: "inference",
          sample: name,
          language,
          client,
          provider,
          task,
          template,
          text: content,
        });
    }
  }
  return out;
}

function librarySnippets(api: PageApi, { name, model }: Sample): PageSnippet[] {
  const library = model.library_name;
  const entry = library === undefined ? undefined : api.MODEL_LIBRARIES_UI_ELEMENTS[library];
  if (!entry?.snippets) return [];
  const texts = attempt(
    () => entry.snippets!(model),
    (text) => [text],
  );
  return texts.map((text, i) => ({
    key: `library ${name} ${library} ${i}`,
    group: "library" as const,
    sample: name,
    language: "python",
    library,
    text,
  }));
}

function localApps(api: PageApi, { name, model }: Sample): PageSnippet[] {
  const out: PageSnippet[] = [];
  for (const [app, spec] of Object.entries(api.LOCAL_APPS ?? {})) {
    if (
      !attempt(
        () => spec.displayOnModelPage(model),
        () => false,
      )
    )
      continue;
    const text = attempt(
      () => (spec.deeplink ? spec.deeplink(model).href : localAppText(spec.snippet!(model))),
      (message) => message,
    );
    out.push({ key: `local-app ${name} ${app}`, group: "local-app", sample: name, app, text });
  }
  return out;
}

/** A local app's snippet as the text a page shows: each tab's title, setup and commands. */
function localAppText(result: LocalAppResult): string {
  if (typeof result === "string") return result;
  return result
    .map(({ title, setup, content }) =>
      [`# ${title}`, ...(setup ? [setup] : []), ...(Array.isArray(content) ? content : [content])].join("\n"),
    )
    .join("\n\n");
}
