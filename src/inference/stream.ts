/**
 * Server-sent events (eventsource-parser): bytes -> events -> parsed JSON chunks, yielded as they arrive.
 * Generic: `data: [DONE]` ends the stream, `event: error` and `{"error": ...}` chunks become ProviderApiError,
 * bad JSON becomes ProviderOutputError, a body cut in the middle of an event is an error too.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { InferenceClientProviderApiError, InferenceClientProviderOutputError, scrub } from "./errors.js";
import { providerMessage, requestRecord } from "./http.js";
import type { BuiltRequest } from "./request.js";

export interface StreamSource {
  request: BuiltRequest;
  response: Response;
  /** e.g. "groq conversational", for messages. */
  what: string;
  secret?: string;
}

export async function* readEvents<T>({ request, response, what, secret }: StreamSource): AsyncGenerator<T> {
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
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if ((error as Error).name === "AbortError" || (error as Error).name === "TimeoutError") throw error;
        throw new InferenceClientProviderOutputError(
          `The event stream from ${what} was cut after ${events} events: ${(error as Error).message}`,
        );
      }
      if (chunk.done) {
        parser.feed(decoder.decode() + "\n\n");
        if (queue.length > 0) {
          throw new InferenceClientProviderOutputError(
            `The event stream from ${what} ended in the middle of an event (after ${events} complete events): the connection was cut before the event's closing blank line.`,
          );
        }
        return;
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (queue.length > 0) {
        const event = queue.shift()!;
        if (event.data === "[DONE]") return;
        if (event.data === "") continue;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          if (event.event === "error")
            throw fail(
              `${response.status} error event in the stream: ${event.data.slice(0, 500)}`,
              event.data,
            );
          throw new InferenceClientProviderOutputError(
            `Received malformed stream event from ${what}: invalid JSON ${JSON.stringify(event.data.slice(0, 80))}`,
          );
        }
        if (event.event === "error" || (data && typeof data === "object" && "error" in data)) {
          throw fail(
            `${response.status} error while streaming the response: ${providerMessage(data) ?? JSON.stringify(data)}`,
            data,
          );
        }
        events++;
        yield data as T;
      }
    }
  } finally {
    // Leaving early (break, return, throw) closes the connection.
    await reader.cancel().catch(() => undefined);
  }
}
