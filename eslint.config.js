// Lint: the recommended rules of ESLint and typescript-eslint, React's hook rules for the viewer.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "viewer/dist/", "src/generated/", "test/fixtures/", "test/artifacts/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["viewer/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      // An argument or binding named with a leading underscore is unused on purpose (a hook's signature).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The literal writers and the Jinja string methods must match control characters to escape or strip them.
      "no-control-regex": "off",
    },
  },
);
