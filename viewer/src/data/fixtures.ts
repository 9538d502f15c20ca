/**
 * Extra repository files for the browser tests. Empty in every normal build; `vite build --mode e2e` swaps this
 * module for fixtures.e2e.ts (see vite.config.ts), so production bundles never hold test fixtures.
 */
export const FIXTURE_TEMPLATES: Record<string, string> = {};
export const FIXTURE_SAMPLES: Record<string, string> = {};
