// Public API of hubkit: re-exports only.
export {};
export { Template, applyChatTemplate } from "./chat-template/index.js";
export {
  TemplateError,
  TemplateSyntaxError,
  TemplateRuntimeError,
  TemplateRaisedError,
  TemplateSecurityError,
  TemplateLimitError,
} from "./chat-template/index.js";
export type { ChatTemplateInput, RenderOptions, TemplateLimits } from "./chat-template/index.js";
