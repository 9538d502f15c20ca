/**
 * Adversarial strings (quotes, escapes, interpolation, control characters, emoji, RTL) as prompts, messages,
 * bill-to, tokens, endpoint URLs and provider model ids: each reaches the snippet as a literal that evaluates back
 * to exactly that string, and the program's structure is the same as for a plain string.
 */
import { parse as parseJs } from "acorn";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets, type InferenceSnippet } from "../../src/snippets/index.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { commandWords } from "../support/command-words.js";
import { runPythonOnJson } from "../support/interpreters.js";
import { mappingFor, modelFor, type SnippetCase } from "./matrix.js";

const STRINGS = ADVERSARIAL_STRINGS.filter((s) => s !== "");

interface Probe {
  kind: string;
  make: (s: string) => SnippetCase;
  /** Strings that must appear as an exact literal value (any one of them). */
  expect: (s: string) => string[];
  /** Only these clients show the value (others must still keep their structure). */
  clients?: string[];
}

const chatModel = modelFor("text-generation", true);
const PROBES: Probe[] = [
  {
    kind: "inputs",
    make: (s) => ({
      name: "",
      model: modelFor("text-classification"),
      provider: "hf-inference",
      opts: { inputs: s },
    }),
    expect: (s) => [s],
  },
  {
    kind: "prompt for fal-ai",
    make: (s) => ({
      name: "",
      model: modelFor("text-to-image"),
      provider: "fal-ai",
      mapping: mappingFor("fal-ai", modelFor("text-to-image"), "text-to-image"),
      opts: { inputs: s, directRequest: true },
    }),
    expect: (s) => [s],
  },
  {
    kind: "messages",
    make: (s) => ({
      name: "",
      model: chatModel,
      provider: "together",
      mapping: mappingFor("together", chatModel, "conversational"),
      opts: { messages: [{ role: "user", content: s }] },
    }),
    expect: (s) => [s],
  },
  {
    kind: "billTo",
    make: (s) => ({
      name: "",
      model: chatModel,
      provider: "together",
      mapping: mappingFor("together", chatModel, "conversational"),
      opts: { billTo: s, streaming: true },
    }),
    expect: (s) => [s, `X-HF-Bill-To: ${s}`],
  },
  {
    kind: "accessToken",
    make: (s) => ({
      name: "",
      model: modelFor("text-classification"),
      provider: "hf-inference",
      opts: { accessToken: `hf_${s}` },
    }),
    expect: (s) => [`hf_${s}`, `Bearer hf_${s}`, `Authorization: Bearer hf_${s}`],
  },
  {
    kind: "endpointUrl",
    make: (s) => ({
      name: "",
      model: modelFor("summarization"),
      provider: "hf-inference",
      opts: { endpointUrl: `https://e.example/${s}` },
    }),
    expect: (s) => [`https://e.example/${s}`],
  },
  {
    kind: "messages through the auto-router",
    make: (s) => ({
      name: "",
      model: chatModel,
      provider: "auto",
      opts: { messages: [{ role: "user", content: s }], temperature: 0.2 },
    }),
    expect: (s) => [s],
  },
  {
    kind: "billTo through the auto-router",
    make: (s) => ({ name: "", model: chatModel, provider: "auto", opts: { billTo: s, streaming: true } }),
    expect: (s) => [s, `X-HF-Bill-To: ${s}`],
  },
  ...["image-to-video", "image-text-to-image"].map((task): Probe => ({
    kind: `image file for ${task}`,
    make: (s) => ({ name: "", model: modelFor(task), provider: "auto", opts: { inputs: s, billTo: "acme" } }),
    expect: (s) => [s],
  })),
  {
    kind: "provider model id",
    make: (s) => ({
      name: "",
      model: chatModel,
      provider: "groq",
      mapping: { provider: "groq", providerId: s, task: "conversational" },
      opts: { temperature: 0.1 },
    }),
    expect: (s) => [s],
    clients: ["python/requests", "js/fetch", "sh/curl"],
  },
];

const snippetsOf = (c: SnippetCase) => getInferenceSnippets(c.model, c.provider, c.mapping, c.opts);
const key = (s: InferenceSnippet) => `${s.language}/${s.client}`;
const shows = (probe: Probe, snippet: InferenceSnippet) =>
  !probe.clients || probe.clients.includes(key(snippet));

/** Python: every str constant of the module, and its AST with string values blanked (one python3 process). */
function pythonProbe(sources: string[]): { strings: string[]; shape: string }[] {
  const program = `import ast, json, sys
out = []
for src in json.load(sys.stdin):
    tree = ast.parse(src)
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            n.value = "S"
    out.append({"strings": strings, "shape": ast.dump(tree)})
sys.stdout.write(json.dumps(out))
`;
  return runPythonOnJson(program, sources);
}

/** JS: string literal values and template-literal texts, and the AST with those blanked and positions dropped. */
function jsProbe(source: string): { strings: string[]; shape: string } {
  const strings: string[] = [];
  const ast = parseJs(source, {
    ecmaVersion: "latest",
    sourceType: "module",
    allowAwaitOutsideFunction: true,
  });
  const shape = JSON.stringify(ast, (k, v) => {
    if (k === "start" || k === "end" || k === "raw") return undefined;
    if (v && typeof v === "object" && v.type === "Literal" && typeof v.value === "string") {
      strings.push(v.value);
      return { type: "Literal", value: "S" };
    }
    if (v && typeof v === "object" && v.type === "TemplateElement") {
      strings.push(v.value.cooked);
      return { type: "TemplateElement", tail: v.tail };
    }
    return v;
  });
  return { strings, shape };
}

/** sh: the words curl is called with in each script, as a bash where no program exists reads them. */
const curlWords = (scripts: string[]): string[][] =>
  commandWords(scripts).map((calls) =>
    calls.filter((call) => call[0] === "curl").flatMap((call) => call.slice(1)),
  );

describe(`adversarial strings (${STRINGS.length}) round-trip exactly and never change a snippet's structure`, () => {
  for (const probe of PROBES) {
    it(probe.kind, () => {
      const baseline = new Map(snippetsOf(probe.make("plain")).map((s) => [key(s), s]));
      expect(baseline.size).toBeGreaterThan(0);
      const python: { s: string; snippet: InferenceSnippet }[] = [];
      const sh: { s: string; snippet: InferenceSnippet }[] = [];
      for (const s of STRINGS) {
        const snippets = snippetsOf(probe.make(s));
        expect(snippets.map(key), s).toEqual([...baseline.keys()]);
        for (const snippet of snippets) {
          const base = baseline.get(key(snippet))!;
          const where = `${probe.kind} ${key(snippet)} ${JSON.stringify(s)}`;
          if (snippet.language === "python") python.push({ s, snippet });
          else if (snippet.language === "js") {
            const got = jsProbe(snippet.content);
            expect(got.shape, where).toBe(jsProbe(base.content).shape);
            if (shows(probe, snippet))
              expect(
                probe.expect(s).some((e) => got.strings.includes(e)),
                where,
              ).toBe(true);
          } else sh.push({ s, snippet });
        }
      }
      const shBaseline = [...baseline.values()].filter((b) => b.language === "sh");
      const shRuns = curlWords([...sh.map((p) => p.snippet.content), ...shBaseline.map((b) => b.content)]);
      const baseWords = new Map(shBaseline.map((b, i) => [key(b), shRuns[sh.length + i]]));
      sh.forEach(({ s, snippet }, i) => {
        const where = `${probe.kind} ${key(snippet)} ${JSON.stringify(s)}`;
        expect(shRuns[i].length, where).toBe(baseWords.get(key(snippet))!.length);
        const values = shRuns[i].flatMap((w) => [w, ...jsonStrings(w)]);
        if (shows(probe, snippet))
          expect(
            probe.expect(s).some((e) => values.includes(e)),
            where,
          ).toBe(true);
      });
      const results = pythonProbe([
        ...python.map((p) => p.snippet.content),
        ...[...baseline.values()].filter((b) => b.language === "python").map((b) => b.content),
      ]);
      const baseShapes = new Map(
        [...baseline.values()]
          .filter((b) => b.language === "python")
          .map((b, i) => [key(b), results[python.length + i].shape]),
      );
      python.forEach(({ s, snippet }, i) => {
        const where = `${probe.kind} ${key(snippet)} ${JSON.stringify(s)}`;
        expect(results[i].shape, where).toBe(baseShapes.get(key(snippet)));
        if (shows(probe, snippet))
          expect(
            probe.expect(s).some((e) => results[i].strings.includes(e)),
            where,
          ).toBe(true);
      });
    });
  }
});

/** String values inside a JSON document (curl -d), or none when the word is not JSON. */
function jsonStrings(word: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(word);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}
