/**
 * The caller's inputs, checked against a task's `input` block of the catalogue. Pure: buildRequest runs it, and so
 * does the client before any request (prepare-inputs.ts, which also downloads URL inputs).
 */
import { Binary } from "./binary.js";
import { InferenceClientInputError } from "./errors.js";
import type { InputSpec } from "./spec.js";

type InputKind = InputSpec["accepts"][number];

function inputKind(value: unknown): InputKind | undefined {
  if (value instanceof Binary || (typeof Blob !== "undefined" && value instanceof Blob)) return "blob";
  if (value instanceof ArrayBuffer || value instanceof Uint8Array) return "array-buffer";
  if (typeof value === "string" && /^https?:\/\//i.test(value)) return "http-url";
  return undefined;
}

/** Throws the spec's InputError unless `inputs` is of an accepted kind (or absent, when the inputs are optional). */
export function checkInput(spec: InputSpec | undefined, inputs: unknown): void {
  if (!spec || (inputs === undefined && spec.optional)) return;
  const kind = inputKind(inputs);
  if (!kind || !spec.accepts.includes(kind)) throw new InferenceClientInputError(spec.message);
}

/** Whether an input is a URL that must be downloaded before the request is built. */
export const needsDownload = (spec: InputSpec | undefined, inputs: unknown): inputs is string =>
  !!spec?.download && inputKind(inputs) === "http-url";
