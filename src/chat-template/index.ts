/** hubkit's chat-template interpreter: a sandboxed Jinja engine that prints what Python's jinja2 prints. */
export { Template, applyChatTemplate, DEFAULT_LIMITS } from "./template.js";
export type { ChatTemplateInput, RenderOptions, TemplateLimits, TemplateOptions } from "./template.js";
export {
  TemplateError,
  TemplateSyntaxError,
  TemplateRuntimeError,
  TemplateRaisedError,
  TemplateSecurityError,
  TemplateLimitError,
} from "./errors.js";
export { checkChatTemplate } from "./check.js";
export type { CheckOptions, ConversationCheck, Feature, TemplateCheck } from "./check.js";
export { CHECK_CONVERSATIONS } from "./check-conversations.js";
export type { CheckConversation } from "./check-conversations.js";
