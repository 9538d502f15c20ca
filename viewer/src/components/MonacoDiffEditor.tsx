/** Loaded on demand: Monaco (configured to the local copy first) and the React diff editor component. */
import "../monaco.js";
import { DiffEditor } from "@monaco-editor/react";

export default DiffEditor;
