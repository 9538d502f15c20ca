/** docs/library-snippets.md names every condition, derive form and derive function that exists. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as derive from "../../src/snippets/libraries/derive.js";

const docs = readFileSync(new URL("../../docs/library-snippets.md", import.meta.url), "utf8");
const schema = JSON.parse(
  readFileSync(new URL("../../schemas/library.schema.json", import.meta.url), "utf8"),
);

describe("docs/library-snippets.md stays in step with the code", () => {
  it("documents every `when` key", () => {
    for (const key of Object.keys(schema.$defs.when.properties)) expect(docs, key).toContain(`\`${key}`);
  });
  it("names every derive function", () => {
    for (const name of Object.keys(derive)) expect(docs, name).toContain(`\`${name}\``);
  });
});
