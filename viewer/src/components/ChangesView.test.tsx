// @vitest-environment happy-dom
/**
 * The Changes view on a report made by the review's own comparison (generator/review/report.ts): loading a file,
 * the summary, the filters, a heading anchor and the update links of each change, and a file that is not a report.
 * Monaco's diff editor is replaced by a plain stand-in here (happy-dom runs no workers); the browser tests run it.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { compareRenders } from "../../../generator/review/report.js";
import type { PageSnippet } from "../../../generator/review/page.js";
import { ChangesView } from "./ChangesView.js";

vi.mock("./LazyEditor.js", () => ({
  DiffEditor: ({ original, modified }: { original: string; modified: string }) => (
    <pre data-testid="diff">{`${original}\n---\n${modified}`}</pre>
  ),
}));

// As under a static build: no report is served (the Chromium test covers a served one).
beforeEach(() => vi.stubGlobal("fetch", async () => new Response(null, { status: 404 })));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const snippet = (over: Partial<PageSnippet> & { key: string; text: string }): PageSnippet => ({
  group: "inference",
  sample: "text-classification",
  ...over,
});
const before = [
  snippet({
    key: "inference text-classification python/requests routed",
    language: "python",
    client: "requests",
    provider: "hf-inference",
    text: "import requests",
  }),
  snippet({
    key: "inference text-classification sh/curl routed",
    language: "sh",
    client: "curl",
    provider: "hf-inference",
    text: "curl old",
  }),
  snippet({
    key: "library bert transformers 0",
    group: "library",
    sample: "bert",
    library: "transformers",
    language: "python",
    text: "from transformers import pipeline",
  }),
];
const after = [
  { ...before[0], text: "import requests\nimport os" },
  { ...before[1], text: "curl new" },
  snippet({
    key: "library bert transformers 1",
    group: "library",
    sample: "bert",
    library: "transformers",
    language: "python",
    text: "model = AutoModel()",
  }),
];
const report = {
  base: "0123456789abcdef",
  head: "working tree",
  ...compareRenders(before, after, ["templates/partials/python/requestsHead.hbs"]),
};

async function load(text: string, name = "report.json") {
  render(<ChangesView />);
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: "application/json" })] } });
}

describe("Changes view", () => {
  it("shows the counts by group and every change with its heading anchor, update link and both texts", async () => {
    await load(JSON.stringify(report));
    await waitFor(() => expect(screen.getAllByTestId("change")).toHaveLength(4));
    const summary = screen.getByTestId("changes-summary");
    const row = (group: string) =>
      [...summary.querySelectorAll("tr")].find((tr) => tr.textContent?.startsWith(group))!;
    expect([...row("inference").querySelectorAll("td")].map((td) => td.textContent)).toEqual(["0", "0", "2"]);
    expect([...row("library").querySelectorAll("td")].map((td) => td.textContent)).toEqual(["1", "1", "0"]);
    const first = screen.getAllByTestId("change")[0];
    const heading = first.querySelector("h2")!;
    expect(heading.id).toMatch(/^change-changed-text-classification-python-requests-hf-inference/);
    expect(heading.querySelector("a")!.getAttribute("href")).toBe(`#${heading.id}`);
    expect(first.querySelector("a.update-link")!.getAttribute("title")).toBe(
      "templates/partials/python/requestsHead.hbs",
    );
    expect(first.querySelector('[data-testid="diff"]')!.textContent).toBe(
      "import requests\n---\nimport requests\nimport os",
    );
  });

  it("filters by language, client, provider and library", async () => {
    await load(JSON.stringify(report));
    await waitFor(() => expect(screen.getAllByTestId("change")).toHaveLength(4));
    fireEvent.change(screen.getByLabelText("language"), { target: { value: "sh" } });
    expect(screen.getAllByTestId("change")).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toBe("1 of 4 changed snippets");
    fireEvent.change(screen.getByLabelText("language"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("library"), { target: { value: "transformers" } });
    expect(screen.getAllByTestId("change")).toHaveLength(2);
  });

  it("keeps the loaded report in this tab: a new view shows it again", async () => {
    await load(JSON.stringify(report));
    await waitFor(() => expect(screen.getAllByTestId("change")).toHaveLength(4));
    cleanup();
    render(<ChangesView />);
    expect(screen.getAllByTestId("change")).toHaveLength(4);
  });

  it("a file that is not a report says what is wrong with it, naming the file", async () => {
    await load('{"base": "x", "head": "y", "changes": [{"kind": "moved"}]}', "bad.json");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "bad.json: changes[0]: kind: expected added, removed or changed",
      ),
    );
    expect(screen.queryAllByTestId("change")).toHaveLength(0);
  });
});
