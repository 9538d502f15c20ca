/** What the generator knows of a flow file of src/inference/flows/ (no file system: the viewer uses it too). */

export const FLOWS_DIR = "src/inference/flows";

/** The hooks a flow file may export (see Flow in src/inference/spec.ts); other exports are helpers. */
export const FLOW_HOOKS: ReadonlySet<string> = new Set(["request", "answer", "result", "chunk"]);

export interface FlowFile {
  name: string;
  /** The hooks the file exports, in the file's order. */
  hooks: string[];
}
