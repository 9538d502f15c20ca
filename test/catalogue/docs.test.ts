/** docs/catalogue.md names every field a library file or catalogue/quantization.yaml can have. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const docs = readFileSync(new URL("../../docs/catalogue.md", import.meta.url), "utf8");
const schema = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), "utf8"));

describe("docs/catalogue.md stays in step with the schemas", () => {
  it.each(["library.schema.json", "quantization.schema.json"])("documents every field of %s", (name) => {
    for (const field of Object.keys(schema(name).properties)) expect(docs, field).toContain(`\`${field}`);
  });
});
