/**
 * Every library × every sample record renders, and every snippet is valid in its language: python
 * through python3's ast (one process for the whole batch), js through acorn, sh through bash -n.
 * Plain-text messages and C# are counted, not parsed. Test names carry the counts per language.
 */
import { describe, expect, it } from "vitest";
import { bashSyntaxErrors } from "../support/interpreters.js";
import {
  LIBRARY_KEYS,
  MODEL_SAMPLES,
  jsStrings,
  pythonStrings,
  renderAll,
  shellSnippetShape,
} from "./support.js";

const rendered = renderAll(MODEL_SAMPLES);
/** Names snippets leave for the user's own data and files, as the upstream's snippets do (`your_image` and the like). */
const USER_DATA = new Set([
  "image",
  "audio",
  "pixels",
  "wav",
  "sr",
  "watermarked_audio",
  "input_prompts",
  "mels",
  "args",
  "llm_cfg_path",
  "seed_story_cfg_path",
  "visualize_sample_together",
]);
const byLanguage = (language: string) => rendered.filter((s) => s.language === language);
const distinct = (list: typeof rendered, key = (s: (typeof rendered)[number]) => s.content) => [
  ...new Map(list.map((s) => [key(s), s])).values(),
];
const shellShape = (s: (typeof rendered)[number]) => shellSnippetShape(s.content);
const python = byLanguage("python");
const sh = byLanguage("sh");
const js = byLanguage("js");
const others = rendered.filter((s) => !["python", "sh", "js"].includes(s.language));
/** What python3's ast reads in each distinct Python snippet: one batch, the first time a test asks. */
let pythonReadings: Map<string, ReturnType<typeof pythonStrings>[number]> | undefined;
function pythonReading(content: string) {
  if (!pythonReadings) {
    const sources = distinct(python).map((s) => s.content);
    const results = pythonStrings(sources);
    pythonReadings = new Map(sources.map((source, i) => [source, results[i]]));
  }
  return pythonReadings.get(content)!;
}

describe(`library snippets: ${LIBRARY_KEYS.length} libraries × ${MODEL_SAMPLES.length} sample records = ${rendered.length} snippets`, () => {
  it(`${python.length} python snippets (${distinct(python).length} distinct) parse with python3 ast`, () => {
    const failures = distinct(python).flatMap((s) => {
      const r = pythonReading(s.content);
      return "error" in r ? [`${s.label}: ${r.error}`] : [];
    });
    expect(failures).toEqual([]);
  }, 60_000);

  it("python snippets read only names they import or define, or the user's own data (else a NameError when run)", () => {
    // A page's snippets of one library run one after the other: a later one may use what an earlier one defined.
    const pages = new Map<string, string[]>();
    for (const s of python) {
      const page = s.label.slice(0, s.label.lastIndexOf(" #"));
      pages.set(page, [...(pages.get(page) ?? []), s.content]);
    }
    const distinctPages = new Map([...pages.values()].map((list) => [list.join("\n\n"), list]));
    const unbound = [...distinctPages].flatMap(([source, list]) => {
      // A snippet that does not parse is the test above's to report.
      const readings = list.map(pythonReading).flatMap((r) => ("error" in r ? [] : [r]));
      const bound = new Set(readings.flatMap((r) => r.bound));
      const names = [...new Set(readings.flatMap((r) => r.unbound))].filter(
        (name) => !bound.has(name) && !USER_DATA.has(name) && !name.startsWith("your_"),
      );
      return names.length ? [`${names.join(", ")} in:\n${source}`] : [];
    });
    expect(unbound).toEqual([]);
  }, 60_000);

  it(`${sh.length} shell snippets (${distinct(sh).length} distinct, ${distinct(sh, shellShape).length} shapes) pass bash -n`, () => {
    const unique = distinct(sh, shellShape);
    const errors = bashSyntaxErrors(unique.map((s) => s.content));
    expect(unique.flatMap((s, i) => (errors[i] ? [`${s.label}: ${errors[i]}`] : []))).toEqual([]);
  }, 60_000);

  it(`${js.length} js snippets (${distinct(js).length} distinct) parse with acorn`, () => {
    expect(
      distinct(js).flatMap((s) => {
        const r = jsStrings(s.content);
        return "error" in r ? [`${s.label}: ${r.error}`] : [];
      }),
    ).toEqual([]);
  });

  it(`${others.length} other snippets (text messages, C#) are not empty`, () => {
    expect(others.filter((s) => s.content.trim() === "").map((s) => s.label)).toEqual([]);
  });

  it("code uses a four-space indent and no tabs, no line ends in blanks, and no snippet ends with a newline", () => {
    const bad = rendered.flatMap((s) => {
      if (s.content.endsWith("\n")) return [`${s.label}: ends with a newline`];
      return s.content.split("\n").flatMap((line, i) => {
        const indent = /^( *)/.exec(line)![1].length;
        if (line.startsWith("\t")) return [`${s.label}:${i + 1}: tab indent`];
        if (/[ \t]$/.test(line)) return [`${s.label}:${i + 1}: ends in blanks`];
        return indent % 4 === 0 ? [] : [`${s.label}:${i + 1}: indent of ${indent}`];
      });
    });
    expect(bad).toEqual([]);
  });

  it("every snippet language is one of python, sh, js, csharp, text", () => {
    const counts: Record<string, number> = {};
    for (const s of rendered) counts[s.language] = (counts[s.language] ?? 0) + 1;
    const known = ["python", "sh", "js", "csharp", "text"];
    expect(
      Object.keys(counts).filter((l) => !known.includes(l)),
      `snippets by language: ${JSON.stringify(counts)}`,
    ).toEqual([]);
  });
});
