import { describe, expect, it } from "vitest";
import { HOME, parseSelection, selectionToSearch, withoutSecrets, type Selection } from "./url.js";

describe("URL state", () => {
  const cases: [string, Selection][] = [
    ["home", HOME],
    ["task", { view: { kind: "task", id: "text-to-image" }, options: {} }],
    ["library with a dot", { view: { kind: "library", id: "transformers.js" }, options: {} }],
    ["local app with a dot", { view: { kind: "local-app", id: "llama.cpp" }, options: {} }],
    [
      "template with every option",
      {
        view: { kind: "template", id: "inference/python/huggingface_hub/conversationalStream" },
        sample: "llama-chat",
        provider: "fireworks-ai",
        options: {
          streaming: true,
          directRequest: false,
          billTo: "my-org & more=1",
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

  it("never reads or writes an access token: links are shared, logged and kept in history", () => {
    const old = "?view=template%3Ainference%2Fpython%2Frequests%2Fbasic&accessToken=hf_secret&billTo=my-org";
    const sel = parseSelection(old);
    expect(sel.options).toEqual({ billTo: "my-org" });
    expect(sel.options).not.toHaveProperty("accessToken");
    // Even when a token is set on the options in memory, the query string does not carry it.
    const withToken = { ...sel, options: { ...sel.options, accessToken: "hf_secret" } } as Selection;
    expect(selectionToSearch(withToken)).not.toContain("hf_secret");
    expect(selectionToSearch(withToken)).toBe(
      "?view=template%3Ainference%2Fpython%2Frequests%2Fbasic&billTo=my-org",
    );
  });

  it("drops the token of an old link from its query string, and leaves a clean one as it is", () => {
    expect(withoutSecrets("?view=task%3Ax&accessToken=hf_secret&max_tokens=5")).toBe(
      "?view=task%3Ax&max_tokens=5",
    );
    expect(withoutSecrets("?accessToken=hf_a&accessToken=hf_b")).toBe("");
    expect(withoutSecrets("?view=task%3Ax&q=a+b")).toBeUndefined();
    expect(withoutSecrets("")).toBeUndefined();
  });
});
