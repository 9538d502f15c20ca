/** The sample model records of catalogue/samples/ (shared with the library snippets and the viewer) through getInferenceSnippets. */
import { describe, expect, it } from "vitest";
import { MODEL_SAMPLES } from "../../src/generated/samples.gen.js";
import { PROVIDER_IDS, PROVIDERS } from "../../src/generated/providers.gen.js";
import {
  getInferenceSnippets,
  snippetTemplate,
  type InferenceProviderOrPolicy,
  type InferenceSnippet,
} from "../../src/snippets/index.js";
import { jsSyntaxError, pythonSyntaxErrors, bashSyntaxErrors } from "../support/interpreters.js";

const withTask = MODEL_SAMPLES.filter((s) => s.model.pipeline_tag && snippetTemplate(s.model));
const results = withTask.flatMap((sample) => {
  const { task } = snippetTemplate(sample.model)!;
  const providers: InferenceProviderOrPolicy[] = [
    "auto",
    ...PROVIDER_IDS.filter((p) => p !== "openai" && PROVIDERS[p].tasks[task]),
  ];
  return providers.flatMap((provider) =>
    getInferenceSnippets(
      sample.model,
      provider,
      provider === "auto" || provider === "hf-inference"
        ? undefined
        : { provider, providerId: `${provider}/model`, task },
    ).map((s) => ({ name: `${sample.name} ${provider} ${s.language}/${s.client}`, s })),
  );
});

describe(`catalogue/samples: ${withTask.length} records with an inference task, ${results.length} snippets`, () => {
  it("give snippets that parse (python3 ast, acorn, bash -n)", () => {
    expect(withTask.length).toBeGreaterThan(10);
    const of = (l: InferenceSnippet["language"]) => results.filter((r) => r.s.language === l);
    const py = pythonSyntaxErrors(of("python").map((r) => r.s.content));
    const sh = bashSyntaxErrors(of("sh").map((r) => r.s.content));
    const failures = [
      ...of("python").flatMap((r, i) => (py[i] ? [`${r.name}: ${py[i]}`] : [])),
      ...of("sh").flatMap((r, i) => (sh[i] ? [`${r.name}: ${sh[i]}`] : [])),
      ...of("js").flatMap((r) =>
        jsSyntaxError(r.s.content) ? [`${r.name}: ${jsSyntaxError(r.s.content)}`] : [],
      ),
    ];
    expect(failures).toEqual([]);
  });
});
