/**
 * The Monaco editor component, split from the main bundle: the tree and the task pages show without waiting
 * for Monaco. The chunk configures the loader to the bundled monaco-editor before any editor mounts, so
 * @monaco-editor/react never reaches for a CDN.
 */
import { lazy } from "react";

export const Editor = lazy(() => import("./MonacoEditor.js"));
/** Monaco's side-by-side diff editor, from the same chunk's loader. */
export const DiffEditor = lazy(() => import("./MonacoDiffEditor.js"));
