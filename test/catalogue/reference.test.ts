/**
 * The generated catalogue against the reference facts (test/fixtures/reference-catalogue.json, a copy of the
 * hub's task and library lists, renamed library keys and GGUF types of September 2026, tasks 0.21.54), field
 * by field. Prose (summaries, descriptions) is ours and not compared. The library checks ask that hubkit has
 * every fact of the reference; a library or alias hubkit has and the reference does not is no failure.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_FILE_NAME_LABELS,
  GGUF_LABEL_PREFIXES,
  GGUF_QUANT_ORDER,
  getLibrarySnippets,
  LIBRARY_ALIASES,
  LIBRARY_TASK_MAPPING,
  libraryKey,
  MODALITIES,
  MODALITY_LABELS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  parseGGUFQuantLabel,
  TASKS_DATA,
  type LibraryUiElement,
} from "../../src/index.js";

const reference = JSON.parse(
  readFileSync(new URL("../fixtures/reference-catalogue.json", import.meta.url), "utf8"),
);
const withoutNulls = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

describe("task types", () => {
  it("lists every pipeline type of the reference, in its order", () => {
    expect(PIPELINE_TYPES).toEqual(reference.pipelineTypes);
    expect(PIPELINE_TYPES).toHaveLength(57);
  });

  it.each(reference.pipelineTypes as string[])("%s: name, modality, subtasks and flags", (id) => {
    const expected = withoutNulls(reference.pipelines[id]);
    if (Array.isArray(expected.subtasks) && expected.subtasks.length === 0) delete expected.subtasks;
    expect(PIPELINE_DATA[id as keyof typeof PIPELINE_DATA]).toEqual(expected);
  });

  it("has the reference modalities and their labels", () => {
    expect(MODALITIES).toEqual(reference.modalities);
    expect(MODALITY_LABELS).toEqual(reference.modalityLabels);
  });
});

describe("task details", () => {
  it.each(reference.pipelineTypes as string[])("%s", (id) => {
    const expected = reference.taskDetails[id];
    const actual = TASKS_DATA[id as keyof typeof TASKS_DATA];
    if (expected === null) return expect(actual).toBeUndefined();
    const ids = (list: { id: string }[]) => list.map((x) => x.id);
    // The reference carries one placeholder dataset with an empty id (zero-shot-image-classification); we leave it out.
    const datasets = (expected.datasets as string[]).filter((d) => d !== "");
    expect({
      id: actual!.id,
      label: actual!.label,
      libraries: actual!.libraries,
      widgetModels: actual!.widgetModels,
      youtubeId: actual!.youtubeId,
      canonicalId: actual!.canonicalId,
      isPlaceholder: actual!.isPlaceholder,
      datasets: ids(actual!.datasets),
      models: ids(actual!.models),
      spaces: ids(actual!.spaces),
      metrics: ids(actual!.metrics),
      demoTypes: [actual!.demo.inputs, actual!.demo.outputs].map((l) => l.map((e) => [e.type, e.label])),
    }).toEqual({
      id: expected.id,
      label: expected.label,
      libraries: expected.libraries,
      widgetModels: expected.widgetModels,
      youtubeId: expected.youtubeId || undefined, // "" in the reference means no video
      canonicalId: expected.canonicalId,
      isPlaceholder: expected.isPlaceholder,
      datasets,
      models: expected.models,
      spaces: expected.spaces,
      metrics: expected.metrics,
      demoTypes: [expected.demo.inputs, expected.demo.outputs].map((l: { type: string; label?: string }[]) =>
        l.map((e) => [e.type, e.label]),
      ),
    });
    expect(actual!.summary.length).toBeGreaterThan(20);
  });
});

describe("libraries", () => {
  const referenceKeys = Object.keys(reference.libraries);
  const withSnippets = referenceKeys.filter((key) => reference.libraries[key].hasSnippets);

  it("the reference copy is the registry of tasks 0.21.54: 257 libraries, 125 with snippets", () => {
    expect([referenceKeys.length, withSnippets.length]).toEqual([257, 125]);
  });

  it("has every library key of the reference", () => {
    const actual = Object.keys(MODEL_LIBRARIES_UI_ELEMENTS);
    // A named list, so a failure says which keys have no file.
    expect(referenceKeys.filter((key) => !actual.includes(key))).toEqual([]);
    expect(actual.length).toBeGreaterThanOrEqual(referenceKeys.length);
  });

  it("gives snippets to every library the reference gives snippets to", () => {
    const actual = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS as Record<string, LibraryUiElement>)
      .filter(([, entry]) => typeof entry.snippets === "function")
      .map(([key]) => key);
    expect(withSnippets.filter((key) => !actual.includes(key))).toEqual([]);
  });

  it.each(Object.keys(reference.libraries))("%s: registry fields", (key) => {
    const { hasSnippets, ...fields } = reference.libraries[key];
    // Multi-line download rules are kept on one line; the query means the same.
    if (fields.countDownloads) fields.countDownloads = fields.countDownloads.replace(/\s*\n\s*/g, " ");
    const entry = MODEL_LIBRARIES_UI_ELEMENTS[key as keyof typeof MODEL_LIBRARIES_UI_ELEMENTS] as
      LibraryUiElement | undefined;
    expect(entry, `no library ${key}: catalogue/libraries/${key}.yaml is missing`).toBeDefined();
    const { source, snippets, ...actual } = entry!;
    expect(actual).toEqual(withoutNulls(fields));
    if (hasSnippets) expect(typeof snippets, `${key} has snippets upstream`).toBe("function");
    expect(source).toBe(`catalogue/libraries/${key}.yaml`);
  });

  it("derives the library-to-task map from the library files, with the reference's task order", () => {
    expect(LIBRARY_TASK_MAPPING).toMatchObject(reference.libraryTaskMapping);
  });
});

describe("renamed libraries", () => {
  it("lists each renamed key of the reference as an alias of its new key", () => {
    expect(LIBRARY_ALIASES).toMatchObject(reference.libraryAliases);
  });

  it.each(Object.entries(reference.libraryAliases as Record<string, string>))(
    "a record that still names %s gets %s",
    (alias, key) => {
      expect(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS)).not.toContain(alias);
      expect(libraryKey(alias)).toBe(key);
      const record = { id: "example-org/renamed-library-model", tags: [], library_name: alias };
      const snippets = getLibrarySnippets(alias, record);
      expect(snippets).toEqual(getLibrarySnippets(key, record));
      if (reference.libraries[key].hasSnippets) expect(snippets.length).toBeGreaterThan(0);
    },
  );
});

describe("GGUF quantisation types", () => {
  it("has every file type with its value", () => {
    const names = Object.keys(GGMLFileQuantizationType).filter((k) => Number.isNaN(Number(k)));
    expect(
      Object.fromEntries(
        names.map((n) => [n, GGMLFileQuantizationType[n as keyof typeof GGMLFileQuantizationType]]),
      ),
    ).toEqual(reference.gguf.fileQuantizationTypes);
  });

  it("has every tensor type with its value", () => {
    const names = Object.keys(GGMLQuantizationType).filter((k) => Number.isNaN(Number(k)));
    expect(
      Object.fromEntries(names.map((n) => [n, GGMLQuantizationType[n as keyof typeof GGMLQuantizationType]])),
    ).toEqual(reference.gguf.tensorQuantizationTypes);
  });

  it("maps values back to names, as TS enums do", () => {
    expect(GGMLFileQuantizationType[15]).toBe("Q4_K_M");
    expect(GGMLQuantizationType[30]).toBe("BF16");
  });

  it("orders file types from biggest to smallest as the reference does", () => {
    expect(GGUF_QUANT_ORDER.map((v) => GGMLFileQuantizationType[v])).toEqual(
      reference.gguf.quantOrderBiggestToSmallest,
    );
  });

  it("reads the reference's label prefix and file-name-only labels", () => {
    expect(GGUF_LABEL_PREFIXES).toEqual([reference.gguf.labelPrefix]);
    // hubkit's own file-name labels come after the reference's (docs/catalogue.md: the _K_P quants).
    expect(GGUF_FILE_NAME_LABELS).toEqual([...reference.gguf.filenameAliases, ...HUBKIT_FILE_NAME_LABELS]);
  });
});

/** File-name labels hubkit reads and the reference does not (huggingface/huggingface.js#2107). */
const HUBKIT_FILE_NAME_LABELS = ["Q3_K_P", "Q4_K_P", "Q5_K_P", "Q8_K_P"];

/**
 * Where hubkit labels a file name differently from the reference on purpose (docs/catalogue.md): the reference
 * tries shorter names first and so splits these file types; hubkit reads the longest name.
 */
const INTENDED_LABELS: Record<string, string> = {
  "m-Q4_0_4_4.gguf": "Q4_0_4_4",
  "m-Q4_1_SOME_F16.gguf": "Q4_1_SOME_F16",
};

describe("GGUF file name labels", () => {
  const examples = reference.gguf.labelExamples as { file: string; label: string | null; note?: string }[];

  it.each(examples)("$file", ({ file, label }) => {
    expect(parseGGUFQuantLabel(file)).toBe(INTENDED_LABELS[file] ?? label ?? undefined);
  });

  it("differs only where the reference notes a quirk", () => {
    for (const file of Object.keys(INTENDED_LABELS))
      expect(examples.find((e) => e.file === file)?.note, file).toMatch(/quirk/);
  });
});
