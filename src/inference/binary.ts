/** Binary inputs: read once (Blob -> bytes), then encoded for JSON bodies (base64, data: URL) without I/O. */
import { mapValues, someValue } from "./objects.js";

/** Bytes with their content type: what a Blob becomes once read, so request building stays synchronous. */
export class Binary {
  constructor(
    readonly bytes: Uint8Array,
    readonly type: string,
  ) {}
  toBlob(): Blob {
    return new Blob([this.bytes as Uint8Array<ArrayBuffer>], { type: this.type });
  }
  /** The bytes as base64 text (for JSON bodies). */
  base64(): string {
    return toBase64(this.bytes);
  }
}

export type BinaryLike = Binary | Blob | ArrayBuffer | Uint8Array;

const isBlob = (v: unknown): v is Blob => typeof Blob !== "undefined" && v instanceof Blob;

export const isBinary = (v: unknown): v is BinaryLike =>
  v instanceof Binary || v instanceof Uint8Array || v instanceof ArrayBuffer || isBlob(v);

/**
 * Replaces every Blob found in `value` (deeply, in plain objects and arrays) by a Binary. Only the branches that
 * hold a Blob are copied: arguments without one (a chat history) come back as they are, after one synchronous walk.
 */
export async function readBinaries<T>(value: T): Promise<T> {
  if (isBlob(value)) return new Binary(new Uint8Array(await value.arrayBuffer()), value.type) as T;
  if (!contains(value, isBlob)) return value;
  if (Array.isArray(value)) return (await Promise.all(value.map(readBinaries))) as T;
  if (isPlainObject(value)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await readBinaries(v)] as const),
    );
    return Object.fromEntries(entries) as T;
  }
  return value;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function bytesOf(v: BinaryLike): Uint8Array {
  if (v instanceof Binary) return v.bytes;
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  throw new TypeError("a Blob must be read first (readBinaries) before it can be encoded");
}

export const typeOf = (v: BinaryLike): string => (v instanceof Binary || isBlob(v) ? v.type : "");

export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function fromBase64(b64: string): Uint8Array {
  const text = atob(b64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** Deep copy of `value` with every binary value replaced by `encode(binary)`. */
export function encodeBinaries(value: unknown, encode: (b: BinaryLike) => unknown): unknown {
  if (isBinary(value)) return encode(value);
  if (Array.isArray(value)) return value.map((v) => encodeBinaries(v, encode));
  if (isPlainObject(value)) return mapValues(value, (v) => encodeBinaries(v, encode));
  return value;
}

/** Whether `test` holds for `value` or for an object in it (deeply, in plain objects and arrays). */
export function contains(value: unknown, test: (v: object) => boolean): boolean {
  // Most of a chat history is strings: they are passed over without a test.
  if (value === null || typeof value !== "object") return false;
  if (test(value)) return true;
  if (Array.isArray(value)) return value.some((v) => contains(v, test));
  if (isPlainObject(value)) return someValue(value, (v) => contains(v, test));
  return false;
}

/** "data:{type};base64,{bytes}" of a file; `fallbackType` when the file has no type. */
export async function toDataUrl(file: Blob, fallbackType: string): Promise<string> {
  return `data:${file.type || fallbackType};base64,${toBase64(new Uint8Array(await file.arrayBuffer()))}`;
}
