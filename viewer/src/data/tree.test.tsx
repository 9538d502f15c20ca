// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tree } from "../components/Tree.js";
import { parseTemplatePath } from "./templates.js";
import { buildTree, countLeaves, filterTree, pathTo, type TreeNode } from "./tree.js";

afterEach(cleanup);

const tree = buildTree({
  modalities: [
    { id: "nlp", label: "Natural Language Processing" },
    { id: "cv", label: "Computer Vision" },
  ],
  tasks: [
    { id: "text-generation", name: "Text Generation", modality: "nlp" },
    { id: "fill-mask", name: "Fill-Mask", modality: "nlp" },
    { id: "text-to-image", name: "Text-to-Image", modality: "cv" },
  ],
  libraries: [
    { key: "diffusers", prettyLabel: "Diffusers" },
    { key: "transformers", prettyLabel: "Transformers" },
  ],
  templates: [
    "templates/inference/python/requests/basic.hbs",
    "templates/inference/sh/curl/basic.hbs",
    "templates/libraries/diffusers/lora.hbs",
  ].map(parseTemplatePath),
  providers: [{ id: "groq", title: "Groq" }],
  samples: [],
});

const TOP = ["Inference templates", "Library templates", "Libraries", "Tasks", "Providers", "Sample records"];
const labels = (nodes: TreeNode[]): string[] =>
  nodes.flatMap((n) => [n.label, ...(n.children ? labels(n.children) : [])]);

describe("catalogue tree: the groups", () => {
  it("groups inference templates by language and client, library templates by library, tasks by modality", () => {
    const inference = tree.find((n) => n.id === "templates/inference")!;
    expect(inference.children!.map((n) => n.label)).toEqual(["python", "sh"]);
    expect(inference.children![0].children![0]).toMatchObject({
      label: "requests",
      children: [{ id: "template:inference/python/requests/basic", label: "basic" }],
    });
    const library = tree.find((n) => n.id === "templates/libraries")!;
    expect(library.children).toMatchObject([
      { label: "diffusers", children: [{ id: "template:libraries/diffusers/lora" }] },
    ]);
    const tasks = tree.find((n) => n.id === "tasks")!;
    expect(tasks.children!.map((n) => n.label)).toEqual(["Natural Language Processing", "Computer Vision"]);
    expect(tree.find((n) => n.id === "samples")!.detail).toBe("none");
    expect(countLeaves(tree)).toBe(9);
  });

  it("lists local apps in registry order, and their templates by app, when given", () => {
    const withApps = buildTree({
      modalities: [],
      tasks: [],
      libraries: [],
      templates: ["templates/local-apps/ollama/run.hbs", "templates/local-apps/shared/mlx-install.hbs"].map(
        parseTemplatePath,
      ),
      providers: [],
      samples: [],
      localApps: [
        { key: "llama.cpp", prettyLabel: "llama.cpp" },
        { key: "lmstudio", prettyLabel: "LM Studio" },
      ],
    });
    expect(withApps.map((n) => n.label)).toEqual([
      "Inference templates",
      "Library templates",
      "Local-app templates",
      "Libraries",
      "Local apps",
      "Tasks",
      "Providers",
      "Sample records",
    ]);
    expect(withApps.find((n) => n.id === "local-apps")!.children).toEqual([
      { id: "local-app:llama.cpp", label: "llama.cpp", detail: undefined },
      { id: "local-app:lmstudio", label: "LM Studio", detail: "lmstudio" },
    ]);
    expect(withApps.find((n) => n.id === "templates/local-apps")!.children).toMatchObject([
      { label: "ollama", children: [{ id: "template:local-apps/ollama/run" }] },
      { label: "shared", children: [{ id: "template:local-apps/shared/mlx-install" }] },
    ]);
  });
});

describe("catalogue tree: filtering, and the way to an entry", () => {
  it("filters case-insensitively on label and id, keeping the groups on the way", () => {
    const hits = filterTree(tree, "TEXT");
    expect(labels(hits)).toEqual([
      "Tasks",
      "Natural Language Processing",
      "Text Generation",
      "Computer Vision",
      "Text-to-Image",
    ]);
    expect(labels(filterTree(tree, "fill-mask"))).toEqual([
      "Tasks",
      "Natural Language Processing",
      "Fill-Mask",
    ]);
  });

  it("needs every term to match, and a matching group keeps all its children", () => {
    expect(labels(filterTree(tree, "text image"))).toEqual(["Tasks", "Computer Vision", "Text-to-Image"]);
    expect(countLeaves(filterTree(tree, "computer vision"))).toBe(1);
    expect(countLeaves(filterTree(tree, "curl"))).toBe(1);
    expect(filterTree(tree, "")).toBe(tree);
    expect(filterTree(tree, "no such thing")).toEqual([]);
  });

  it("finds the groups leading to an entry", () => {
    expect(pathTo(tree, "template:inference/sh/curl/basic")).toEqual([
      "templates/inference",
      "templates/inference/sh",
      "templates/inference/sh/curl",
    ]);
    expect(pathTo(tree, "task:nope")).toBeUndefined();
  });
});

describe("<Tree>", () => {
  const rows = (c: HTMLElement) =>
    [...c.querySelectorAll('[role="treeitem"]')].map((r) => r.querySelector(".tree-label")!.textContent);

  it("shows only the top groups at first, and every match opened while searching", () => {
    const { container, rerender } = render(<Tree nodes={tree} query="" onSelect={() => {}} />);
    expect(rows(container)).toEqual(TOP);
    rerender(<Tree nodes={tree} query="diff" onSelect={() => {}} />);
    expect(rows(container)).toEqual(["Library templates", "diffusers", "lora", "Libraries", "Diffusers"]);
    rerender(<Tree nodes={tree} query="zzz" onSelect={() => {}} />);
    expect(container.textContent).toContain("Nothing matches “zzz”");
  });

  it("is keyboard friendly: arrows move and open, Enter selects", () => {
    const onSelect = vi.fn();
    const { container } = render(<Tree nodes={tree} query="" onSelect={onSelect} />);
    const treeEl = container.querySelector('[role="tree"]')!;
    const focused = () =>
      container.querySelector('[tabindex="0"]')!.querySelector(".tree-label")!.textContent;
    expect(focused()).toBe("Inference templates");
    fireEvent.keyDown(treeEl, { key: "ArrowDown" });
    fireEvent.keyDown(treeEl, { key: "ArrowDown" });
    expect(focused()).toBe("Libraries");
    fireEvent.keyDown(treeEl, { key: "ArrowRight" });
    expect(rows(container)).toContain("Diffusers");
    fireEvent.keyDown(treeEl, { key: "ArrowRight" });
    expect(focused()).toBe("Diffusers");
    fireEvent.keyDown(treeEl, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledWith("library:diffusers");
    fireEvent.keyDown(treeEl, { key: "ArrowLeft" });
    expect(focused()).toBe("Libraries");
    fireEvent.keyDown(treeEl, { key: "ArrowLeft" });
    expect(rows(container)).not.toContain("Diffusers");
    fireEvent.keyDown(treeEl, { key: "End" });
    expect(focused()).toBe("Sample records");
  });

  it("marks the selected entry and opens the way to it", () => {
    const { container } = render(
      <Tree
        nodes={tree}
        query=""
        selectedId="task:fill-mask"
        initiallyExpanded={pathTo(tree, "task:fill-mask")}
        onSelect={() => {}}
      />,
    );
    const selected = container.querySelector('[aria-selected="true"]')!;
    expect(selected.getAttribute("data-id")).toBe("task:fill-mask");
  });

  it("opens the way to an entry selected later, and leaves closed a group the user closed on that way", () => {
    const view = (id: string) => (
      <Tree nodes={tree} query="" selectedId={id} initiallyExpanded={pathTo(tree, id)} onSelect={() => {}} />
    );
    const { container, rerender } = render(view("task:fill-mask"));
    expect(rows(container)).toContain("Fill-Mask");
    rerender(view("template:inference/sh/curl/basic"));
    expect(rows(container)).toEqual(expect.arrayContaining(["sh", "curl", "basic", "Fill-Mask"]));
    const group = container.querySelector('[data-id="templates/inference/sh"]') as HTMLElement;
    fireEvent.click(group);
    expect(rows(container)).not.toContain("basic");
    rerender(view("template:inference/sh/curl/basic"));
    expect(rows(container)).not.toContain("basic");
    rerender(view("task:text-to-image"));
    expect(rows(container)).toEqual(
      expect.arrayContaining(["Computer Vision", "Text-to-Image", "Fill-Mask"]),
    );
  });
});
