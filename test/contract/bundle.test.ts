/**
 * What an application loads first when it imports only InferenceClient: esbuild bundles it (minified and split
 * into chunks, as `npm run bench` does) and the initial chunks must stay within the size budget and leave out what
 * only the catalogue, the snippets, the CLI and the viewer read; the providers' polling flows load on first use.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleSize, CLIENT_ONLY_SOURCE, NOT_IN_CLIENT_BUNDLE } from "../../bench/harness.js";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

describe("a bundle of InferenceClient alone", () => {
  let bundle: { bytes: number; inputs: string[]; lazyBytes: number };
  beforeAll(async () => {
    bundle = await bundleSize(CLIENT_ONLY_SOURCE, root);
  });

  it("is at most 20 KB minified and gzipped", () => {
    expect(bundle.bytes).toBeLessThanOrEqual(20 * 1024);
  });

  it("pulls in no task details, library registry, templates, snippets, chat templates or CLI task table", () => {
    expect(bundle.inputs.filter((f) => NOT_IN_CLIENT_BUNDLE.test(f))).toEqual([]);
  });

  it("keeps the providers' polling flows out of the initial chunks: each loads when a call first needs it", () => {
    const flows = bundle.inputs.filter((f) => /inference\/flows\/.*(poll|job|queue)/.test(f));
    expect(flows).toEqual([]);
    expect(bundle.lazyBytes).toBeGreaterThan(2000);
  });
});
