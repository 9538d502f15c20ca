import { describe, expect, it } from "vitest";
import {
  CatalogueError,
  closest,
  formatDiagnostic,
  sortDiagnostics,
  type Diagnostic,
} from "./diagnostics.js";

const TASKS = ["text-classification", "token-classification", "fill-mask", "translation", "summarization"];

describe("closest", () => {
  it.each([
    ["text-clasification", "text-classification"],
    ["fill-mas", "fill-mask"],
    ["translaton", "translation"],
    ["Fill-Mask", "fill-mask"],
    ["token-classifcation", "token-classification"],
  ])("%s -> %s", (word, guess) => {
    expect(closest(word, TASKS)).toBe(guess);
  });

  it("returns an exact match", () => {
    expect(closest("translation", TASKS)).toBe("translation");
  });

  it.each(["image-to-video", "xyz", ""])(
    "gives no guess for %j, which is nothing like any of them",
    (word) => {
      expect(closest(word, TASKS)).toBeUndefined();
    },
  );

  it("takes any iterable and nothing known gives no guess", () => {
    expect(closest("fill-mas", new Set(TASKS))).toBe("fill-mask");
    expect(closest("fill-mas", [])).toBeUndefined();
  });

  it("prefers the first of equally close candidates", () => {
    expect(closest("ab", ["ax", "xb"])).toBe("ax");
  });
});

describe("formatDiagnostic", () => {
  const d: Diagnostic = {
    file: "catalogue/tasks/fill-mask.yaml",
    line: 7,
    col: 12,
    message: "/modality must be one of nlp, cv",
  };

  it("prints path:line:col  error  message", () => {
    expect(formatDiagnostic(d)).toBe(
      "catalogue/tasks/fill-mask.yaml:7:12  error  /modality must be one of nlp, cv",
    );
  });

  it("adds the rule in brackets", () => {
    expect(formatDiagnostic({ ...d, rule: "task.schema.json enum" })).toBe(
      "catalogue/tasks/fill-mask.yaml:7:12  error  /modality must be one of nlp, cv  [task.schema.json enum]",
    );
  });

  it("puts the tip on its own indented line", () => {
    expect(formatDiagnostic({ ...d, rule: "r", tip: "see catalogue/modalities.yaml" })).toBe(
      "catalogue/tasks/fill-mask.yaml:7:12  error  /modality must be one of nlp, cv  [r]\n  tip: see catalogue/modalities.yaml",
    );
  });
});

describe("sortDiagnostics", () => {
  const at = (file: string, line: number, col: number, message = "m"): Diagnostic => ({
    file,
    line,
    col,
    message,
  });

  it("orders by file, then line, then column, then message", () => {
    const list = [
      at("catalogue/tasks/b.yaml", 2, 1),
      at("catalogue/tasks/a.yaml", 10, 1),
      at("catalogue/libraries/z.yaml", 30, 5),
      at("catalogue/tasks/a.yaml", 9, 7),
      at("catalogue/tasks/a.yaml", 9, 3, "second"),
      at("catalogue/tasks/a.yaml", 9, 3, "first"),
    ];
    expect(sortDiagnostics(list)).toEqual([
      at("catalogue/libraries/z.yaml", 30, 5),
      at("catalogue/tasks/a.yaml", 9, 3, "first"),
      at("catalogue/tasks/a.yaml", 9, 3, "second"),
      at("catalogue/tasks/a.yaml", 9, 7),
      at("catalogue/tasks/a.yaml", 10, 1),
      at("catalogue/tasks/b.yaml", 2, 1),
    ]);
  });

  it("sorts lines as numbers, not as text", () => {
    const sorted = sortDiagnostics([at("f", 10, 1), at("f", 9, 1), at("f", 100, 1)]);
    expect(sorted.map((d) => d.line)).toEqual([9, 10, 100]);
  });

  it("does not change the list it is given", () => {
    const list = [at("b", 1, 1), at("a", 1, 1)];
    sortDiagnostics(list);
    expect(list.map((d) => d.file)).toEqual(["b", "a"]);
  });

  it("gives the same order whatever the input order", () => {
    const list = [at("a", 1, 1, "x"), at("a", 1, 1, "y"), at("b", 2, 2), at("a", 3, 1)];
    expect(sortDiagnostics([...list].reverse())).toEqual(sortDiagnostics(list));
  });
});

describe("CatalogueError", () => {
  it("carries every diagnostic and lists them sorted in its message", () => {
    const list = [
      { file: "b.yaml", line: 1, col: 1, message: "second" },
      { file: "a.yaml", line: 2, col: 3, message: "first" },
    ];
    const error = new CatalogueError(list);
    expect(error.name).toBe("CatalogueError");
    expect(error.diagnostics).toBe(list);
    expect(error.message).toBe(
      "2 errors in the catalogue:\na.yaml:2:3  error  first\nb.yaml:1:1  error  second",
    );
  });
});
