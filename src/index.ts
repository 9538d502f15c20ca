// Public API of hubkit: re-exports only.
export {};
