/**
 * Record values that try to break out of their literal (ADVERSARIAL_STRINGS as a model id suffix, widget
 * text, instance prompt, config values, pipeline tag): every snippet still parses, and each value the
 * snippet shows comes back exactly when its literal is read by the language (python3 ast, acorn, bash).
 */
import { describe, expect, it } from "vitest";
import { getLibrarySnippets, type ModelData } from "../../src/index.js";
import { sh as shQuote } from "../../src/templating/helpers.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { commandWords } from "../support/command-words.js";
import { evalPython } from "../support/interpreters.js";
import { bashSyntaxErrors } from "../support/interpreters.js";
import { MODEL_SAMPLES, jsStrings, pythonStrings, shellSnippetShape } from "./support.js";

/** The fields a sample's record gets adversarial values in, with the plain value each replaces. */
interface Injection {
  plain: string;
  value: string;
}

function poison(model: ModelData, s: string): { model: ModelData; injections: Injection[] } {
  const m = structuredClone(model);
  const injections: Injection[] = [{ plain: model.id, value: model.id + s }];
  m.id = model.id + s;
  const set = (plain: string | undefined | null, assign: (v: string) => void) => {
    if (typeof plain !== "string" || plain === "" || s === "") return;
    assign(s);
    injections.push({ plain, value: s });
  };
  set(m.widgetData?.[0]?.text, (v) => (m.widgetData![0].text = v));
  set(m.widgetData?.[0]?.source_sentence, (v) => (m.widgetData![0].source_sentence = v));
  set(m.cardData?.instance_prompt, (v) => (m.cardData!.instance_prompt = v));
  set(
    typeof m.cardData?.base_model === "string" ? m.cardData.base_model : undefined,
    (v) => (m.cardData!.base_model = v),
  );
  set(m.config?.adapter_transformers?.model_name, (v) => (m.config!.adapter_transformers!.model_name = v));
  set(m.config?.sklearn?.model?.file, (v) => (m.config!.sklearn!.model!.file = v));
  set(m.config?.peft?.base_model_name_or_path, (v) => (m.config!.peft!.base_model_name_or_path = v));
  // Values that are names in code: an adversarial one must not reach code (fallback or literal instead).
  if (m.config?.keras_hub?.tasks) m.config.keras_hub.tasks = [...m.config.keras_hub.tasks, s];
  if (m.config?.architectures && s !== "") m.config.architectures = [s];
  if (m.config?.speechbrain?.speechbrain_interface && s !== "")
    m.config.speechbrain.speechbrain_interface = s;
  if (m.transformersInfo?.processor && s !== "") m.transformersInfo.processor = s;
  return { model: m, injections };
}

interface Case {
  label: string;
  language: string;
  content: string;
  /** The same snippet rendered from the plain sample; empty when the values changed which template renders. */
  plain: string;
  injections: Injection[];
}

const cases: Case[] = [];
for (const s of ADVERSARIAL_STRINGS) {
  for (const sample of MODEL_SAMPLES) {
    const library = sample.model.library_name!;
    const { model, injections } = poison(sample.model, s);
    const plain = getLibrarySnippets(library, sample.model);
    const poisoned = getLibrarySnippets(library, model);
    poisoned.forEach((snippet, n) => {
      const same = plain[n]?.template === snippet.template ? plain[n].content : "";
      cases.push({
        label: `${library} × ${sample.name} #${n} with ${JSON.stringify(s)}`,
        language: snippet.language,
        content: snippet.content,
        plain: same,
        injections,
      });
    });
    if (library === "transformers.js" && sample.model.pipeline_tag && s !== "") {
      const tagged = { ...model, pipeline_tag: s };
      getLibrarySnippets(library, tagged).forEach((snippet, n) =>
        cases.push({
          label: `${library} × ${sample.name} #${n} with pipeline_tag ${JSON.stringify(s)}`,
          language: snippet.language,
          content: snippet.content,
          plain: plain[n].content,
          injections: [...injections, { plain: sample.model.pipeline_tag!, value: s }],
        }),
      );
    }
  }
}

describe(`adversarial record values: ${ADVERSARIAL_STRINGS.length} strings × ${MODEL_SAMPLES.length} samples = ${cases.length} snippets; python and js parse, values round-trip`, () => {
  it("python: every snippet parses and every shown value round-trips as a str constant", () => {
    const list = cases.filter((c) => c.language === "python");
    const plain = pythonStrings(list.map((c) => c.plain));
    const poisoned = pythonStrings(list.map((c) => c.content));
    const failures: string[] = [];
    list.forEach((c, i) => {
      const p = poisoned[i];
      if ("error" in p) return failures.push(`${c.label}: ${p.error}\n${c.content}`);
      const before = plain[i];
      if ("error" in before) return failures.push(`${c.label}: the plain snippet does not parse`);
      for (const { plain: original, value } of c.injections) {
        if (!before.strings.some((str) => str.includes(original))) continue; // this snippet does not show the field
        if (!p.strings.some((str) => str.includes(value)))
          failures.push(`${c.label}: ${JSON.stringify(value)} is not a string constant`);
      }
    });
    expect(failures.slice(0, 10)).toEqual([]);
    expect(list.filter((c) => c.plain !== "").length).toBeGreaterThan(1000);
  }, 60_000);

  it("js: every snippet parses and the id and pipeline tag round-trip as string literals", () => {
    const failures: string[] = [];
    for (const c of cases.filter((c) => c.language === "js")) {
      const r = jsStrings(c.content);
      if ("error" in r) {
        failures.push(`${c.label}: ${r.error}`);
        continue;
      }
      const before = jsStrings(c.plain);
      for (const { plain, value } of c.injections) {
        if (
          "strings" in before &&
          before.strings.some((str) => str.includes(plain)) &&
          !r.strings.some((str) => str.includes(value))
        ) {
          failures.push(`${c.label}: ${JSON.stringify(value)} is not a string literal`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("adversarial record values: sh words, comment text, names in code", () => {
  it("sh: every snippet passes bash -n and the id comes back as one word", () => {
    const list = cases.filter((c) => c.language === "sh");
    const shapes = [...new Map(list.map((c) => [shellSnippetShape(c.content), c])).values()];
    const errors = bashSyntaxErrors(shapes.map((c) => c.content));
    expect(shapes.flatMap((c, i) => (errors[i] ? [`${c.label}: ${errors[i]}`] : []))).toEqual([]);
    // Each snippet's commands, as a bash where no program exists reads them: a word must carry the whole id.
    // Snippets that differ only by the sample's plain id prefix behave alike: one of each runs.
    const byShape = new Map(list.map((c) => [c.content.split(c.injections[0].plain).join("\0"), c]));
    const shown = [...byShape.values()].filter((c) => c.plain.includes(shQuote(c.injections[0].plain)));
    const words = commandWords(shown.map((c) => c.content));
    const missing = shown.filter(
      (c, i) => !words[i].flat().some((word) => word.includes(c.injections[0].value)),
    );
    expect(missing.map((m) => m.label)).toEqual([]);
    expect(shown.length).toBeGreaterThan(50);
  }, 120_000);

  it("comment text (pycomment) cannot end its comment line and reads back exactly", () => {
    const spacy = MODEL_SAMPLES.find((s) => s.name === "spacy-default")!.model;
    const literals: string[] = [];
    const expected: string[] = [];
    for (const s of ADVERSARIAL_STRINGS) {
      const id = spacy.id + s;
      const [snippet] = getLibrarySnippets("spacy", { ...spacy, id });
      const first = snippet.content.split("\n")[0];
      const match = /^# pip install https:\/\/huggingface\.co\/(.*)\/resolve\/main\//.exec(first);
      expect(match, first).not.toBeNull();
      literals.push(`"${match![1]}"`);
      expected.push(id);
    }
    expect(evalPython(literals)).toEqual(expected);
  });

  it("names in code (classes, modules, methods) only ever come from identifiers", () => {
    // Adversarial architectures, processors, interfaces and keras tasks fell back instead of reaching code.
    const shown = cases.filter(
      (c) =>
        c.language === "python" &&
        /import\s+[^\n]*[^\w\s,.*()]/.test(
          c.content
            .split("\n")
            .filter((l) => /^\s*(from|import)\s/.test(l))
            .join("\n"),
        ),
    );
    expect(shown.map((c) => c.label)).toEqual([]);
  });
});
