/**
 * Shapes of catalogue/providers/*.yaml and catalogue/responses.yaml, as their schemas define them. They are the
 * runtime's provider types (src/inference/spec.ts) as written in YAML: with an id, without the generated
 * `source`, and with a flow that may be a single name.
 */
import type { ProviderSpec, Shape, TaskSpec } from "../src/inference/spec.js";

export interface ProviderFile extends Omit<ProviderSpec, "tasks" | "source"> {
  id: string;
  tasks: Record<string, ProviderTaskFile>;
}

export interface ProviderTaskFile extends Omit<TaskSpec, "flow"> {
  flow?: string | string[];
}

export type ShapeFile = Shape;

export interface ResponsesFile {
  shapes: Record<string, ShapeFile>;
}
