import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "generator/**/*.test.ts", "src/**/*.test.ts", "viewer/src/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    // Suites that copy the project or build dist in hooks need more than the default on a busy 2-core machine.
    hookTimeout: 120_000,
  },
});
