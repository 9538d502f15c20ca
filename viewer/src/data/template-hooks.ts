/**
 * Lets the template editor preview an edited template through the project's own runtime.
 *
 * The generated modules that pick templates (library-snippets.gen.ts, and the inference snippets) take the
 * compiled functions out of LIBRARY_TEMPLATES / INFERENCE_TEMPLATES once, when they load. So before they load,
 * this module puts a small forwarding function in every slot of those registries: it calls the override set
 * for that template, if any, else the generated function. main.tsx imports this module first, and it imports
 * the two registries directly (not through src/generated/index.ts, which would load the snippet modules first).
 */
import { INFERENCE_TEMPLATES } from "../../../src/generated/inference-templates.gen.js";
import { LIBRARY_TEMPLATES } from "../../../src/generated/library-templates.gen.js";

type Render = (data: unknown) => string;
export type Group = "inference" | "libraries";

const registries: Record<Group, Record<string, Render>> = {
  inference: INFERENCE_TEMPLATES,
  libraries: LIBRARY_TEMPLATES,
};
const overrides: Record<Group, Map<string, Render>> = { inference: new Map(), libraries: new Map() };
const forwarded = new WeakSet<Render>();

for (const group of Object.keys(registries) as Group[]) {
  const registry = registries[group];
  for (const [key, generated] of Object.entries(registry)) {
    if (forwarded.has(generated)) continue;
    const forward: Render = (data) => (overrides[group].get(key) ?? generated)(data);
    forwarded.add(forward);
    registry[key] = forward;
  }
}

/** Whether the registry slot can be overridden (it existed when the viewer loaded). */
export function hasSlot(group: Group, key: string): boolean {
  return Object.hasOwn(registries[group], key);
}

/** Runs `call` with `render` standing in for the template `group`/`key`, then removes it. Calls are synchronous. */
export function withOverride<T>(group: Group, key: string, render: Render | undefined, call: () => T): T {
  if (!render) return call();
  overrides[group].set(key, render);
  try {
    return call();
  } finally {
    overrides[group].delete(key);
  }
}
