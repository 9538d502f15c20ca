// Public API of hubkit: re-exports only.
export * from "./tasks/index.js";
export * from "./gguf.js";
export * from "./inference/index.js";
export * from "./snippets/libraries/index.js";
