// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { RouterProvider } from "../state/router.js";
import { ProviderView } from "./FileViews.js";

afterEach(cleanup);

it("a provider's tasks show the answer schemas their output expects, as the provider file names them", () => {
  const { container } = render(
    <RouterProvider>
      <ProviderView id="hf-inference" />
    </RouterProvider>,
  );
  const output = (task: string) =>
    [...container.querySelectorAll(".tasks-table tbody tr")]
      .find((row) => row.querySelector("td")?.textContent === task)
      ?.querySelectorAll("td")[3].textContent;
  expect(output("text-classification")).toBe("TextClassificationOutput");
  expect(output("zero-shot-classification")).toBe(
    "ZeroShotClassificationOutput | ZeroShotClassificationLegacyAnswer",
  );
  expect(output("audio-to-audio")).toBe("AudioToAudioOutput[]");
  expect(output("translation")).toBe("TranslationOutput | TranslationOutput[]");
});
