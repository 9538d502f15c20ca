// Lint: the recommended rules of ESLint and typescript-eslint, React's hook rules for the viewer.
// Every setting below that departs from those presets says why.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  {
    // Not our source: installed packages, build outputs, the generator's output (checked by tsc and by the tests
    // of the generator), recorded fixtures and the files the tests write.
    ignores: [
      "node_modules/",
      "dist/",
      "viewer/dist/",
      "src/generated/",
      "test/fixtures/",
      "test/artifacts/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Only the viewer uses React; the hook rules would have nothing to check elsewhere.
    files: ["viewer/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The snippet-execution helpers are plain Node scripts (.mjs), loaded by node itself, not through TypeScript.
    files: ["**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        URL: "readonly",
        Request: "readonly",
        Response: "readonly",
        fetch: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
  },
  {
    // Files and functions a reader can hold in mind: 400 lines a file, 80 a function (blank lines and comments not
    // counted in a function). Tests too: a long describe block is split into groups of cases, one subject each.
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    rules: {
      // An argument or binding named with a leading underscore is unused on purpose (a helper's fixed signature,
      // such as the Handlebars options hash, or a skipped tuple item).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The literal writers and the Jinja string methods must match control characters to escape or strip them.
      "no-control-regex": "off",
    },
  },
);
