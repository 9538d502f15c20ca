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
