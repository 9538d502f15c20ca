// The inference client: `import { InferenceClient } from "hubkit/inference"` loads nothing else.
export { InferenceClient } from "./client.js";
export { InferenceStream } from "./inference-stream.js";
export {
  buildRequest,
  DEFAULT_ROUTER_URL,
  USER_AGENT,
  type BuiltRequest,
  type ProviderMapping,
  type RequestInput,
  type RequestOptions,
} from "./request.js";
export { buildAutoRouterRequest, type AutoRouterInput } from "./auto-router.js";
export { Binary, readBinaries } from "./binary.js";
export { Multipart, type MultipartPart } from "./multipart.js";
export {
  InferenceClientConnectionError,
  InferenceClientError,
  InferenceClientHubApiError,
  InferenceClientInputError,
  InferenceClientProviderApiError,
  InferenceClientProviderOutputError,
  InferenceClientRoutingError,
  InferenceClientTimeoutError,
  type HttpRequestRecord,
  type HttpResponseRecord,
  type TimeoutOption,
} from "./errors.js";
export { PROVIDERS, PROVIDER_IDS, HUBKIT_VERSION, type ProviderId } from "../generated/providers.gen.js";
export type * from "./types.js";
