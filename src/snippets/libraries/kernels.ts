/**
 * The kernel registry of the hub's kernel pages: one entry, kernels, with the labels of the kernels
 * library and a snippet function that takes a kernel id and an optional version. It renders the kernels
 * library's template (the model-library snippet is the same text without a version).
 */
import { LIBRARY_TEMPLATES } from "../../generated/library-templates.gen.js";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../../generated/libraries.gen.js";

export interface KernelLibraryUiElement {
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  /** Loading snippets for a kernel; `version` (a positive integer) pins a kernel version. */
  snippets: (kernelId: string, version?: number) => string[];
}

const { prettyLabel, repoName, repoUrl, docsUrl } = MODEL_LIBRARIES_UI_ELEMENTS.kernels;
const render = LIBRARY_TEMPLATES["kernels/default"];

function kernelSnippets(kernelId: string, version?: number): string[] {
  if (typeof kernelId !== "string" || kernelId === "") {
    throw new TypeError(
      `KERNEL_LIBRARIES_UI_ELEMENTS.kernels.snippets: the kernel id must be a non-empty string, got ${JSON.stringify(kernelId)}`,
    );
  }
  if (version !== undefined && !(Number.isInteger(version) && version > 0)) {
    throw new RangeError(
      `KERNEL_LIBRARIES_UI_ELEMENTS.kernels.snippets: the version must be a positive integer, got ${JSON.stringify(version)}`,
    );
  }
  return [render({ model: { id: kernelId }, version })];
}

export const KERNEL_LIBRARIES_UI_ELEMENTS: { kernels: KernelLibraryUiElement } = {
  kernels: { prettyLabel, repoName, repoUrl, ...(docsUrl ? { docsUrl } : {}), snippets: kernelSnippets },
};
