/** Loaded on demand: Monaco (configured to the local copy first) and the React editor component. */
import "../monaco";
export { default } from "@monaco-editor/react";
