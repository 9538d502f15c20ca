/**
 * User-Agent: "hubkit/{version}", then a space and navigator.userAgent when the runtime has a global navigator
 * (browsers, Deno, Node 21+). The navigator is read once, when src/inference/request.ts loads, so each case imports
 * a fresh instance of the client modules with globalThis.navigator stubbed, and sends a real request over loopback.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { CHAT_ANSWER, MESSAGES, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh instance of the client modules, loaded while globalThis.navigator is `navigator`. */
async function freshClient(navigator: { userAgent: string } | undefined) {
  vi.resetModules();
  vi.stubGlobal("navigator", navigator);
  return import("../../src/inference/index.js");
}

async function sentUserAgent(mod: Awaited<ReturnType<typeof freshClient>>): Promise<string> {
  mappingRoute(server, MODEL, { groq: { providerId: PID, task: "conversational" } });
  server.on("POST", "/groq/openai/v1/chat/completions", (_r, res) => reply(res, 200, CHAT_ANSWER));
  const client = new mod.InferenceClient("hf_tok", { fetch: server.fetch });
  await client.chatCompletion({ model: MODEL, provider: "groq", messages: MESSAGES });
  return server.at("/groq/openai/v1/chat/completions")[0].headers["user-agent"];
}

it("without a global navigator: hubkit/{version} only", async () => {
  const mod = await freshClient(undefined);
  expect(mod.USER_AGENT).toBe(`hubkit/${pkg.version}`);
  expect(await sentUserAgent(mod)).toBe(`hubkit/${pkg.version}`);
});

it("with a global navigator: hubkit/{version} {navigator.userAgent}, read once when the module loads", async () => {
  const mod = await freshClient({ userAgent: BROWSER });
  expect(mod.USER_AGENT).toBe(`hubkit/${pkg.version} ${BROWSER}`);
  expect(await sentUserAgent(mod)).toBe(`hubkit/${pkg.version} ${BROWSER}`);

  vi.stubGlobal("navigator", { userAgent: "Changed/2.0" }); // buildRequest reads no globals per call
  const req = mod.buildRequest({
    provider: "groq",
    task: "conversational",
    model: MODEL,
    mapping: { providerId: PID },
    args: { messages: MESSAGES },
  });
  expect(req.headers["User-Agent"]).toBe(`hubkit/${pkg.version} ${BROWSER}`);
});

it("the hub lookup carries no hubkit User-Agent (it sends no headers of its own)", async () => {
  const mod = await freshClient({ userAgent: BROWSER });
  await sentUserAgent(mod);
  const lookup = server.at(`/api/models/${MODEL}`)[0];
  expect(lookup.headers["user-agent"] ?? "").not.toMatch(/hubkit/);
});
