/** onProgress over loopback HTTP: one event per poll of every polling flow, queue positions, a callback that fails. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InferenceClient, type InferenceOptions, type InferenceProgress } from "../../src/inference/index.js";
import { CASES, caseMethod, MODEL, PID } from "../fixtures/providers/cases.js";
import { mappingRoute, reply, useServer } from "./fake-server.js";
import { falQueue as queue } from "./fal-queue.js";

const server = useServer({ beforeAll, afterAll, beforeEach });
const client = (options: InferenceOptions = {}) =>
  new InferenceClient("hf_progress_token", { fetch: server.fetch, retryDelayMs: 5, ...options });
const video = (options: InferenceOptions = {}) =>
  client({ pollIntervalMs: 5, ...options }).textToVideo({
    model: MODEL,
    provider: "fal-ai",
    inputs: "a cat",
  });
const falQueue = (status: Parameters<typeof queue>[1]) => queue(server, status);
beforeEach(() => mappingRoute(server, MODEL, { "fal-ai": { providerId: PID, task: "text-to-video" } }));

describe("onProgress", () => {
  const pollingCases = CASES.filter((c) =>
    ["black-forest-labs text-to-image", "fal-ai text-to-video", "novita text-to-video"].includes(
      `${c.provider} ${c.task}`,
    ),
  );
  /** The requests that are polls of each flow, and the status each poll's answer carried. */
  const polls: Record<string, { path: RegExp; status: (n: number) => string }> = {
    "black-forest-labs": { path: /^\/v1\/get_result/, status: (n) => (n < 2 ? "Pending" : "Ready") },
    "fal-ai": { path: /\/requests\/q1\/status/, status: (n) => (n < 1 ? "IN_PROGRESS" : "COMPLETED") },
    novita: {
      path: /\/task-result/,
      status: (n) => (n < 2 ? "TASK_STATUS_PROCESSING" : "TASK_STATUS_SUCCEED"),
    },
  };

  it.each(pollingCases.map((c) => [c.provider, c] as const))(
    "%s: one event per poll, with the provider's status, the poll number and the time so far",
    async (provider, c) => {
      mappingRoute(server, MODEL, { [provider]: { providerId: PID, task: c.task } });
      c.answer(server, `/${provider}${c.path}`, `/${provider}`);
      const events: InferenceProgress[] = [];
      const started = Date.now();
      const method = caseMethod(c) as "textToImage";
      await client({ pollIntervalMs: 5, onProgress: (e) => void events.push(e) })[method]({
        model: MODEL,
        provider: provider as "fal-ai",
        ...(c.args as { inputs: string }),
      });
      const sent = server.received.filter((r) => polls[provider].path.test(r.path));
      expect(sent.length).toBeGreaterThan(1);
      expect(events.map((e) => [e.provider, e.status, e.attempt])).toEqual(
        sent.map((_, n) => [provider, polls[provider].status(n), n + 1]),
      );
      for (const [i, e] of events.entries()) {
        expect(e.elapsedMs).toBeGreaterThanOrEqual(i === 0 ? 0 : events[i - 1].elapsedMs);
        expect(e.elapsedMs).toBeLessThanOrEqual(Date.now() - started);
        // Only fal-ai says how many jobs are ahead (its status answers carry queue_position: 0 here).
        if (provider === "fal-ai") expect(e.queuePosition).toBe(0);
        else expect(e).not.toHaveProperty("queuePosition");
      }
    },
  );

  it("fal-ai: the queue position when the provider gives it", async () => {
    falQueue((_r, res, n) =>
      reply(res, 200, n < 2 ? { status: "IN_QUEUE", queue_position: 2 - n } : { status: "COMPLETED" }),
    );
    const events: InferenceProgress[] = [];
    await video({ onProgress: (e) => void events.push(e) });
    expect(events.map(({ status, attempt, queuePosition }) => ({ status, attempt, queuePosition }))).toEqual([
      { status: "IN_QUEUE", attempt: 1, queuePosition: 2 },
      { status: "IN_QUEUE", attempt: 2, queuePosition: 1 },
      { status: "COMPLETED", attempt: 3, queuePosition: undefined },
    ]);
  });

  it.each([
    [
      "throws",
      () => {
        throw new Error("display broke");
      },
    ],
    [
      "rejects",
      async () => {
        throw new Error("async display broke");
      },
    ],
  ])("a callback that %s never breaks the call", async (_how, fail) => {
    falQueue((_r, res, n) => reply(res, 200, { status: n < 2 ? "IN_PROGRESS" : "COMPLETED" }));
    let calls = 0;
    const onProgress = () => {
      calls++;
      return fail();
    };
    expect(await video({ onProgress })).toBeInstanceOf(Blob);
    expect(calls).toBe(3);
  });
});
