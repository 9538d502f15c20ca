/** The kernel registry: the kernels library's labels and snippet, with an optional pinned version. */
import { describe, expect, it } from "vitest";
import { KERNEL_LIBRARIES_UI_ELEMENTS, MODEL_LIBRARIES_UI_ELEMENTS } from "../../src/index.js";
import { pythonStrings } from "./support.js";

describe("KERNEL_LIBRARIES_UI_ELEMENTS", () => {
  const { kernels } = KERNEL_LIBRARIES_UI_ELEMENTS;

  it("has one entry, kernels, with the labels of the kernels library and no filter or download query", () => {
    expect(Object.keys(KERNEL_LIBRARIES_UI_ELEMENTS)).toEqual(["kernels"]);
    const { prettyLabel, repoName, repoUrl, docsUrl } = MODEL_LIBRARIES_UI_ELEMENTS.kernels;
    expect(kernels).toEqual({ prettyLabel, repoName, repoUrl, docsUrl, snippets: expect.any(Function) });
  });

  it("without a version: the model-library snippet; with one: a version argument, unquoted", () => {
    const id = "kernels-community/activation";
    expect(kernels.snippets(id)).toEqual(MODEL_LIBRARIES_UI_ELEMENTS.kernels.snippets!({ id }));
    const [pinned] = kernels.snippets(id, 2);
    expect(pinned).toContain('kernel = get_kernel("kernels-community/activation", version=2)');
    expect(
      pythonStrings([pinned, kernels.snippets(`${id}"; import os #`)[0]]).every((r) => "strings" in r),
    ).toBe(true);
  });

  it("refuses a version that is not a positive integer, and a missing kernel id, saying which", () => {
    for (const version of [0, -1, 1.5, Number.NaN]) {
      expect(() => kernels.snippets("a/b", version)).toThrow(
        `the version must be a positive integer, got ${JSON.stringify(version)}`,
      );
    }
    expect(() => kernels.snippets("a/b", "2" as unknown as number)).toThrow('got "2"');
    expect(() => kernels.snippets("")).toThrow("the kernel id must be a non-empty string");
  });
});
