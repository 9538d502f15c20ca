// Inference snippets: getInferenceSnippets and its pieces (the `snippets` namespace and the "hubkit/snippets" entry).
export {
  getInferenceSnippets,
  getInferenceSnippet,
  snippetTemplate,
  SNIPPET_CLIENTS,
  type SnippetData,
  type ChatData,
} from "./getInferenceSnippets.js";
export { getModelInputSnippet, NO_INPUT_EXAMPLE } from "./inputs.js";
export type {
  ChatMessage,
  InferenceProviderMappingEntry,
  InferenceProviderOrPolicy,
  InferenceSnippet,
  InferenceSnippetOptions,
  InferenceSnippetTask,
  ModelDataMinimal,
  SnippetLanguage,
} from "./types.js";
