/**
 * Module resolve hooks for running generated JS snippets (registered by loopback.mjs): the snippets import
 * `@huggingface/inference`, which hubkit's client stands in for (no @huggingface/* package is installed), and
 * `openai`, resolved from the project (the snippet files live in a temporary folder).
 */
let build;
let project;

export function initialize(data) {
  ({ build, project } = data);
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@huggingface/inference") {
    if (!build)
      throw new Error("loopback: HUBKIT_CLIENT_BUILD is not set; the snippet imports @huggingface/inference");
    return { url: build, shortCircuit: true, format: "module" };
  }
  if (specifier === "openai" || specifier.startsWith("openai/"))
    return nextResolve(specifier, { ...context, parentURL: project });
  return nextResolve(specifier, context);
}
