/** Loaded on demand: Monaco (configured to the local copy first) and the React editor component. */
import "../monaco.js";
import { Editor } from "@monaco-editor/react";

export default Editor;
