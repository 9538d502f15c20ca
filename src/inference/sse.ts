/**
 * A server-sent events parser (the WHATWG event-stream format, minus reconnection): text in, events out.
 * Lines end with \n, \r\n or \r; a blank line ends an event; `data` lines are joined with \n; comments (":...")
 * and `id` / `retry` fields are skipped, since the client never reconnects. It looks for line ends with indexOf
 * over the text as received, so a chunk of many events costs about what a bare split on blank lines costs.
 */
export interface SseEvent {
  /** The `event` field, "" when absent. */
  event: string;
  data: string;
}

export class SseParser {
  private rest = "";
  private data: string[] = [];
  private event = "";
  /** The previous text ended with \r: a \n at the start of the next one belongs to the same line end. */
  private afterCr = false;

  /** Parses `text` (the next piece of the stream) and returns the events it completed. */
  feed(text: string): SseEvent[] {
    if (text === "") return [];
    if (this.afterCr && text.startsWith("\n")) text = text.slice(1);
    if (text.includes("\r")) {
      this.afterCr = text.endsWith("\r");
      text = text.replace(/\r\n?/g, "\n");
    } else this.afterCr = false;
    const buffer = this.rest + text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let end = buffer.indexOf("\n"); end >= 0; start = end + 1, end = buffer.indexOf("\n", start)) {
      if (end === start) {
        if (this.data.length > 0) events.push({ event: this.event, data: this.data.join("\n") });
        this.data = [];
        this.event = "";
      } else this.line(buffer.slice(start, end));
    }
    this.rest = buffer.slice(start);
    return events;
  }

  /** At the end of the stream: the events a final blank line would complete (an event the stream left open). */
  end(): SseEvent[] {
    return this.feed("\n\n");
  }

  private line(line: string): void {
    if (line.charCodeAt(0) === 58 /* ":" comment */) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
  }
}
