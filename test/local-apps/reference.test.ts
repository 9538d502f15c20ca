/**
 * The catalogue against a copy of the reference facts (test/fixtures/local-apps-reference.yaml, from the
 * upstream's src/local-apps.ts): 24 apps in registry order with their exact labels, docs URLs, main task, macOS
 * flag, kind (snippet or deeplink) and what a snippet returns (a plain string or tabs).
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { LOCAL_APP_KEYS, LOCAL_APPS, type LocalApp } from "../../src/index.js";
import { PAGES } from "./support.js";

interface ReferenceApp {
  key: string;
  prettyLabel: string;
  docsUrl: string;
  mainTask: string;
  macOSOnly: boolean;
  kind: "snippet" | "deeplink";
  returns?: "string" | "tabs";
}

const reference = parse(
  readFileSync(new URL("../fixtures/local-apps-reference.yaml", import.meta.url), "utf8"),
) as { count: number; apps: ReferenceApp[] };

describe("local apps: the reference facts", () => {
  it(`has the ${reference.count} apps of the reference, in registry order`, () => {
    expect(reference.apps).toHaveLength(24);
    expect(Object.keys(LOCAL_APPS)).toEqual(LOCAL_APP_KEYS);
    // An app hubkit adds may sit anywhere; the upstream's keep their order.
    const upstream = new Set(reference.apps.map((a) => a.key));
    expect(LOCAL_APP_KEYS.filter((key) => upstream.has(key))).toEqual(reference.apps.map((a) => a.key));
  });

  for (const ref of reference.apps) {
    it(`${ref.key}: label, docs URL, main task, macOS-only and kind`, () => {
      const app = (LOCAL_APPS as Record<string, LocalApp>)[ref.key];
      expect(app.prettyLabel).toBe(ref.prettyLabel);
      expect(app.docsUrl).toBe(ref.docsUrl);
      expect(app.mainTask).toBe(ref.mainTask);
      expect(app.macOSOnly ?? false).toBe(ref.macOSOnly);
      expect("macOSOnly" in app).toBe(ref.macOSOnly);
      expect(typeof app.displayOnModelPage).toBe("function");
      expect(typeof app[ref.kind]).toBe("function");
      expect(app[ref.kind === "snippet" ? "deeplink" : "snippet"]).toBeUndefined();
    });

    if (ref.kind === "snippet")
      it(`${ref.key}: snippet returns ${ref.returns === "string" ? "a plain string" : "a list of {title, setup?, content}"}`, () => {
        const page = PAGES.find((p) => p.apps.some((a) => a.key === ref.key));
        expect(page, `no sample record shows ${ref.key}; add one to catalogue/samples/`).toBeDefined();
        const result = (LOCAL_APPS as Record<string, LocalApp>)[ref.key].snippet!(
          page!.sample.model,
          page!.file,
        );
        if (ref.returns === "string") expect(typeof result).toBe("string");
        else {
          expect(Array.isArray(result)).toBe(true);
          for (const tab of result as unknown as Record<string, unknown>[]) {
            expect(Object.keys(tab).filter((k) => !["title", "setup", "content"].includes(k))).toEqual([]);
            expect(typeof tab.title).toBe("string");
            expect(typeof tab.content === "string" || Array.isArray(tab.content)).toBe(true);
          }
        }
      });
  }
});
