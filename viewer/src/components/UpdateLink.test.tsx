// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_URL, sourceUrl } from "../config.js";
import { UpdateLink } from "./UpdateLink.js";

afterEach(cleanup);

describe("UpdateLink", () => {
  it("opens the source file on main in a new tab, without giving the new page a handle on this one", () => {
    const { container } = render(
      <UpdateLink source="catalogue/tasks/text-to-image.yaml" repoUrl="https://example.test/org/hubkit/" />,
    );
    const a = container.querySelector("a")!;
    expect(a.getAttribute("href")).toBe(
      "https://example.test/org/hubkit/blob/main/catalogue/tasks/text-to-image.yaml",
    );
    expect(a.getAttribute("target")).toBe("_blank");
    expect(a.getAttribute("rel")).toBe("noopener");
    expect(a.textContent).toContain("catalogue/tasks/text-to-image.yaml");
  });

  it("uses the configured repository URL by default", () => {
    const { container } = render(<UpdateLink source="templates/inference/python/requests/basic.hbs" />);
    expect(container.querySelector("a")!.getAttribute("href")).toBe(
      `${REPO_URL}/blob/main/templates/inference/python/requests/basic.hbs`,
    );
    expect(sourceUrl("/catalogue/libraries/diffusers.yaml", "https://r.test/x")).toBe(
      "https://r.test/x/blob/main/catalogue/libraries/diffusers.yaml",
    );
  });
});
