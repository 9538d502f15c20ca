/**
 * multipart/form-data bodies as data: an ordered list of parts, so that buildRequest stays pure and a snippet can
 * print the request; only send() turns it into a FormData (and fetch then writes the Content-Type with its boundary).
 */
import { Binary, isBinary, type BinaryLike } from "./binary.js";
import { extensionOfType } from "./media-types.js";

export interface MultipartPart {
  name: string;
  value: string | BinaryLike;
  /** File parts only: the file name sent with the bytes. */
  filename?: string;
}

export class Multipart {
  constructor(readonly parts: MultipartPart[]) {}

  toFormData(): FormData {
    const form = new FormData();
    for (const part of this.parts) {
      if (typeof part.value === "string") form.append(part.name, part.value);
      else form.append(part.name, toBlob(part.value), part.filename);
    }
    return form;
  }
}

function toBlob(value: BinaryLike): Blob {
  if (value instanceof Binary) return value.toBlob();
  if (value instanceof Blob) return value;
  return new Blob([value as Uint8Array<ArrayBuffer>]);
}

/**
 * The extension of an uploaded file's name: transcription APIs read the audio format from it. wav when the
 * type is empty or unknown.
 */
export function fileExtension(type: string): string {
  return extensionOfType(type) ?? "wav";
}

/** A text part's value: strings as they are, numbers and booleans as text, anything else as JSON; null is no part. */
function textValue(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The parts of a body built as an object: the `first` key first (a file part when it holds bytes), then the other
 * fields in order, the `last` key last.
 */
export function toMultipart(
  body: Record<string, unknown>,
  first: string | undefined,
  last: string | undefined,
  fileName = "file",
): Multipart {
  const keys = Object.keys(body).filter((k) => k !== first && k !== last);
  if (first !== undefined && first in body) keys.unshift(first);
  if (last !== undefined && last in body) keys.push(last);
  const parts: MultipartPart[] = [];
  for (const name of keys) {
    const value = body[name];
    if (isBinary(value)) {
      const type = value instanceof Binary || value instanceof Blob ? value.type : "";
      parts.push({ name, value, filename: `${fileName}.${fileExtension(type)}` });
    } else {
      const text = textValue(value);
      if (text !== undefined) parts.push({ name, value: text });
    }
  }
  return new Multipart(parts);
}
