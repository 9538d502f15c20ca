/**
 * The client's SSE parser against eventsource-parser (a spec-following implementation, kept as a dev dependency for
 * this check): the same events for every stream below, whatever the places where the network splits it. One
 * deliberate difference: a \r that ends a piece ends its line at once here (eventsource-parser waits for the next
 * piece, in case a \n follows), so an event closed by a final \r is dispatched without waiting.
 */
import { createParser } from "eventsource-parser";
import { expect, it } from "vitest";
import { SseParser } from "../../src/inference/sse.js";

const STREAMS: Record<string, string> = {
  "plain data events": 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n',
  "CRLF line ends": 'data: {"a":1}\r\n\r\ndata: x\r\n\r\n',
  "lone CR line ends": "data: one\r\rdata: two\r\r",
  "mixed line ends": "data: a\r\n\ndata: b\r\r\ndata: c\n\r",
  "multi-line data joined with \\n": "data: line 1\ndata: line 2\ndata:\ndata:  indented\n\n",
  "event names, and the name resets after each event": "event: error\ndata: {}\n\ndata: after\n\n",
  "comments, id and retry are skipped": ": keep-alive\nid: 7\nretry: 1000\ndata: x\n\n:\n\n",
  "no space after the colon, a field without colon, unknown fields": "data:x\ndata\nfoo: bar\n\n",
  "blank lines without data dispatch nothing": "\n\n\nevent: ping\n\ndata: y\n\n",
  "unicode split inside a character": `data: ${JSON.stringify({ t: "héllo 🌍 日本" })}\n\n`,
  "an event left open at the end": "data: complete\n\ndata: cut",
};

/** Every event, those the end of the stream completes included. */
const ours = (pieces: string[]) => {
  const parser = new SseParser();
  return [...pieces.flatMap((p) => parser.feed(p)), ...parser.end()];
};
const reference = (pieces: string[]) => {
  const events: { event: string; data: string }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event ?? "", data: e.data }) });
  for (const p of pieces) parser.feed(p);
  parser.feed("\n\n");
  return events;
};

it.each(Object.entries(STREAMS))(
  "%s: the same events as eventsource-parser, in one piece and split anywhere",
  (_name, text) => {
    const whole = reference([text]);
    expect(whole.length).toBeGreaterThan(0);
    expect(ours([text])).toEqual(whole);
    for (let i = 0; i <= text.length; i++) expect(ours([text.slice(0, i), text.slice(i)])).toEqual(whole);
    for (const size of [1, 2, 3, 7]) {
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
      expect(ours(pieces)).toEqual(whole);
    }
  },
);

it("end() names what a stream left open, and nothing for a closed stream", () => {
  const open = new SseParser();
  expect(open.feed(STREAMS["an event left open at the end"])).toEqual([{ event: "", data: "complete" }]);
  expect(open.end()).toEqual([{ event: "", data: "cut" }]);
  const closed = new SseParser();
  expect(closed.feed(STREAMS["lone CR line ends"])).toEqual([
    { event: "", data: "one" },
    { event: "", data: "two" },
  ]);
  expect(closed.end()).toEqual([]);
});
