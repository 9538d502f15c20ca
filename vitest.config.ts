import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "generator/**/*.test.ts", "src/**/*.test.ts", "viewer/src/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
  },
});
