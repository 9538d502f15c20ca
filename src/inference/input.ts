/**
 * The caller's inputs, checked against a task's `input` block of the catalogue before any request, and URL
 * inputs downloaded when the provider wants the file's bytes.
 */
import { Binary } from "./binary.js";
import { InferenceClientInputError } from "./errors.js";
import { apiError, send, type Transport } from "./http.js";
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

/**
 * The call's arguments ready for buildRequest: inputs checked, and a URL input downloaded (plain GET, no
 * credentials, under the call's signal) when the provider takes the file itself.
 */
export async function prepareInputs<A extends object>(
  spec: InputSpec | undefined,
  args: A,
  transport: Transport,
): Promise<A> {
  const { inputs } = args as { inputs?: unknown };
  checkInput(spec, inputs);
  if (!needsDownload(spec, inputs)) return args;
  const request = { url: inputs, method: "GET" as const, headers: {} };
  const res = await send(request, { ...transport, credentials: undefined });
  if (!res.ok) throw await apiError(request, res, transport.secret, `Failed to download the input ${inputs}`);
  return { ...args, inputs: await res.blob() };
}
