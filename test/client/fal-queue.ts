/** fal-ai's queue on the fake server, for reliability tests: submit, status polls as a test says, result, video. */
import type { ServerResponse } from "node:http";
import { PID } from "../fixtures/providers/cases.js";
import { reply, replyBytes, type FakeServer, type Received } from "./fake-server.js";

export const SUBMIT = `/fal-ai/${PID}`;
export const STATUS = `/fal-ai/${PID}/requests/q/status`;

/** The submit answers IN_QUEUE; `status` answers each status poll; the result is a video URL on a CDN. */
export function falQueue(
  server: FakeServer,
  status: (req: Received, res: ServerResponse, n: number) => unknown,
) {
  server.on("POST", SUBMIT, (_r, res) =>
    reply(res, 200, {
      request_id: "q",
      status: "IN_QUEUE",
      response_url: `https://queue.fal.run/${PID}/requests/q`,
    }),
  );
  server.on("GET", STATUS, status);
  server.on("GET", `/fal-ai/${PID}/requests/q`, (_r, res) =>
    reply(res, 200, { video: { url: "https://cdn.example.com/v.mp4" } }),
  );
  server.on("GET", "/v.mp4", (_r, res) => replyBytes(res, "video/mp4", "MP4"));
}
