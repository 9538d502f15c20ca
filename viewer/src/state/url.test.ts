import { describe, expect, it } from "vitest";
import { HOME, parseSelection, selectionToSearch, type Selection } from "./url.js";

describe("URL state", () => {
  const cases: [string, Selection][] = [
    ["home", HOME],
    ["task", { view: { kind: "task", id: "text-to-image" }, options: {} }],
    ["library with a dot", { view: { kind: "library", id: "transformers.js" }, options: {} }],
    [
      "template with every option",
      {
        view: { kind: "template", id: "inference/python/huggingface_hub/conversationalStream" },
        sample: "llama-chat",
        provider: "fireworks-ai",
        options: {
          streaming: true,
          directRequest: false,
          accessToken: "hf_xxx & more=1",
          billTo: "my-org",
          endpointUrl: "http://127.0.0.1:8080/v1?x=1#y",
          temperature: 0.5,
          max_tokens: 512,
          top_p: 0.9,
        },
        edit: true,
        q: "text gen",
      },
    ],
  ];

  it.each(cases)("%s round-trips through the query string", (_, sel) => {
    const search = selectionToSearch(sel);
    expect(parseSelection(search)).toEqual(sel);
    expect(parseSelection(search.slice(1))).toEqual(sel);
  });

  it("the home view with nothing set is the bare URL", () => {
    expect(selectionToSearch(HOME)).toBe("");
    expect(parseSelection("")).toEqual(HOME);
  });

  it("writes readable links", () => {
    expect(selectionToSearch({ view: { kind: "task", id: "fill-mask" }, options: { streaming: true } })).toBe(
      "?view=task%3Afill-mask&streaming=1",
    );
  });

  it("ignores what it does not understand instead of failing", () => {
    expect(parseSelection("?view=bogus:x&temperature=hot&max_tokens=&edit=yes")).toEqual(HOME);
    expect(parseSelection("?view=task:")).toEqual(HOME);
    expect(parseSelection("?view=task:a:b").view).toEqual({ kind: "task", id: "a:b" });
  });
});
