/**
 * The public API as published: `tsc -p tsconfig.build.json` (once per run, test/support/dist.ts), then import its
 * index.js and check that every public name exists with the right kind.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { builtDist } from "../support/dist.js";

type Kind = "object" | "array" | "function" | "class" | "enum";

/** Every public name of the package's runtime API, with what it is. */
const PUBLIC_API: [name: string, kind: Kind][] = [
  // catalogue
  ["PIPELINE_DATA", "object"],
  ["PIPELINE_TYPES", "array"],
  ["MODALITIES", "array"],
  ["TASKS_DATA", "object"],
  ["LIBRARY_TASK_MAPPING", "object"],
  ["MODEL_LIBRARIES_UI_ELEMENTS", "object"],
  ["libraryKey", "function"],
  ["KERNEL_LIBRARIES_UI_ELEMENTS", "object"],
  ["GGMLFileQuantizationType", "enum"],
  ["GGMLQuantizationType", "enum"],
  ["GGUF_QUANT_ORDER", "array"],
  ["parseGGUFQuantLabel", "function"],
  // inference client
  ["InferenceClient", "class"],
  ["InferenceClientError", "class"],
  ["InferenceClientInputError", "class"],
  ["InferenceClientProviderApiError", "class"],
  ["InferenceClientProviderOutputError", "class"],
  ["InferenceClientRoutingError", "class"],
  ["InferenceClientConnectionError", "class"],
  ["buildRequest", "function"],
  ["buildAutoRouterRequest", "function"],
  // inference snippets
  ["getInferenceSnippets", "function"],
  ["snippets", "object"],
  // chat templates
  ["Template", "class"],
  ["applyChatTemplate", "function"],
  // local apps ("Use this model")
  ["LOCAL_APPS", "object"],
  ["LOCAL_APP_KEYS", "array"],
  ["describeLocalApps", "function"],
  ["checkChatTemplate", "function"],
  ["CHECK_CONVERSATIONS", "array"],
];

const projectRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));
let outDir: string;
let api: Record<string, unknown>;

beforeAll(async () => {
  outDir = await builtDist();
  api = (await import(pathToFileURL(join(outDir, "index.js")).href)) as Record<string, unknown>;
}, 120_000);

function kindOf(value: unknown): Kind | string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "function")
    return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? "class" : "function";
  if (value !== null && typeof value === "object") {
    // A TS numeric enum: every member maps name -> number and number -> name.
    const entries = Object.entries(value);
    const isEnum =
      entries.length > 0 &&
      entries.every(([k, v]) =>
        typeof v === "number"
          ? (value as Record<string, unknown>)[v] === k
          : typeof v === "string" && (value as Record<string, unknown>)[v] === Number(k),
      );
    return isEnum ? "enum" : "object";
  }
  return typeof value;
}

/** The task methods of the upstream client 4.5.3 (July 2025), plus request, streamingRequest and endpoint. */
const METHODS_4_5_3 = [
  "audioClassification",
  "audioToAudio",
  "automaticSpeechRecognition",
  "textToSpeech",
  "imageClassification",
  "imageSegmentation",
  "imageToImage",
  "imageToText",
  "objectDetection",
  "textToImage",
  "textToVideo",
  "imageToVideo",
  "zeroShotImageClassification",
  "chatCompletion",
  "chatCompletionStream",
  "featureExtraction",
  "fillMask",
  "questionAnswering",
  "sentenceSimilarity",
  "summarization",
  "tableQuestionAnswering",
  "textClassification",
  "textGeneration",
  "textGenerationStream",
  "tokenClassification",
  "translation",
  "zeroShotClassification",
  "documentQuestionAnswering",
  "visualQuestionAnswering",
  "tabularClassification",
  "tabularRegression",
  "request",
  "streamingRequest",
  "endpoint",
];
/** The task methods added upstream by August 2026 (4.13.28). */
const METHODS_4_13 = ["imageTextToImage", "imageTextToVideo", "textToAudio"];

describe("dist/ public API: its files, its imports, its names", () => {
  it("has index.js and index.d.ts", () => {
    expect(existsSync(join(outDir, "index.js"))).toBe(true);
    expect(existsSync(join(outDir, "index.d.ts"))).toBe(true);
  });

  it("ships runtime modules only: no built file imports a package outside dependencies", () => {
    const { dependencies = {} } = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    const files = (readdirSync(outDir, { recursive: true }) as string[]).filter((f) => f.endsWith(".js"));
    const imported = files.flatMap((file) =>
      [...readFileSync(join(outDir, file), "utf8").matchAll(/^import [^;]*?from "([^".][^"]*)";$/gm)].map(
        (m) => `${file}: ${m[1]}`,
      ),
    );
    const packageOf = (spec: string) =>
      spec
        .split("/")
        .slice(0, spec.startsWith("@") ? 2 : 1)
        .join("/");
    const outside = imported.filter((line) => {
      const spec = line.split(": ")[1];
      return !spec.startsWith("node:") && !Object.hasOwn(dependencies, packageOf(spec));
    });
    expect(outside).toEqual([]);
    expect(files.some((f) => f.startsWith("templating/"))).toBe(true);
  });

  it("lists each name once", () => {
    const names = PUBLIC_API.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(PUBLIC_API)("exports %s (%s)", (name, kind) => {
    expect(api, `dist/index.js does not export ${name}`).toHaveProperty(name);
    expect(kindOf(api[name]), name).toBe(kind);
    if (kind === "array") expect((api[name] as unknown[]).length, `${name} is empty`).toBeGreaterThan(0);
    if (kind === "object" || kind === "enum") {
      expect(Object.keys(api[name] as object).length, `${name} is empty`).toBeGreaterThan(0);
    }
  });

  it.each([...METHODS_4_5_3, ...METHODS_4_13])("InferenceClient has the method %s", (name) => {
    const Client = api.InferenceClient as new (token?: string) => Record<string, unknown>;
    expect(typeof new Client("hf_x")[name]).toBe("function");
  });
});

describe("dist/ public API: the built local apps and functions work", () => {
  it("the built local apps work: a command with the chosen quant, an encoded link", () => {
    type App = { snippet?: (m: object, f?: string) => unknown; deeplink?: (m: object, f?: string) => URL };
    const apps = api.LOCAL_APPS as Record<string, App>;
    const model = { id: "org/Model-GGUF", tags: ["gguf"], gguf: { context_length: 4096 } };
    expect(apps.ollama.snippet!(model, "Model-Q4_K_M.gguf")).toBe("ollama run hf.co/org/Model-GGUF:Q4_K_M");
    expect(apps.lmstudio.deeplink!(model, "a&b.gguf").href).toBe(
      "lmstudio://open_from_hf?model=org/Model-GGUF&file=a%26b.gguf",
    );
  });

  it("the built functions work", () => {
    const parse = api.parseGGUFQuantLabel as (name: string) => string | undefined;
    expect(parse("Llama-3-8B.Q4_K_M.gguf")).toBe("Q4_K_M");
    const apply = api.applyChatTemplate as (t: string, input: object) => string;
    expect(
      apply("{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}", {
        messages: [{ role: "user", content: "hi" }],
      }),
    ).toBe("<user>hi");
    const getSnippets = api.getInferenceSnippets as (
      model: object,
      provider: string,
    ) => { language: string; client: string }[];
    const results = getSnippets(
      { id: "org/model", pipeline_tag: "text-classification", tags: [] },
      "hf-inference",
    );
    expect(results.map((r) => r.language)).toContain("python");
    expect((api.snippets as { getInferenceSnippets: unknown }).getInferenceSnippets).toBe(
      api.getInferenceSnippets,
    );
    const libraries = api.MODEL_LIBRARIES_UI_ELEMENTS as Record<
      string,
      { snippets?: (model: object) => string[] }
    >;
    const [snippet] = libraries["sentence-transformers"].snippets!({ id: "org/model", tags: [] });
    expect(snippet).toContain('"org/model"');
  });
});
