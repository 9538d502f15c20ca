/** Tokens, options, example inputs and layout of getInferenceSnippets (docs/inference-snippets.md). */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getInferenceSnippets,
  getModelInputSnippet,
  NO_INPUT_EXAMPLE,
  type InferenceProviderOrPolicy,
} from "../../src/snippets/index.js";
import { fullMatrix, mappingFor, modelFor } from "./matrix.js";
import { MATRIX_LOG, withErrorLog } from "./matrix-log.js";

const chat = modelFor("text-generation", true);
const together = mappingFor("together", chat, "conversational");

afterEach(() => vi.restoreAllMocks());

describe("tokens render as environment variables", () => {
  const t2i = modelFor("text-to-image");
  const content = (provider: InferenceProviderOrPolicy, opts = {}, client = "requests") =>
    getInferenceSnippets(t2i, provider, mappingFor(provider, t2i, "text-to-image"), opts).find(
      (s) => s.client === client,
    )!.content;

  it("HF_TOKEN for hf-inference or a routed request; API_TOKEN for an endpoint; <PROVIDER>_API_KEY direct", () => {
    expect(content("hf-inference")).toContain(`os.environ['HF_TOKEN']`);
    expect(content("hf-inference", { directRequest: true })).toContain(`os.environ['HF_TOKEN']`);
    expect(content("fal-ai")).toContain(`f"Bearer {os.environ['HF_TOKEN']}"`);
    expect(content("fal-ai", { directRequest: true })).toContain(`f"Key {os.environ['FAL_AI_API_KEY']}"`);
    expect(content("black-forest-labs", { directRequest: true })).toContain(
      `f"X-Key {os.environ['BLACK_FOREST_LABS_API_KEY']}"`,
    );
    expect(content("hf-inference", { endpointUrl: "https://e.example" })).toContain(
      `os.environ['API_TOKEN']`,
    );
    expect(content("fal-ai", {}, "fal_client")).toContain(
      `os.environ["FAL_KEY"] = os.environ["FAL_AI_API_KEY"]`,
    );
    expect(content("fal-ai", {}, "huggingface.js")).toContain("new InferenceClient(process.env.HF_TOKEN)");
    const curl = getInferenceSnippets(chat, "together", together).find((s) => s.client === "curl")!.content;
    expect(curl).toContain(`-H "Authorization: Bearer $HF_TOKEN"`);
  });

  it("a literal accessToken is used as is", () => {
    expect(content("hf-inference", { accessToken: "hf_abc" })).toContain(`"Authorization": "Bearer hf_abc"`);
    expect(content("hf-inference", { accessToken: "hf_abc" }, "huggingface_hub")).toContain(
      `api_key="hf_abc"`,
    );
    expect(content("hf-inference", { accessToken: "hf_abc" })).not.toContain("import os");
  });
});

describe("options", () => {
  it("temperature, max_tokens, top_p only when set", () => {
    const none = getInferenceSnippets(chat, "together", together);
    for (const s of none) expect(s.content).not.toMatch(/temperature|max_tokens|top_p/);
    const set = getInferenceSnippets(chat, "together", together, { temperature: 0, max_tokens: 10 });
    for (const s of set) {
      expect(s.content, `${s.language}/${s.client}`).toMatch(/temperature/);
      expect(s.content, `${s.language}/${s.client}`).not.toMatch(/top_p/);
    }
  });

  it("billTo reaches every client", () => {
    for (const s of getInferenceSnippets(chat, "together", together, { billTo: "acme" })) {
      expect(s.content, `${s.language}/${s.client}`).toMatch(
        /bill_to="acme"|billTo: "acme"|"X-HF-Bill-To": "acme"|X-HF-Bill-To: acme/,
      );
    }
  });

  it("endpointUrl: base_url / endpointUrl for hub clients, the endpoint URL for raw HTTP", () => {
    const s = getInferenceSnippets(modelFor("fill-mask"), "hf-inference", undefined, {
      endpointUrl: "https://e.example/x",
    });
    expect(s[0].content).toContain('base_url="https://e.example/x"');
    expect(s.find((x) => x.client === "curl")!.content).toContain("curl https://e.example/x ");
    expect(s.find((x) => x.client === "huggingface.js")!.content).toContain(
      'endpointUrl: "https://e.example/x"',
    );
  });

  it("inputs and messages override the examples; structured inputs as JSON text, logged when invalid", () => {
    const text = getInferenceSnippets(modelFor("text-classification"), "hf-inference", undefined, {
      inputs: "Nice!",
    });
    for (const s of text) expect(s.content).toContain("Nice!");
    const messages = getInferenceSnippets(chat, "together", together, {
      messages: [{ role: "user", content: "Hello there" }],
    });
    for (const s of messages) expect(s.content).toContain("Hello there");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const bad = getInferenceSnippets(modelFor("question-answering"), "hf-inference", undefined, {
      inputs: "{not json",
    });
    expect(bad.length).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("not valid JSON"));
  });

  it("a model's mask token replaces [MASK] in the fill-mask example", () => {
    const s = getInferenceSnippets({ ...modelFor("fill-mask"), mask_token: "<mask>" }, "hf-inference");
    expect(s[0].content).toContain('"The answer to the universe is <mask>."');
  });
});

describe("example inputs", () => {
  it("a task without a default input says so", () => {
    expect(getModelInputSnippet({ id: "a/b", pipeline_tag: "graph-ml" })).toBe(NO_INPUT_EXAMPLE);
    expect(NO_INPUT_EXAMPLE).toBe("No input example has been defined for this model task.");
  });

  it("optionally flattened to one line and stripped of surrounding quotes", () => {
    const tc = modelFor("text-classification");
    expect(getModelInputSnippet(tc)).toBe('"I like you. I love you"');
    expect(getModelInputSnippet(tc, true, true)).toBe("I like you. I love you");
    const qa = modelFor("question-answering");
    expect(getModelInputSnippet(qa)).toBe(
      '{\n    "question": "What is my name?",\n    "context": "My name is Clara and I live in Berkeley."\n}',
    );
    expect(getModelInputSnippet(qa, true)).toBe(
      '{"question":"What is my name?","context":"My name is Clara and I live in Berkeley."}',
    );
    expect(getModelInputSnippet(modelFor("image-classification"), false, true)).toBe("cats.jpg");
  });
});

describe("layout", () => {
  it("four-space indent in every snippet of the matrix", () => {
    const { result: all, logged } = withErrorLog(() =>
      fullMatrix().flatMap((c) =>
        getInferenceSnippets(c.model, c.provider, c.mapping, c.opts).map((s) => ({ c, s })),
      ),
    );
    expect(logged).toEqual(MATRIX_LOG);
    for (const { c, s } of all) {
      const odd = s.content
        .split("\n")
        .filter((line) => /^ +/.test(line) && line.match(/^ */)![0].length % 4 !== 0);
      expect(odd, `${c.name} ${s.language}/${s.client}`).toEqual([]);
      expect(s.content).not.toContain("\t");
    }
  });
});
