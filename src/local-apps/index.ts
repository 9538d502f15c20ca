/**
 * LOCAL_APPS: the local apps of a model page ("Use this model"), with the upstream's call shape, built from the
 * generated specs of catalogue/local-apps/ (docs/local-apps.md). describeLocalApps gives what a page shows for
 * a model: the apps offered, each with its tabs (blocks with their language) or its link.
 */
import { LOCAL_APP_SPECS, type LocalAppKey } from "../generated/local-apps.gen.js";
import type { ModelData } from "../tasks/model-data.js";
import { localAppData } from "./data.js";
import { buildLink } from "./links.js";
import type {
  LocalAppData,
  LocalAppSpec,
  LocalAppTab,
  LocalAppWithDeeplink,
  LocalAppWithSnippet,
} from "./types.js";

export type { LocalAppKey } from "../generated/local-apps.gen.js";
export type {
  LocalApp,
  LocalAppBlock,
  LocalAppSnippet,
  LocalAppTab,
  LocalAppWithDeeplink,
  LocalAppWithSnippet,
} from "./types.js";

type Specs = typeof LOCAL_APP_SPECS;

/** Each app typed as a snippet app or a deeplink app, as its spec is. */
export type LocalApps = {
  [K in LocalAppKey]: Specs[K] extends { deeplink: unknown } ? LocalAppWithDeeplink : LocalAppWithSnippet;
};

function localApp(spec: LocalAppSpec): LocalAppWithSnippet | LocalAppWithDeeplink {
  const base = {
    prettyLabel: spec.prettyLabel,
    docsUrl: spec.docsUrl,
    mainTask: spec.mainTask,
    ...(spec.macOSOnly ? { macOSOnly: true } : {}),
    displayOnModelPage: (model: ModelData) => spec.display(model),
  };
  const { deeplink, text, snippet } = spec;
  if (deeplink)
    return { ...base, deeplink: (model, filepath) => buildLink(deeplink(localAppData(model, filepath))) };
  if (text) return { ...base, snippet: (model, filepath) => text(localAppData(model, filepath)) };
  return { ...base, snippet: (model, filepath) => snippet!(localAppData(model, filepath)) };
}

/** Every local app by key, in registry order. */
export const LOCAL_APPS = Object.fromEntries(
  Object.entries(LOCAL_APP_SPECS).map(([key, spec]) => [key, localApp(spec)]),
) as LocalApps;

export const LOCAL_APP_KEYS = Object.keys(LOCAL_APP_SPECS) as LocalAppKey[];

/** An app as a page shows it: its command tabs (blocks with their language), or its link. */
export interface LocalAppView {
  key: LocalAppKey;
  prettyLabel: string;
  docsUrl: string;
  mainTask: string;
  macOSOnly: boolean;
  /** The catalogue file of the app. */
  source: string;
  /** Tabs; a plain-string app (ollama, docker-model-runner) has one untitled tab. */
  tabs?: LocalAppTab[];
  /** The plain string of a plain-string app. */
  text?: string;
  link?: URL;
}

/** The apps a model page offers for the model, in registry order, with their commands or links. */
export function describeLocalApps(model: ModelData, filepath?: string): LocalAppView[] {
  const data = localAppData(model, filepath);
  return LOCAL_APP_KEYS.filter((key) => LOCAL_APP_SPECS[key].display(model)).map((key) =>
    describeLocalApp(key, LOCAL_APP_SPECS[key], data),
  );
}

/** One app as a page shows it, from its spec and the template data of a record (localAppData). */
export function describeLocalApp(key: LocalAppKey, spec: LocalAppSpec, data: LocalAppData): LocalAppView {
  const view: LocalAppView = {
    key,
    prettyLabel: spec.prettyLabel,
    docsUrl: spec.docsUrl,
    mainTask: spec.mainTask,
    macOSOnly: spec.macOSOnly === true,
    source: spec.source,
  };
  if (spec.deeplink) view.link = buildLink(spec.deeplink(data));
  else if (spec.text) view.text = spec.text(data);
  else view.tabs = spec.tabs!(data);
  return view;
}
