/**
 * The task table (catalogue/tasks/<id>.yaml `client`, plus chat) against the client it describes: every method it
 * names is a method of InferenceClient, and every task method of the client is named by one task.
 */
import { expect, it } from "vitest";
import { InferenceClient } from "../../src/inference/index.js";
import { contentTypeOfFile, extensionOfType } from "../../src/inference/media-types.js";
import { fileExtension } from "../../src/inference/multipart.js";
import { contentTypeOf } from "../../src/snippets/inputs.js";
import { TaskMethods } from "../../src/inference/task-methods.js";
import { TASK_IO } from "../../src/tasks/task-io.js";

it("names only methods the client has, and every task method of the client", () => {
  const client = new InferenceClient("hf_x") as unknown as Record<string, unknown>;
  const named = Object.values(TASK_IO).flatMap((io) => [
    io.method,
    ...(io.streamMethod ? [io.streamMethod] : []),
  ]);
  for (const method of named) expect(typeof client[method], method).toBe("function");
  const taskMethods = Object.getOwnPropertyNames(TaskMethods.prototype).filter((m) => m !== "constructor");
  expect(taskMethods.filter((m) => !named.includes(m))).toEqual([]);
  expect(new Set(named).size, "one task per method").toBe(named.length);
});

it("reads file names and content types from one table, usual name first", () => {
  expect(contentTypeOfFile("cats.JPG")).toBe("image/jpeg");
  expect(contentTypeOfFile("song.m4a")).toBe("audio/mp4");
  expect(contentTypeOfFile("notes.txt")).toBeUndefined();
  expect(extensionOfType("audio/webm;codecs=opus")).toBe("webm");
  expect(extensionOfType("audio/x-wav")).toBe("wav");
  expect(extensionOfType("audio/mp4")).toBe("mp4");
  expect(extensionOfType("audio/x-m4a")).toBe("m4a");
  // Each user's default when the table does not know the name or type.
  expect(fileExtension("application/x-unknown")).toBe("wav");
  expect(contentTypeOf("notes.txt")).toBe("application/octet-stream");
  expect(contentTypeOf("photo.webp")).toBe("image/webp");
});
