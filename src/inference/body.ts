/**
 * The request body of a task, built from the caller's fields as the task's `body` block says, and the input
 * checks that run before any request (content types, binary inputs, URL output). Pure, like buildRequest.
 */
import {
  Binary,
  bytesOf,
  contains,
  encodeBinaries,
  isBinary,
  isPlainObject,
  toBase64,
  typeOf,
  type BinaryLike,
} from "./binary.js";
import { PROVIDERS, type ProviderId } from "../generated/providers.gen.js";
import { InferenceClientInputError } from "./errors.js";
import { checkInput, needsDownload } from "./input.js";
import { toMultipart } from "./multipart.js";
import { filterValues, mapValues } from "./objects.js";
import type { BuiltRequest, RequestInputFor, RequestOptions } from "./request-types.js";
import type { OutputType, TaskSpec } from "./spec.js";

/** Fields of the arguments that steer the call and are never sent. */
const CONTROL_FIELDS = new Set(["accessToken", "endpointUrl", "provider", "model"]);

/** The caller's fields that are sent: all but the control fields and undefined values (a new object). */
export function callerFields(args: Record<string, unknown>): Record<string, unknown> {
  return filterValues(args, (v, k) => v !== undefined && !CONTROL_FIELDS.has(k));
}

/**
 * Bad input found without any I/O: a content type the provider refuses, inputs that must be binary, or an
 * outputType the provider cannot honour. Returns the content type to announce for the binary input (`accept` map).
 */
export function checkInputs(
  t: TaskSpec,
  provider: string,
  task: string,
  inputs: unknown,
  outputType: OutputType | undefined,
): string | undefined {
  checkInput(t.input, inputs);
  if (outputType === "url" && t.urlOutput === "unsupported") {
    throw new InferenceClientInputError(
      `${provider} provider does not support URL output. Use outputType 'blob', 'dataUrl' or 'json' instead.`,
    );
  }
  const raw = t.body?.binary === "raw" || t.body?.binary === "raw-without-parameters";
  if ((t.requireBinary || raw) && !isBinary(inputs)) {
    throw new InferenceClientInputError(
      `Task ${task} with provider ${provider} needs inputs as binary data (a Blob, ArrayBuffer or Uint8Array).`,
    );
  }
  return t.accept ? acceptedType(provider, t.accept, inputs) : undefined;
}

/** The input's content type, reduced to its base ("audio/webm;codecs=opus" -> "audio/webm"), must be accepted. */
function acceptedType(provider: string, accept: string[] | Record<string, string>, inputs: unknown): string {
  const type = isBinary(inputs) ? typeOf(inputs) : "";
  const accepted = Array.isArray(accept) ? accept : Object.keys(accept);
  if (!type) {
    throw new InferenceClientInputError(
      `Unable to determine the input's content type. Make sure you are passing a Blob (with a type, one of ${accepted.join(", ")}) when using provider ${provider}.`,
    );
  }
  const base = type.split(";")[0].trim().toLowerCase();
  if (!accepted.includes(base)) {
    throw new InferenceClientInputError(
      `Provider ${provider} does not support blob type ${type} - supported content types are: ${accepted.join(", ")}`,
    );
  }
  return Array.isArray(accept) ? type : accept[base];
}

export function buildBody(
  t: TaskSpec,
  provider: string,
  task: string,
  providerId: string,
  { model, mapping, args }: RequestInputFor<string>,
  options: RequestOptions,
): BuiltRequest["body"] {
  const b = t.body ?? {};
  const caller = filterValues(
    args,
    (v, k) => v !== undefined && !CONTROL_FIELDS.has(k) && !b.omit?.includes(k),
  );
  const { inputs, parameters } = caller as { inputs?: unknown; parameters?: Record<string, unknown> };
  const inputType = checkInputs(t, provider, task, inputs, options.outputType);
  if (needsDownload(t.input, inputs)) {
    throw new InferenceClientInputError(
      `${PROVIDERS[provider as ProviderId].name} ${task} sends the file itself: download ${inputs} first and pass its bytes (buildRequest does no I/O).`,
    );
  }

  const binary =
    b.binary === "raw-without-parameters"
      ? parameters && Object.keys(parameters).length
        ? "base64"
        : "raw"
      : b.binary;
  if (binary === "raw") return inputs instanceof Binary ? inputs.toBlob() : (inputs as BinaryLike);

  // `caller` is this call's own copy: the body starts as it, or as a copy without the fields that move
  // (never `delete`, which would leave the body a slow dictionary object for everything after).
  let body: Record<string, unknown>;
  if (b.fields === "none") body = {};
  else if (b.fields === "flat") {
    body = filterValues(caller, (_v, k) => k !== "inputs" && k !== "parameters");
    if (parameters) mergeFlat(body, parameters, b.rename, b.unnest);
  } else body = b.inputs ? filterValues(caller, (_v, k) => k !== "inputs") : caller;
  if (b.inputs && inputs !== undefined) {
    const value = b.inputsAs === "user-message" ? [{ role: "user", content: inputs }] : inputs;
    for (const key of typeof b.inputs === "string" ? [b.inputs] : b.inputs) {
      if (key.endsWith("[]")) body[key.slice(0, -2)] = [value];
      else body[key] = value;
    }
  }
  if (b.defaults) for (const [k, v] of Object.entries(b.defaults)) if (body[k] === undefined) body[k] = v;
  if (b.model) {
    const id = options.endpointUrl ? (model ?? options.endpointUrl) : providerId;
    if (b.modelFirst) body = Object.assign({ [b.model]: id }, body, { [b.model]: id });
    else body[b.model] = id;
  }
  Object.assign(body, b.set);
  if (options.outputType === "url" && typeof t.urlOutput === "object") Object.assign(body, t.urlOutput.set);
  if (b.defaultsWhen) {
    const id = providerId.toLowerCase();
    for (const d of b.defaultsWhen)
      if (id.includes(d.providerIdContains.toLowerCase()))
        for (const [k, v] of Object.entries(d.set)) if (body[k] === undefined) body[k] = v;
  }
  if (
    b.lora &&
    mapping?.adapter === "lora" &&
    (mapping.adapterWeightsPath || b.loraNeedsWeightsPath === false)
  ) {
    const vars = { model: model ?? "", adapterWeightsPath: mapping.adapterWeightsPath ?? "" };
    Object.assign(body, fill(b.lora, vars));
    if (b.loraByProviderId && Object.hasOwn(b.loraByProviderId, providerId))
      Object.assign(body, b.loraByProviderId[providerId]);
  }
  if (binary === "multipart") {
    const fileKey = typeof b.inputs === "string" ? b.inputs : b.inputs?.[0];
    return toMultipart(body, fileKey, b.model, b.fileName);
  }
  if (contains(body, isBinary)) {
    const base64 = (v: BinaryLike) => (v instanceof Binary ? v.base64() : toBase64(bytesOf(v)));
    body = encodeBinaries(body, (v: BinaryLike) =>
      binary === "data-url"
        ? `data:${(v === inputs && inputType) || typeOf(v) || b.binaryType || "application/octet-stream"};base64,${base64(v)}`
        : base64(v),
    ) as Record<string, unknown>;
  }
  if (b.wrap) body = { [b.wrap]: body };
  if (options.stream) body.stream = true;
  return body;
}

/** The parameters at the top level of the body (renamed); an `unnest` parameter's own fields instead of it. */
function mergeFlat(
  body: Record<string, unknown>,
  parameters: Record<string, unknown>,
  rename: Record<string, string> | undefined,
  unnest: string[] | undefined,
): void {
  for (const [k, v] of Object.entries(parameters)) {
    if (v === undefined) continue;
    if (unnest?.includes(k) && isPlainObject(v)) mergeFlat(body, v, rename, undefined);
    else body[rename?.[k] ?? k] = v;
  }
}

/** Deep copy of `value` with {name} placeholders of strings filled in. */
function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === "object") return mapValues(value, (v) => fill(v, vars));
  return value;
}
