/**
 * What chatCompletion does with the caller's arguments: they go out as given (a Blob anywhere in them as base64 at
 * its place), and they are neither changed nor copied on the way (readBinaries copies only the branches that hold
 * a Blob).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, readBinaries, Binary, type ChatMessage } from "../../src/inference/index.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const MODEL = "acme/chat-1";
const ROUTE = "/groq/openai/v1/chat/completions";
const ANSWER = {
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "Hi" }, finish_reason: "stop" }],
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === "object") for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
};

const history = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `turn ${i}` }));

describe("chatCompletion arguments", () => {
  beforeEach(() => {
    mappingRoute(server, MODEL, { groq: { providerId: "m", task: "conversational" } });
    server.on("POST", ROUTE, (_r, res) => reply(res, 200, ANSWER));
  });
  const client = () => new InferenceClient("hf_tok", { provider: "groq", fetch: server.fetch });

  it("a Blob deep in the messages goes out as base64 at its place, the rest as given", async () => {
    const messages = [
      ...history(3),
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: new Blob([PNG], { type: "image/png" }) } },
        ],
      },
    ];
    // A Blob where the types say string: any Blob of the arguments is sent as base64 (readBinaries).
    await client().chatCompletion({ model: MODEL, messages: messages as ChatMessage[], max_tokens: 5 });
    expect(server.at(ROUTE)[0].json).toEqual({
      model: "m",
      messages: [
        ...history(3),
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image_url", image_url: { url: PNG.toString("base64") } },
          ],
        },
      ],
      max_tokens: 5,
    });
  });

  it("arguments without a Blob go out as given and are left unchanged (frozen arguments work)", async () => {
    const args = deepFreeze({ model: MODEL, messages: history(50), temperature: 0.5, stop: ["\n"] });
    const before = JSON.stringify(args);
    await client().chatCompletion(args);
    expect(JSON.stringify(args)).toBe(before);
    expect(server.at(ROUTE)[0].json).toEqual({ ...args, model: "m" });
  });
});

describe("readBinaries", () => {
  it("returns arguments without a Blob as they are, not a copy", async () => {
    const args = { model: MODEL, messages: history(3), inputs: new Uint8Array([1, 2]) };
    expect(await readBinaries(args)).toBe(args);
  });

  it("copies only the branches that hold a Blob, and leaves the caller's object unchanged", async () => {
    const messages = history(3);
    const image = { type: "image_url", image_url: { url: new Blob([PNG], { type: "image/png" }) } };
    const args = { model: MODEL, messages: [...messages, { role: "user", content: [image] }] };
    const read = await readBinaries(args);
    expect(read).not.toBe(args);
    expect(read.messages.slice(0, 3).every((m, i) => m === messages[i])).toBe(true);
    const url = (read.messages[3].content as (typeof image)[])[0].image_url.url as unknown as Binary;
    expect(url).toBeInstanceOf(Binary);
    expect([url.type, Buffer.from(url.bytes)]).toEqual(["image/png", PNG]);
    expect(args.messages[3].content[0]).toBe(image);
    expect(image.image_url.url).toBeInstanceOf(Blob);
  });
});
