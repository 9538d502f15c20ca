/**
 * The escaping and identifier rules of the upstream security fix of September 2026 (huggingface.js#2405), done
 * completely: a record value that reaches Python code is a str literal, or, where it becomes a name (auto_model,
 * processor, architecture, keras task), a valid ASCII identifier that is not a Python keyword, else a fallback.
 * Upstream still let keywords through and printed transformersInfo.processor raw; here neither becomes code.
 */
import { describe, expect, it } from "vitest";
import { getLibrarySnippets, type ModelData } from "../../src/index.js";
import { ident } from "../../src/templating/helpers.js";
import { MODEL_SAMPLES, pythonStrings, sampleRecord, sampleSnippets } from "./support.js";

/** What the hostile samples carry: it closes a str literal and calls os.system if it ever becomes code. */
const INJECTION = '"); import os; os.system("x';

const PYTHON_KEYWORDS =
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  );

/** The hostile samples and, for each, the record values that must come back whole as str constants. */
const HOSTILE_SAMPLES: Record<string, (model: ModelData) => string[]> = {
  "transformers-hostile-values": (m) => [m.id],
  "adapter-transformers-hostile-base": (m) => [m.config!.adapter_transformers!.model_name!],
  "diffusers-lora-hostile-base-model": (m) => [
    m.cardData!.base_model as string,
    m.cardData!.instance_prompt!,
  ],
  "peft-hostile-base-model": (m) => [m.config!.peft!.base_model_name_or_path!],
  "sklearn-skops-hostile-file": (m) => [`path_to_folder/${m.config!.sklearn!.model!.file}`],
  "multimolecule-hostile-widget": (m) => [m.widgetData![0].text!, 'ACGAU"); import os; os.system("x'],
  "paddlenlp-hostile-architecture": () => [],
  "keras-hub-odd-tasks": () => [],
};

describe("hostile record values stay data", () => {
  const cases = Object.keys(HOSTILE_SAMPLES).flatMap((name) =>
    sampleSnippets(name)
      .filter((s) => s.language === "python")
      .map((s, n) => ({ sample: name, label: `${name} #${n}`, content: s.content })),
  );
  const parsed = pythonStrings(cases.map((c) => c.content));

  it("each sample carries the injection, and every python snippet of it parses", () => {
    for (const name of Object.keys(HOSTILE_SAMPLES))
      expect(JSON.stringify(sampleRecord(name)), name).toContain(JSON.stringify(INJECTION).slice(1, -1));
    expect(cases.flatMap((c, i) => ("error" in parsed[i] ? [`${c.label}: ${parsed[i].error}`] : []))).toEqual(
      [],
    );
  });

  it("the values come back whole as str constants, and os.system never becomes a name", () => {
    const strings = new Map<string, string[]>();
    cases.forEach((c, i) => {
      const result = parsed[i];
      if ("error" in result) return;
      strings.set(c.sample, [...(strings.get(c.sample) ?? []), ...result.strings]);
      expect(result.names, c.label).not.toContain("os");
      expect(result.names, c.label).not.toContain("system");
    });
    for (const [name, values] of Object.entries(HOSTILE_SAMPLES))
      for (const value of values(sampleRecord(name)))
        expect(strings.get(name), `${name}: ${JSON.stringify(value)}`).toContain(value);
  });

  it("a transformers record whose id, auto_model and processor inject code gets only literals", () => {
    const [direct] = sampleSnippets("transformers-hostile-values").map((s) => s.content);
    // The processor "AutoTokenizer\nimport os" is no name: treated as missing, so no processor line at all.
    expect(direct.split("\n").filter((l) => /^(from|import) /.test(l))).toEqual([
      "from transformers import AutoModel",
    ]);
  });

  it("names from the record fall back when they are Python keywords", () => {
    for (const keyword of PYTHON_KEYWORDS) {
      const label = `keyword ${keyword}`;
      const transformers = getLibrarySnippets("transformers", {
        id: "a/b",
        pipeline_tag: "fill-mask",
        transformersInfo: { auto_model: keyword, processor: keyword },
      });
      expect(
        transformers.map((s) => s.template),
        label,
      ).toEqual(["pipeline", "direct"]);
      expect(transformers[1].content, label).toContain("from transformers import AutoModel\n");
      const paddle = getLibrarySnippets("paddlenlp", { id: "a/b", config: { architectures: [keyword] } });
      expect(paddle[0].content.split("\n")[0], label).toBe("# ⚠️ Type of model unknown");
      const keras = getLibrarySnippets("keras-hub", {
        id: "a/b",
        config: { keras_hub: { tasks: [keyword] } },
      });
      expect(
        keras.map((s) => s.template),
        label,
      ).toEqual(["backbone"]);
    }
  });

  it("names are ASCII: a class name Python would accept (Modèle) falls back too", () => {
    const [, direct] = getLibrarySnippets("transformers", {
      id: "a/b",
      pipeline_tag: "fill-mask",
      transformersInfo: { auto_model: "Modèle", processor: "Procèsseur" },
    });
    expect(direct.content).toBe(
      '# Load model directly\nfrom transformers import AutoModel\n\nmodel = AutoModel.from_pretrained("a/b", device_map="auto")',
    );
  });

  it("the ident helper refuses keywords as well as non-identifiers", () => {
    expect(ident("AutoModel")).toBe("AutoModel");
    for (const value of ["class", "None", "lambda", "Bad Model", "a.b", "Modèle", ""])
      expect(() => ident(value), value).toThrow(/expected an identifier/);
  });

  it("every sample that carries the injection is in this test", () => {
    const carrying = MODEL_SAMPLES.filter((s) => JSON.stringify(s.model).includes("os.system")).map(
      (s) => s.name,
    );
    expect(carrying.sort()).toEqual(Object.keys(HOSTILE_SAMPLES).sort());
  });
});
