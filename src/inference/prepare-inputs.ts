/**
 * The caller's inputs before any request of a call: checked against the task's `input` block, and a URL input
 * downloaded when the provider takes the file itself. Apart from input.ts, which buildRequest imports, because
 * this needs the HTTP layer.
 */
import { apiError, exchange, type Transport } from "./http.js";
import { checkInput, needsDownload } from "./input.js";
import type { InputSpec } from "./spec.js";

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
  const file = await exchange(request, { ...transport, credentials: undefined }, "download", async (res) => {
    if (!res.ok)
      throw await apiError(request, res, transport.secret, `Failed to download the input ${inputs}`);
    return res.blob();
  });
  return { ...args, inputs: file };
}
