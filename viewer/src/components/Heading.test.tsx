// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Heading, anchorId, type HeadingLevel } from "./Heading.js";

afterEach(cleanup);

describe("Heading", () => {
  it.each([1, 2, 3, 4, 5, 6] as HeadingLevel[])(
    "level %i renders an h%i carrying the id, with a link to '#'+id",
    (level) => {
      const { container } = render(<Heading level={level} id="task-summary" title="Summary" />);
      const heading = container.querySelector(`h${level}`)!;
      expect(heading).not.toBeNull();
      expect(container.querySelectorAll("h1,h2,h3,h4,h5,h6")).toHaveLength(1);
      expect(heading.id).toBe("task-summary");
      expect(heading.textContent).toContain("Summary");
      const link = heading.querySelector("a")!;
      expect(link.getAttribute("href")).toBe("#task-summary");
    },
  );

  it("anchorId makes stable URL-safe ids", () => {
    expect(anchorId("text-to-image", "Demo inputs")).toBe("text-to-image-demo-inputs");
    expect(anchorId("library", "transformers.js")).toBe("library-transformers.js");
    expect(anchorId("  Hello, World! ")).toBe("hello-world");
  });
});
