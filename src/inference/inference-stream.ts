/** The stream object chatCompletionStream / textGenerationStream return. */
import { readEvents, type StreamSource } from "./stream.js";

/** An opened stream, with the task's chunk rewrite when its flows have one. */
export interface OpenedStream extends StreamSource {
  chunk?: (chunk: unknown) => unknown;
}

/** A streamed answer: the request starts at once; `open()` settles when the stream is open (or failed to open). */
export class InferenceStream<T> implements AsyncIterable<T> {
  constructor(private readonly opening: Promise<OpenedStream>) {
    opening.catch(() => undefined); // reported through open() or iteration, never as an unhandled rejection
  }
  /** Resolves once the provider answered 2xx with text/event-stream; rejects with the error otherwise. */
  async open(): Promise<void> {
    await this.opening;
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    const opened = await this.opening;
    if (!opened.chunk) return yield* readEvents<T>(opened);
    for await (const chunk of readEvents<unknown>(opened)) yield opened.chunk(chunk) as T;
  }
}
