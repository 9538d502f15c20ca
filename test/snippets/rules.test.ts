/** Selection rules and fallbacks of getInferenceSnippets (docs/inference-snippets.md); options.test.ts has the rest. */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as hubkit from "../../src/index.js";
import { InferenceClientInputError } from "../../src/inference/errors.js";
import {
  getInferenceSnippet,
  getInferenceSnippets,
  getModelInputSnippet,
  type InferenceProviderOrPolicy,
} from "../../src/snippets/index.js";
import { PIPELINE_TYPES } from "../../src/generated/pipelines.gen.js";
import { PROVIDER_IDS } from "../../src/generated/providers.gen.js";
import { SNIPPET_CLIENT_TABLE } from "../../src/generated/snippet-clients.gen.js";
import { fullMatrix, mappingFor, modelFor, tableClients } from "./matrix.js";
import { MATRIX_LOG, withErrorLog } from "./matrix-log.js";

const clients = (list: { language: string; client: string }[]) =>
  list.map((s) => `${s.language}/${s.client}`);
/** Every client of the table but the providers' own SDKs, with a template of that name. */
const chatClients = (template = "conversational") =>
  tableClients(template, ["openai-compatible", "hub", "raw-http"]);
const chat = modelFor("text-generation", true);
const together = mappingFor("together", chat, "conversational");

afterEach(() => vi.restoreAllMocks());

describe("selection: the export, the order of the clients, chat models", () => {
  it("is exported as getInferenceSnippets and snippets.getInferenceSnippets", () => {
    expect(hubkit.getInferenceSnippets).toBe(getInferenceSnippets);
    expect(hubkit.snippets.getInferenceSnippets).toBe(getInferenceSnippets);
  });

  it("groups by language (python, js, sh); in each, the OpenAI client, the hub SDK, then raw HTTP", () => {
    const order = ["python", "js", "sh"].flatMap((language) =>
      ["openai-compatible", "hub", "provider-sdk", "raw-http"].map((kind) => `${language} ${kind}`),
    );
    const known = [
      "python/openai",
      "python/huggingface_hub",
      "python/requests",
      "js/openai",
      "js/huggingface.js",
      "js/fetch",
      "sh/curl",
    ];
    expect(chatClients().filter((c) => known.includes(c))).toEqual(known);
    expect(clients(getInferenceSnippets(chat, "together", together))).toEqual(chatClients());
    const t2i = modelFor("text-to-image");
    const t2iClients = tableClients("textToImage", ["hub", "provider-sdk", "raw-http"]);
    expect(t2iClients).toEqual(
      expect.arrayContaining(["python/huggingface_hub", "python/fal_client", "js/fetch"]),
    );
    expect(clients(getInferenceSnippets(t2i, "fal-ai", mappingFor("fal-ai", t2i, "text-to-image")))).toEqual(
      t2iClients,
    );
    // The table's own order is the rule: by language, then OpenAI client, hub SDK, provider SDK, raw HTTP.
    const rank = (c: { language: string; kind: string }) => order.indexOf(`${c.language} ${c.kind}`);
    const table = SNIPPET_CLIENT_TABLE.map(rank);
    expect(table).toEqual([...table].sort((a, b) => a - b));
  });

  it("every text-generation and image-text-to-text model gets the chat snippets, tagged conversational or not", () => {
    const all7 = chatClients();
    const gpt2 = { id: "openai-community/gpt2", pipeline_tag: "text-generation", tags: [] };
    for (const provider of ["hf-inference", "auto"] as const) {
      const snippets = getInferenceSnippets(gpt2, provider);
      expect(clients(snippets), provider).toEqual(all7);
      expect(snippets.find((s) => s.client === "huggingface_hub")!.content).toContain(
        "client.chat.completions.create(",
      );
      for (const s of snippets) expect(s.content).toContain("What is the capital of France?");
    }
    expect(clients(getInferenceSnippets(gpt2, "hf-inference", undefined, { streaming: true }))).toEqual(
      chatClients("conversationalStream"),
    );
    expect(chatClients("conversationalStream")).not.toContain("js/fetch");
    const qwenVl = { id: "Qwen/Qwen2.5-VL-7B-Instruct", pipeline_tag: "image-text-to-text", tags: [] };
    for (const provider of ["hf-inference", "auto"] as const) {
      const vision = getInferenceSnippets(qwenVl, provider);
      expect(clients(vision), provider).toEqual(all7);
      for (const s of vision) expect(s.content).toContain("image_url");
    }
    expect(getInferenceSnippets(chat, "hf-inference").map((s) => s.content)).toEqual(
      getInferenceSnippets({ ...chat, tags: [] }, "hf-inference").map((s) => s.content),
    );
  });

  it("the example input of a text-generation or image-text-to-text model is a chat message", () => {
    expect(
      JSON.parse(getModelInputSnippet({ id: "a/b", pipeline_tag: "text-generation", tags: [] })),
    ).toEqual([{ role: "user", content: "What is the capital of France?" }]);
    const vision = JSON.parse(getModelInputSnippet({ id: "a/b", pipeline_tag: "image-text-to-text" })) as {
      content: { type: string }[];
    }[];
    expect(vision[0].content.map((part) => part.type)).toEqual(["text", "image_url"]);
  });
});

describe("selection: streaming and the auto-router", () => {
  it("streaming picks conversationalStream (no js/fetch template for it)", () => {
    const stream = getInferenceSnippets(chat, "together", together, { streaming: true });
    expect(clients(stream)).not.toContain("js/fetch");
    expect(stream.find((s) => s.client === "openai")!.content).toContain("stream=True");
    expect(stream.find((s) => s.client === "curl")!.content).toContain('"stream": true');
  });

  it("provider auto and a non-conversational task: only the hub's own clients", () => {
    expect(clients(getInferenceSnippets(modelFor("text-classification"), "auto"))).toEqual([
      "python/huggingface_hub",
      "js/huggingface.js",
    ]);
    expect(getInferenceSnippets(modelFor("tabular-regression"), "auto")).toEqual([]);
  });

  it("provider auto and a chat model: every client, through the auto-router with the bare model id", () => {
    const snippets = getInferenceSnippets(chat, "auto");
    expect(clients(snippets)).toEqual(chatClients());
    const of = (language: string, client: string) =>
      snippets.find((s) => s.language === language && s.client === client)!.content;
    expect(of("python", "openai")).toContain('base_url="https://router.huggingface.co/v1"');
    expect(of("python", "openai")).toContain('model="acme/text-generation-model",');
    expect(of("python", "requests")).toContain(
      'API_URL = "https://router.huggingface.co/v1/chat/completions"',
    );
    expect(of("python", "requests")).toContain(
      'query({\n    "model": "acme/text-generation-model",\n    "messages": [',
    );
    expect(of("js", "fetch")).toContain('fetch("https://router.huggingface.co/v1/chat/completions", {');
    expect(of("sh", "curl")).toContain("curl https://router.huggingface.co/v1/chat/completions \\");
    expect(of("sh", "curl")).toContain('-H "Authorization: Bearer $HF_TOKEN"');
    expect(of("python", "huggingface_hub")).not.toContain("provider=");
    expect(of("js", "huggingface.js")).not.toContain("provider:");
    // The same without any mapping entry: the router needs none.
    expect(getInferenceSnippets(chat, "auto", together)).toEqual(snippets);
  });
});

describe("selection: the provider in chat snippets (model suffix, direct requests, provider keys)", () => {
  it("hub SDK chat: routed, the provider goes in the model (<id>:<provider>); directly, the provider argument and the hub id", () => {
    const sdk = (provider: InferenceProviderOrPolicy, opts = {}, mapping = together) =>
      getInferenceSnippets(chat, provider, mapping, opts).filter(
        (s) => s.client === "huggingface_hub" || s.client === "huggingface.js",
      );
    for (const streaming of [false, true]) {
      const [py, js] = sdk("together", { streaming });
      expect(py.content).toContain('model="acme/text-generation-model:together"');
      expect(py.content).not.toContain("provider=");
      expect(js.content).toContain('model: "acme/text-generation-model:together"');
      expect(js.content).not.toContain("provider:");
      const [pyDirect, jsDirect] = sdk("together", { streaming, directRequest: true });
      expect(pyDirect.content).toContain('provider="together",\n    api_key=os.environ["TOGETHER_API_KEY"]');
      expect(pyDirect.content).toContain('model="acme/text-generation-model",');
      expect(jsDirect.content).toContain('provider: "together",\n    model: "acme/text-generation-model",');
      const [pyEndpoint, jsEndpoint] = sdk(
        "hf-inference",
        { streaming, endpointUrl: "https://e.example/v1" },
        undefined,
      );
      expect(pyEndpoint.content).toContain('base_url="https://e.example/v1",');
      expect(pyEndpoint.content).toContain('model="acme/text-generation-model",');
      expect(jsEndpoint.content).toContain(
        'endpointUrl: "https://e.example/v1",\n    model: "acme/text-generation-model",',
      );
    }
  });

  it("provider auto with directRequest: the mapping entry's provider and its key; with no entry, routed", () => {
    const direct = getInferenceSnippets(chat, "auto", together, { directRequest: true });
    expect(direct).toEqual(getInferenceSnippets(chat, "together", together, { directRequest: true }));
    for (const s of direct) expect(s.content).not.toMatch(/AUTO_API_KEY/);
    expect(getInferenceSnippets(chat, "auto", undefined, { directRequest: true })).toEqual(
      getInferenceSnippets(chat, "auto"),
    );
  });

  it("a literal provider key with the auto-router: the raw-HTTP snippets are left out (the router takes hub tokens only)", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(
      clients(getInferenceSnippets(chat, "auto", undefined, { accessToken: "sk-provider-key" })),
    ).toEqual(["python/openai", "python/huggingface_hub", "js/openai", "js/huggingface.js"]);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining("Cannot select auto-router when using non-Hugging Face API key."),
    );
  });

  it("the chat model id with a provider is <model id>:<provider>", () => {
    const openai = getInferenceSnippets(chat, "together", together).find(
      (s) => s.client === "openai",
    )!.content;
    expect(openai).toContain('model="acme/text-generation-model:together"');
  });
});

describe("selection: the clients a provider or a task allows, LoRA adapters", () => {
  it("fal_client only for fal-ai; openai only for conversational", () => {
    const t2i = modelFor("text-to-image");
    expect(
      clients(getInferenceSnippets(t2i, "fal-ai", mappingFor("fal-ai", t2i, "text-to-image"))),
    ).toContain("python/fal_client");
    expect(
      clients(getInferenceSnippets(t2i, "replicate", mappingFor("replicate", t2i, "text-to-image"))),
    ).not.toContain("python/fal_client");
    const { result: all, logged } = withErrorLog(() =>
      fullMatrix().flatMap((c) =>
        getInferenceSnippets(c.model, c.provider, c.mapping, c.opts).map((s) => [c, s] as const),
      ),
    );
    expect(logged).toEqual(MATRIX_LOG);
    expect(all.filter(([c, s]) => s.client === "fal_client" && c.provider !== "fal-ai")).toEqual([]);
    expect(
      all.filter(
        ([c, s]) =>
          s.client === "openai" &&
          !["text-generation", "image-text-to-text"].includes(c.model.pipeline_tag ?? ""),
      ),
    ).toEqual([]);
  });

  it("a client's snippet only where its package can run it (catalogue/snippet-clients.yaml `cannot`)", () => {
    const t2i = modelFor("text-to-image");
    for (const provider of ["black-forest-labs", "hyperbolic", "nebius"] as const) {
      const offered = clients(
        getInferenceSnippets(t2i, provider, mappingFor(provider, t2i, "text-to-image")),
      );
      expect(offered, provider).not.toContain("python/huggingface_hub");
      expect(offered, provider).not.toContain("js/huggingface.js");
      expect(offered, provider).toContain("python/requests");
    }
    const fal = (task: string) => {
      const model = modelFor(task);
      return clients(getInferenceSnippets(model, "fal-ai", mappingFor("fal-ai", model, task)));
    };
    expect(fal("image-text-to-image")).not.toContain("python/huggingface_hub");
    expect(fal("image-text-to-image")).toContain("js/huggingface.js");
    const openai = { id: "openai/gpt-5", pipeline_tag: "text-generation", tags: [] };
    expect(clients(getInferenceSnippets(openai, "openai"))).not.toContain("python/huggingface_hub");
    expect(clients(getInferenceSnippets(chat, "together", together))).toContain("python/huggingface_hub");
  });

  it("hub clients only for tasks their task methods list", () => {
    expect(clients(getInferenceSnippets(modelFor("audio-classification"), "hf-inference"))).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "js/fetch",
      "sh/curl",
    ]);
  });

  it("LoRA adapters go through the mapping into the request (fal_client arguments, raw HTTP body)", () => {
    const t2i = modelFor("text-to-image");
    const snippets = getInferenceSnippets(t2i, "fal-ai", mappingFor("fal-ai", t2i, "text-to-image", true));
    const lora = "https://huggingface.co/acme/text-to-image-model/resolve/main/lora.safetensors";
    expect(snippets.find((s) => s.client === "fal_client")!.content).toContain(`"path": "${lora}"`);
    expect(snippets.find((s) => s.client === "requests")!.content).toContain(`"path": "${lora}"`);
  });

  it("a provider that cannot serve the task: logged error and an empty list", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(getInferenceSnippets(modelFor("text-classification"), "together")).toEqual([]);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('provider "together" cannot serve task "text-classification"'),
    );
  });
});

describe("selection: tasks without snippets, unknown names, missing templates, invalid ids", () => {
  it("a known pipeline tag without snippets, or none: nothing", () => {
    expect(getInferenceSnippets({ id: "a/b", pipeline_tag: "graph-ml" }, "hf-inference")).toEqual([]);
    expect(getInferenceSnippets({ id: "a/b" }, "hf-inference")).toEqual([]);
  });

  it("an unknown provider or task is an InputError with a suggestion and the known names", () => {
    const t2i = modelFor("text-to-image");
    // @ts-expect-error -- a provider id that is not known is a compile error; plain JS gets the InputError
    expect(() => getInferenceSnippets(t2i, "fal")).toThrow(
      new RegExp(
        `^Unknown provider "fal" \\(did you mean "fal-ai"\\?\\); known: auto, ${PROVIDER_IDS.join(", ")}$`,
      ),
    );
    expect(() => getInferenceSnippets({ ...t2i, pipeline_tag: "text-to-imag" }, "fal-ai")).toThrow(
      new RegExp(
        `^Unknown task "text-to-imag" \\(did you mean "text-to-image"\\?\\); known: ${PIPELINE_TYPES.join(", ")}$`,
      ),
    );
    // @ts-expect-error -- as above
    expect(() => getInferenceSnippet("sh", "curl", t2i, "fal")).toThrow(InferenceClientInputError);
  });

  it("asking a client explicitly for a template it lacks: 'Template not found' naming language, client and template", () => {
    expect(() =>
      getInferenceSnippet("python", "openai", modelFor("text-classification"), "hf-inference"),
    ).toThrow("Template not found: python/openai/basic");
    expect(() => getInferenceSnippet("sh", "curl", modelFor("text-to-video"), "novita")).toThrow(
      "Template not found: sh/curl/textToVideo",
    );
    expect(getInferenceSnippet("sh", "curl", modelFor("fill-mask"), "hf-inference").content).toContain(
      "curl ",
    );
    const t2i = modelFor("text-to-image");
    expect(() =>
      getInferenceSnippet(
        "python",
        "fal_client",
        t2i,
        "replicate",
        mappingFor("replicate", t2i, "text-to-image"),
      ),
    ).toThrow('Template not found: python/fal_client/textToImage is not offered for provider "replicate"');
  });

  it("ids no hub could hold are refused with InferenceClientInputError", () => {
    for (const id of ["a b", "a/b/c", "../x", "a'b", "", "-a", "a--b"]) {
      expect(() => getInferenceSnippets({ id, pipeline_tag: "fill-mask" }, "hf-inference"), id).toThrow(
        InferenceClientInputError,
      );
    }
    for (const provider of ["Fal AI", "x;y", "", "a_b"]) {
      const loose = provider as InferenceProviderOrPolicy; // what a plain-JS caller may pass
      expect(() => getInferenceSnippets(modelFor("fill-mask"), loose), provider).toThrow(
        InferenceClientInputError,
      );
    }
  });
});
