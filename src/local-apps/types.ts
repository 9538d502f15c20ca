/** Types of the local apps (LOCAL_APPS): the upstream's public shape, and the generated specs behind it. */
import type { ModelData } from "../tasks/model-data.js";

/** A titled tab of an app's snippet: setup shown above the commands; each content string is one copyable block. */
export interface LocalAppSnippet {
  title: string;
  setup?: string;
  content: string | string[];
}

interface LocalAppBase {
  /** The name shown on the button. */
  prettyLabel: string;
  /** Link to the app. */
  docsUrl: string;
  /** The pipeline type the app is mainly for. */
  mainTask: "text-generation" | "text-to-image";
  /** The app runs on macOS only; absent means false. */
  macOSOnly?: boolean;
  /** In the upstream's type; no app sets it. */
  comingSoon?: boolean;
  /** Whether the app is offered on the page of this model. */
  displayOnModelPage(model: ModelData): boolean;
}

/** An app with a command to copy: a plain string, or titled tabs. `filepath` is the chosen GGUF file's path. */
export interface LocalAppWithSnippet extends LocalAppBase {
  snippet(model: ModelData, filepath?: string): string | string[] | LocalAppSnippet | LocalAppSnippet[];
  deeplink?: undefined;
}

/** An app opened by a link (a WHATWG URL; callers read .href). */
export interface LocalAppWithDeeplink extends LocalAppBase {
  deeplink(model: ModelData, filepath?: string): URL;
  snippet?: undefined;
}

export type LocalApp = LocalAppWithSnippet | LocalAppWithDeeplink;

/** One copyable block with what it is written in: a shell command, or a JSON file's content. */
export interface LocalAppBlock {
  text: string;
  language: "sh" | "json";
}

export interface LocalAppTab {
  title: string;
  setup?: string;
  content: LocalAppBlock[];
}

/** A deeplink before encoding: the link up to the model part, the id for the path, query parameters in order. */
export interface LocalAppLinkParts {
  url: string;
  path?: string;
  /** A parameter whose value is undefined (no chosen file) is left out. */
  query?: [string, string | undefined][];
}

/** What an app's templates and links are given (src/local-apps/data.ts). */
export interface LocalAppData {
  model: ModelData;
  id: string;
  /** The id after its first "/" (the whole id when it has none). */
  name: string;
  /** The chosen file's path, as given; undefined when none is chosen. */
  file: string | undefined;
  /** The quant label of the chosen file (UD-Q4_K_XL), or undefined. */
  quantLabel: string | undefined;
  /** ":" + quantLabel, or "" (the tag-less reference: the tool picks its default quant). */
  quant: string;
  /** id + quant: the model as llama.cpp, Ollama and the others name a GGUF repo and its quant (org/name:Q4_K_M). */
  ref: string;
  /** LocalAI's file part: the chosen file, or the page's placeholder {{GGUF_FILE}}. */
  ggufFile: string;
  chatBody: object;
  textChatBody: object;
  completionBody: object;
  greetingBody: object;
}

/**
 * Every field of LocalAppData: what a local-app template may read besides the rules' names (the generator refuses
 * a template that reads another name, and a rule named like one of these).
 */
export const LOCAL_APP_DATA_FIELDS = {
  model: true,
  id: true,
  name: true,
  file: true,
  quantLabel: true,
  quant: true,
  ref: true,
  ggufFile: true,
  chatBody: true,
  textChatBody: true,
  completionBody: true,
  greetingBody: true,
} as const satisfies Record<keyof LocalAppData, true>;

/** A generated app (src/generated/local-apps.gen.ts): tabs (with snippet), text or deeplink. */
export interface LocalAppSpec {
  prettyLabel: string;
  docsUrl: string;
  mainTask: "text-generation" | "text-to-image";
  macOSOnly?: true;
  /** The catalogue file it was generated from. */
  source: string;
  display(model: ModelData): boolean;
  tabs?(data: LocalAppData): LocalAppTab[];
  /** The same tabs in the upstream's shape (generated with `tabs`: a page server calls this one). */
  snippet?(data: LocalAppData): LocalAppSnippet[];
  text?(data: LocalAppData): string;
  deeplink?(data: LocalAppData): LocalAppLinkParts;
}
