// Public API of hubkit: re-exports only.
export * from "./tasks/index.js";
export * from "./gguf.js";
export * from "./inference/index.js";
export * from "./snippets/libraries/index.js";
// Local apps ("Use this model": llama.cpp, Ollama, LM Studio, ...).
export { LOCAL_APPS, LOCAL_APP_KEYS, describeLocalApps } from "./local-apps/index.js";
export type {
  LocalApp,
  LocalAppKey,
  LocalAppSnippet,
  LocalAppView,
  LocalAppWithDeeplink,
  LocalAppWithSnippet,
} from "./local-apps/index.js";
export {
  Template,
  applyChatTemplate,
  TemplateError,
  TemplateSyntaxError,
  TemplateRuntimeError,
  TemplateRaisedError,
  TemplateSecurityError,
  TemplateLimitError,
  checkChatTemplate,
  CHECK_CONVERSATIONS,
} from "./chat-template/index.js";
export type {
  ChatTemplateInput,
  RenderOptions,
  TemplateLimits,
  TemplateCheck,
  ConversationCheck,
  CheckConversation,
  CheckOptions,
  Feature as ChatTemplateFeature,
} from "./chat-template/index.js";
// Inference snippets.
export * as snippets from "./snippets/index.js";
export { getInferenceSnippets } from "./snippets/index.js";
export type {
  InferenceProviderOrPolicy,
  InferenceSnippet,
  InferenceSnippetOptions,
} from "./snippets/index.js";
