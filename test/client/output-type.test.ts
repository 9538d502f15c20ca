/**
 * textToImage's outputType, provider by provider, over loopback HTTP: "blob" (default) the image, "url" the
 * provider's own URL (providers that only return bytes refuse it before any request), "dataUrl" a data: URL of
 * the image with its real type, "json" the provider's final answer. Other methods ignore outputType.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InferenceClient,
  InferenceClientInputError,
  InferenceClientProviderOutputError,
  type OutputType,
} from "../../src/inference/index.js";
import { b64, CDN, FILE_BYTES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, replyBytes, useServer, type FakeServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const PNG_DATA_URL = `data:image/png;base64,${b64(FILE_BYTES)}`;
const JPEG_DATA_URL = `data:image/jpeg;base64,${b64(FILE_BYTES)}`;

const textToImage = (provider: string, outputType?: OutputType) =>
  new InferenceClient("hf_tok", { fetch: server.fetch, pollIntervalMs: 1 }).textToImage(
    { model: MODEL, provider: provider as "fal-ai", inputs: "a cat" },
    { outputType } as { outputType?: "blob" },
  ) as Promise<unknown>;
const cdn = (s: FakeServer) =>
  s.on("GET", "/out/file.bin", (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
const blobOf = async (value: unknown) => {
  expect(value).toBeInstanceOf(Blob);
  return { type: (value as Blob).type, bytes: Buffer.from(await (value as Blob).arrayBuffer()) };
};

/** Each provider's protocol, answering with FILE_BYTES (as PNG from the CDN, or base64 in the JSON). */
const PROVIDERS: Record<string, { setup(s: FakeServer): void; final: unknown }> = {
  "fal-ai": {
    setup(s) {
      s.on("POST", `/fal-ai/${PID}`, (_r, res) =>
        reply(res, 200, {
          request_id: "q",
          status: "COMPLETED",
          response_url: `https://queue.fal.run/${PID}/requests/q`,
        }),
      );
      s.on("GET", `/fal-ai/${PID}/requests/q`, (_r, res) =>
        reply(res, 200, { images: [{ url: CDN }], seed: 7 }),
      );
      cdn(s);
    },
    final: { images: [{ url: CDN }], seed: 7 },
  },
  replicate: {
    setup(s) {
      s.on(
        "POST",
        `/replicate/v1/models/${PID}/predictions`,
        (_r, res) => reply(res, 200, { id: "p", status: "succeeded", output: CDN }), // a single URL string
      );
      cdn(s);
    },
    final: { id: "p", status: "succeeded", output: CDN },
  },
  "black-forest-labs": {
    setup(s) {
      s.on("POST", `/black-forest-labs/v1/${PID}`, (_r, res) =>
        reply(res, 200, { id: "b", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=b" }),
      );
      s.on("GET", "/v1/get_result", (_r, res) =>
        reply(res, 200, { id: "b", status: "Ready", result: { sample: CDN, prompt: "a cat" } }),
      );
      cdn(s);
    },
    // 4.5.3 returns the poll's result, not the whole poll answer
    final: { sample: CDN, prompt: "a cat" },
  },
};

describe.each(Object.keys(PROVIDERS))("%s (the provider gives a URL)", (provider) => {
  beforeEach(() => {
    mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: "text-to-image" } });
    PROVIDERS[provider].setup(server);
  });
  it("blob (default): the downloaded image", async () => {
    expect(await blobOf(await textToImage(provider))).toEqual({ type: "image/png", bytes: FILE_BYTES });
    expect(await blobOf(await textToImage(provider, "blob"))).toEqual({
      type: "image/png",
      bytes: FILE_BYTES,
    });
  });
  it("url: the provider's URL, nothing downloaded", async () => {
    expect(await textToImage(provider, "url")).toBe(CDN);
    expect(server.at("/out/file.bin")).toEqual([]);
  });
  it("dataUrl: a data: URL with the image's own type", async () => {
    expect(await textToImage(provider, "dataUrl")).toBe(PNG_DATA_URL);
  });
  it("json: the provider's final answer", async () => {
    expect(await textToImage(provider, "json")).toEqual(PROVIDERS[provider].final);
    expect(server.at("/out/file.bin")).toEqual([]);
  });
});

describe("providers that return the image itself refuse url before any request", () => {
  it.each(["hf-inference", "nscale", "hyperbolic"])("%s", async (provider) => {
    mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: "text-to-image" } });
    const error = await textToImage(provider, "url").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InferenceClientInputError);
    expect((error as Error).message).toBe(
      `${provider} provider does not support URL output. Use outputType 'blob', 'dataUrl' or 'json' instead.`,
    );
    expect(server.received).toEqual([]);
  });
});

describe("providers that return base64", () => {
  const answer = { data: [{ b64_json: b64(FILE_BYTES) }], created: 1 };
  it.each([
    ["nscale", "/nscale/v1/images/generations"],
    ["together", "/together/v1/images/generations"],
    ["nebius", "/nebius/v1/images/generations"],
  ])("%s: blob, dataUrl (image/jpeg: the base64 has no type) and json", async (provider, path) => {
    mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: "text-to-image" } });
    server.on("POST", path, (_r, res) => reply(res, 200, answer));
    expect(await blobOf(await textToImage(provider))).toEqual({ type: "image/jpeg", bytes: FILE_BYTES });
    expect(await textToImage(provider, "dataUrl")).toBe(JPEG_DATA_URL);
    expect(await textToImage(provider, "json")).toEqual(answer);
  });

  it.each([
    ["together", "/together/v1/images/generations", "base64"],
    ["nebius", "/nebius/v1/images/generations", "b64_json"],
  ])(
    "%s: url asks the provider for a URL (response_format url) and returns it",
    async (provider, path, usual) => {
      mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: "text-to-image" } });
      server.on("POST", path, (req, res) =>
        reply(
          res,
          200,
          (req.json as { response_format: string }).response_format === "url"
            ? { data: [{ url: CDN }] }
            : answer,
        ),
      );
      expect(await textToImage(provider, "url")).toBe(CDN);
      await textToImage(provider);
      expect(server.at(path).map((r) => (r.json as { response_format: string }).response_format)).toEqual([
        "url",
        usual,
      ]);
    },
  );

  it("together: a URL answer when a Blob was asked is downloaded (the upstream returned the URL string)", async () => {
    mappingRoute(server, MODEL, { together: { providerId: PID, task: "text-to-image" } });
    server.on("POST", "/together/v1/images/generations", (_r, res) =>
      reply(res, 200, { data: [{ url: CDN }] }),
    );
    cdn(server);
    expect(await blobOf(await textToImage("together"))).toEqual({ type: "image/png", bytes: FILE_BYTES });
    expect(await textToImage("together", "dataUrl")).toBe(PNG_DATA_URL);
  });

  it("together: url asked but base64 answered is a ProviderOutputError, not a data: URL in disguise", async () => {
    mappingRoute(server, MODEL, { together: { providerId: PID, task: "text-to-image" } });
    server.on("POST", "/together/v1/images/generations", (_r, res) => reply(res, 200, answer));
    await expect(textToImage("together", "url")).rejects.toBeInstanceOf(InferenceClientProviderOutputError);
  });
});

describe("hf-inference answers", () => {
  const path = `/hf-inference/models/${MODEL}`;
  beforeEach(() =>
    mappingRoute(server, MODEL, { "hf-inference": { providerId: MODEL, task: "text-to-image" } }),
  );

  it("image bytes: blob as received, dataUrl with their type, json the image itself (there is no JSON)", async () => {
    server.on("POST", path, (_r, res) => replyBytes(res, "image/png", FILE_BYTES));
    expect(await textToImage("hf-inference", "dataUrl")).toBe(PNG_DATA_URL);
    expect(await blobOf(await textToImage("hf-inference", "json"))).toEqual({
      type: "image/png",
      bytes: FILE_BYTES,
    });
  });

  it("{output: [url]}: downloaded for dataUrl; {data: [{b64_json}]}: decoded", async () => {
    server.on("POST", path, (_r, res, n) =>
      reply(res, 200, n === 0 ? { output: [CDN] } : { data: [{ b64_json: b64(FILE_BYTES) }] }),
    );
    cdn(server);
    expect(await textToImage("hf-inference", "dataUrl")).toBe(PNG_DATA_URL);
    expect(await textToImage("hf-inference", "dataUrl")).toBe(JPEG_DATA_URL);
  });
});

it("other methods ignore outputType: textToVideo still returns the video", async () => {
  mappingRoute(server, MODEL, { replicate: { providerId: PID, task: "text-to-video" } });
  server.on("POST", `/replicate/v1/models/${PID}/predictions`, (_r, res) =>
    reply(res, 200, { id: "p", status: "succeeded", output: CDN }),
  );
  cdn(server);
  const client = new InferenceClient("hf_tok", { fetch: server.fetch, outputType: "url" });
  const video = await client.textToVideo({ model: MODEL, provider: "replicate", inputs: "a cat" });
  expect(await blobOf(video)).toEqual({ type: "image/png", bytes: FILE_BYTES });
});
