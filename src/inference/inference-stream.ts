/** The stream object chatCompletionStream / textGenerationStream return. */
import { readEvents, type StreamSource } from "./stream.js";

/** A streamed answer: the request starts at once; `open()` settles when the stream is open (or failed to open). */
export class InferenceStream<T> implements AsyncIterable<T> {
  constructor(private readonly opening: Promise<StreamSource>) {
    opening.catch(() => undefined); // reported through open() or iteration, never as an unhandled rejection
  }
  /** Resolves once the provider answered 2xx with text/event-stream; rejects with the error otherwise. */
  async open(): Promise<void> {
    await this.opening;
  }
  /** The chunks, each handed to the caller straight from the reading generator (no second generator around it). */
  [Symbol.asyncIterator](): AsyncGenerator<T> {
    return readEvents<T>(this.opening);
  }
}
