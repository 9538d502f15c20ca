/**
 * Model ids and file names are hub data: quotes, $(...), backticks, spaces, &, #, newlines must stay data. Each
 * command app runs on a sample that shows it, once with plain values and once with each adversarial string as
 * the id's name and in the file name; a real bash reads both (no program runs: see commandWords) and each
 * command must get the same words, the adversarial text exactly where the plain text was. Nothing breaks out.
 */
import { describe, expect, it } from "vitest";
import { describeLocalApps } from "../../src/local-apps/index.js";
import type { ModelData } from "../../src/tasks/model-data.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { commandWords } from "../support/command-words.js";
import { jsonBlocks, PAGES, shellBlocks } from "./support.js";

const PLAIN = "PLAINVALUE";
const model = (base: ModelData, text: string): ModelData => ({ ...base, id: `org/${text}` });
const fileOf = (text: string, withFile: boolean) => (withFile ? `${text}/${text}-Q4_K_M.gguf` : undefined);

/** One sample page per command app: its first page (with a file when the sample lists files). */
const commandApps = [...new Set(PAGES.flatMap((p) => p.apps.filter((a) => !a.link).map((a) => a.key)))].map(
  (key) => {
    const page =
      PAGES.find((p) => p.file !== undefined && p.apps.some((a) => a.key === key)) ??
      PAGES.find((p) => p.apps.some((a) => a.key === key))!;
    return { key, model: page.sample.model, withFile: page.file !== undefined };
  },
);

/** A JSON word (a request body) as its parsed value, so its escapes do not matter; other words as they are. */
function normalise(word: string, replace: (text: string) => string = (t) => t): string {
  if (!word.startsWith("{")) return replace(word);
  const value: unknown = JSON.parse(word);
  return `json:${JSON.stringify(value, (_k, v: unknown) => (typeof v === "string" ? replace(v) : v))}`;
}

const sorted = (calls: string[][]) => calls.sort((a, b) => (a.join(" ") < b.join(" ") ? -1 : 1));

function render(key: string, base: ModelData, text: string, withFile: boolean) {
  const view = describeLocalApps(model(base, text), fileOf(text, withFile)).find((a) => a.key === key)!;
  return { shell: shellBlocks(view, key).map((b) => b.text), json: jsonBlocks(view) };
}

describe(`adversarial ids and files: ${commandApps.length} command apps × ${ADVERSARIAL_STRINGS.length} strings`, () => {
  it("every command app has a sample page", () => {
    expect(commandApps.length).toBe(13);
  });

  for (const { key, model: base, withFile } of commandApps)
    it(`${key}${withFile ? " (with a chosen file)" : ""}: every command gets the same words, the text as data`, () => {
      const plain = render(key, base, PLAIN, withFile);
      const cases = ADVERSARIAL_STRINGS.map((text) => ({ text, ...render(key, base, text, withFile) }));
      const words = commandWords([...plain.shell, ...cases.flatMap((c) => c.shell)]);
      const plainWords = words.slice(0, plain.shell.length);
      cases.forEach(({ text, shell }, n) => {
        const start = plain.shell.length * (n + 1);
        const got = words
          .slice(start, start + shell.length)
          .map((calls) => sorted(calls.map((call) => call.map((word) => normalise(word)))));
        const expected = plainWords.map((calls) =>
          sorted(calls.map((call) => call.map((word) => normalise(word, (t) => t.replaceAll(PLAIN, text))))),
        );
        expect(got, `${key} with ${JSON.stringify(text)}`).toEqual(expected);
      });
      for (const { text, json } of cases)
        json.forEach((block, i) => {
          const expected = JSON.stringify(JSON.parse(plain.json[i])).replaceAll(
            PLAIN,
            JSON.stringify(text).slice(1, -1),
          );
          expect(JSON.stringify(JSON.parse(block))).toBe(expected);
        });
    });
});
