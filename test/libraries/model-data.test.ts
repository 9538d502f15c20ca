import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MODEL_DATA_FIELDS } from "../../src/tasks/model-data.js";

const schema = JSON.parse(
  readFileSync(new URL("../../schemas/model-record.schema.json", import.meta.url), "utf8"),
) as {
  $defs: { record: { properties: Record<string, unknown> } };
};

describe("the ModelData type and schemas/model-record.schema.json describe the same record", () => {
  it("same top-level fields", () => {
    expect(Object.keys(MODEL_DATA_FIELDS).sort()).toEqual(Object.keys(schema.$defs.record.properties).sort());
  });
});
