// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RouterProvider, useRouter } from "./router.js";

afterEach(cleanup);

/** Shows the selection and the dropped-token flag; its button sets a sample, then opens a task, in one click. */
function Probe() {
  const { selection, droppedToken, navigate, update } = useRouter();
  return (
    <>
      <output data-testid="selection">{JSON.stringify(selection)}</output>
      <output data-testid="dropped">{String(droppedToken)}</output>
      <button
        type="button"
        onClick={() => {
          update({ sample: "llama-chat" });
          navigate({ kind: "task", id: "fill-mask" });
        }}
      >
        go
      </button>
    </>
  );
}

const start = (search: string) => {
  history.replaceState(null, "", `/${search}`);
  return render(
    <RouterProvider>
      <Probe />
    </RouterProvider>,
  );
};

describe("RouterProvider", () => {
  it("drops a token from an old link out of the address, and says it did", () => {
    const page = start("?view=task:text-generation&accessToken=hf_old_secret");
    expect(location.search).toBe("?view=task%3Atext-generation");
    expect(page.getByTestId("dropped").textContent).toBe("true");
    expect(page.getByTestId("selection").textContent).not.toContain("hf_old_secret");
  });

  it("says nothing about a token when the link had none", () => {
    const page = start("?view=task:text-generation");
    expect(page.getByTestId("dropped").textContent).toBe("false");
  });

  it("two changes in one event build on each other, in the state and in the URL", () => {
    const page = start("?view=library:diffusers");
    const before = history.length;
    fireEvent.click(page.getByRole("button", { name: "go" }));
    const selection = JSON.parse(page.getByTestId("selection").textContent!);
    expect(selection).toMatchObject({ view: { kind: "task", id: "fill-mask" }, sample: "llama-chat" });
    expect(new URLSearchParams(location.search).get("sample")).toBe("llama-chat");
    expect(new URLSearchParams(location.search).get("view")).toBe("task:fill-mask");
    expect(history.length).toBe(before + 1);
  });

  it("Back restores the previous selection, and later changes start from it", () => {
    const page = start("?view=library:diffusers");
    fireEvent.click(page.getByRole("button", { name: "go" }));
    act(() => {
      history.replaceState(null, "", "/?view=library:transformers&provider=groq");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(JSON.parse(page.getByTestId("selection").textContent!).view).toEqual({
      kind: "library",
      id: "transformers",
    });
    fireEvent.click(page.getByRole("button", { name: "go" }));
    expect(new URLSearchParams(location.search).get("provider")).toBe("groq");
  });
});
