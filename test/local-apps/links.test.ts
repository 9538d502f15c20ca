/**
 * Every deeplink parses back (new URL) to the model id and the chosen file it was built from: on every sample
 * page, and with adversarial ids and file names (quotes, $(...), spaces, &, #, +, newlines, ...), which are
 * percent-encoded rather than pasted into the link.
 */
import { describe, expect, it } from "vitest";
import { LOCAL_APP_SPECS } from "../../src/generated/local-apps.gen.js";
import { localAppData } from "../../src/local-apps/data.js";
import { LOCAL_APPS, type LocalApp } from "../../src/index.js";
import type { LocalAppSpec } from "../../src/local-apps/types.js";
import type { ModelData } from "../../src/tasks/model-data.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { PAGES } from "./support.js";

/** What a link must carry: the id (path or query) and the file (query), read back from the parsed URL. */
function checkLink(key: string, model: ModelData, file: string | undefined): void {
  const spec: LocalAppSpec = LOCAL_APP_SPECS[key as keyof typeof LOCAL_APP_SPECS];
  const parts = spec.deeplink!(localAppData(model, file));
  const link = (LOCAL_APPS as Record<string, LocalApp>)[key].deeplink!(model, file);
  const reparsed = new URL(link.href);
  expect(reparsed.href).toBe(link.href);
  expect(link.href.startsWith(parts.url), `${link.href} starts with ${parts.url}`).toBe(true);
  expect(link.hash).toBe("");
  const rest = link.href.slice(parts.url.length);
  const [path, query = ""] = rest.split("?");
  if (parts.path !== undefined) expect(decodeURIComponent(path)).toBe(model.id);
  else expect(path).toBe("");
  const expected = (parts.query ?? []).filter((p): p is [string, string] => p[1] !== undefined);
  expect([...new URLSearchParams(query)]).toEqual(expected);
  for (const [, value] of parts.query ?? []) expect([model.id, file, undefined]).toContain(value);
}

const deeplinkKeys = Object.keys(LOCAL_APP_SPECS).filter(
  (key) => (LOCAL_APP_SPECS[key as keyof typeof LOCAL_APP_SPECS] as LocalAppSpec).deeplink,
);

describe("local-app deeplinks", () => {
  it("on every sample page, each link parses back to the id and the chosen file", () => {
    let links = 0;
    for (const page of PAGES)
      for (const view of page.apps.filter((a) => a.link)) {
        checkLink(view.key, page.sample.model, page.file);
        links++;
      }
    expect(links).toBeGreaterThan(50);
  });

  it("the file reaches the apps that take one (lmstudio, unsloth), encoded", () => {
    const model = { id: "org/Model-GGUF", gguf: { context_length: 1 } };
    const file = "sub dir/Model+v2&x#1-Q4_K_M.gguf";
    for (const key of ["lmstudio", "unsloth"] as const) {
      const link = LOCAL_APPS[key].deeplink(model, file);
      expect(link.searchParams.get("file")).toBe(file);
      expect(link.searchParams.get("model")).toBe("org/Model-GGUF");
      expect(link.href).toBe(
        `${key === "lmstudio" ? "lmstudio" : "unsloth"}://open_from_hf?model=org/Model-GGUF&file=sub%20dir/Model%2Bv2%26x%231-Q4_K_M.gguf`,
      );
    }
  });

  for (const key of deeplinkKeys)
    it(`${key}: adversarial ids and files round-trip`, () => {
      const base = PAGES.find((p) => p.apps.some((a) => a.key === key))!.sample.model;
      for (const text of ADVERSARIAL_STRINGS) {
        for (const id of [`org/${text}`, `${text}/name`, text || "x"]) {
          checkLink(key, { ...base, id }, undefined);
          checkLink(key, { ...base, id }, `${text}/${text}-Q4_K_M.gguf`);
        }
      }
    });
});
