/**
 * Server-sent events (eventsource-parser): bytes -> events -> parsed JSON chunks, yielded as they arrive.
 * Generic: `data: [DONE]` ends the stream, `event: error` and `{"error": ...}` chunks become ProviderApiError,
 * bad JSON becomes ProviderOutputError, a body cut in the middle of an event a ConnectionError. A silence longer
 * than the idle timeout while waiting for data closes the connection with a TimeoutError.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import {
  InferenceClientConnectionError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientTimeoutError,
  scrub,
} from "./errors.js";
import { providerMessage, requestRecord } from "./http.js";
import type { BuiltRequest } from "./request.js";

export interface StreamSource {
  request: BuiltRequest;
  response: Response;
  /** e.g. "Groq conversational API", for messages. */
  what: string;
  secret?: string;
  /** Longest wait for data in ms (0: none). Time the caller spends between two reads does not count. */
  idleTimeoutMs?: number;
  /** Closes the connection (the reason, if any, is what a pending read rejects with) and ends the call. */
  close?(reason?: unknown): void;
  /** The task's rewrite of each chunk, when its flows have one. */
  chunk?: (chunk: unknown) => unknown;
}

/** The chunks of a stream, once it is open (one generator, the only one between the body and the caller). */
export async function* readEvents<T>(opening: StreamSource | Promise<StreamSource>): AsyncGenerator<T> {
  const source = await opening;
  const { request, response, what, secret, chunk: rewrite } = source;
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => queue.push(e) });
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  const fail = (message: string, body: unknown) =>
    new InferenceClientProviderApiError(scrub(message, secret), requestRecord(request, secret), {
      requestId: response.headers.get("x-request-id") ?? "",
      status: response.status,
      body: scrub(body, secret),
    });
  let events = 0;
  const idle = watchIdle(source, () => events);
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        idle.reading(true);
        chunk = await reader.read();
        idle.reading(false);
      } catch (error) {
        if ((error as Error).name === "AbortError" || (error as Error).name === "TimeoutError") throw error;
        throw new InferenceClientConnectionError(
          `The event stream from ${what} was cut after ${events} events: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (chunk.done) {
        parser.feed(decoder.decode() + "\n\n");
        if (queue.length > 0) {
          throw new InferenceClientConnectionError(
            `The event stream from ${what} ended in the middle of an event (after ${events} complete events): the connection was cut before the event's closing blank line.`,
          );
        }
        return;
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      // The events of this read are parsed first, then handed out (then the error or the end, if there was one).
      // Measured: a yield inside the parsing loop cost about 0.3 µs a chunk, one in this short loop about 0.1 µs;
      // on the loopback bench the stream hands out 9 to 12 % more chunks a second this way.
      const ready: unknown[] = [];
      let stop: Error | true | undefined;
      for (const event of queue.splice(0)) {
        if (event.data === "[DONE]") {
          stop = true;
          break;
        }
        if (event.data === "") continue;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          stop =
            event.event === "error"
              ? fail(`${response.status} error event in the stream: ${event.data.slice(0, 500)}`, event.data)
              : new InferenceClientProviderOutputError(
                  `Received malformed stream event from ${what}: invalid JSON ${JSON.stringify(event.data.slice(0, 80))}`,
                );
          break;
        }
        if (event.event === "error" || (data && typeof data === "object" && "error" in data)) {
          stop = fail(
            `${response.status} error while streaming the response: ${providerMessage(data) ?? JSON.stringify(data)}`,
            data,
          );
          break;
        }
        events++;
        ready.push(data);
      }
      for (const data of ready) yield (rewrite ? rewrite(data) : data) as T;
      if (stop === true) return;
      if (stop) throw stop;
    }
  } finally {
    // Leaving early (break, return, throw) closes the connection.
    idle.stop();
    await reader.cancel().catch(() => undefined);
    source.close?.();
  }
}

/**
 * One lazy timer for the idle limit, not one per read: when it fires while a read has waited the whole limit,
 * the connection is closed with the timeout error; otherwise it is set again for the time left.
 */
function watchIdle(source: StreamSource, events: () => number) {
  const limit = source.idleTimeoutMs ?? 0;
  let waitingSince: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const waited = waitingSince === undefined ? 0 : Date.now() - waitingSince;
    if (waited < limit) {
      timer = setTimeout(check, limit - waited);
      return;
    }
    source.close?.(
      new InferenceClientTimeoutError(
        `No data for ${limit} ms (option streamIdleTimeout) while reading the event stream of ${source.what}, after ${events()} events; the connection was closed.`,
        "stream",
        "streamIdleTimeout",
      ),
    );
  };
  if (limit > 0 && limit < 2 ** 31 && source.close) timer = setTimeout(check, limit);
  return {
    reading(now: boolean) {
      waitingSince = now ? Date.now() : undefined;
    },
    stop: () => clearTimeout(timer),
  };
}
