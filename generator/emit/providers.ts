import { answerShapes } from "../answer-shapes.js";
import type { Catalogue } from "../catalogue-types.js";
import { FLOWS_DIR } from "../flow-hooks.js";
import { defined, header, type EmittedFile } from "./common.js";

/**
 * Provider table (compact: it is part of the client bundle) and the client version from package.json. Each
 * `output.expect` becomes the compiled shape of the JSON Schemas it names (see emitShapes).
 */
export function emitProviders(catalogue: Catalogue): EmittedFile {
  const { providers, version } = catalogue;
  const shapes = answerShapes(catalogue);
  const table = Object.fromEntries(
    providers.map(({ data: p }) => [
      p.id,
      defined({
        name: p.name,
        directBaseUrl: p.directBaseUrl,
        routerSegment: p.routerSegment,
        routerOnly: p.routerOnly,
        auth: p.auth,
        closedSource: p.closedSource,
        clientSideOnly: p.clientSideOnly,
        headers: p.headers,
        tasks: Object.fromEntries(
          Object.entries(p.tasks).map(([task, t]) => [
            task,
            defined({
              ...t,
              flow: t.flow === undefined ? undefined : Array.isArray(t.flow) ? t.flow : [t.flow],
              output:
                t.output?.expect === undefined
                  ? t.output
                  : { ...t.output, expect: shapes.expect(t.output.expect) },
            }),
          ]),
        ),
      }),
    ]),
  );
  const content = `${header("catalogue/providers/*.yaml, package.json")}
import type { ProviderSpec } from "../inference/spec.js";

/** hubkit's version (package.json), sent in the User-Agent. */
export const HUBKIT_VERSION = ${JSON.stringify(version)};

export const PROVIDER_IDS = ${JSON.stringify(providers.map((p) => p.data.id))} as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Every inference provider: base URLs, auth and per task how requests are built and answers read. */
export const PROVIDERS: Record<ProviderId, ProviderSpec> = ${JSON.stringify(table)};

/** The catalogue file of each provider (for the viewer; the client never reads it, so bundles leave it out). */
export const PROVIDER_SOURCES: Record<ProviderId, string> = ${JSON.stringify(
    Object.fromEntries(providers.map(({ file, data }) => [data.id, file])),
  )};
`;
  return { name: "providers.gen.ts", content };
}

/**
 * The flows named by the providers, discovered from src/inference/flows/ (no hand-kept list). Each flow becomes an
 * object of the hooks its file exports, imported by name: a namespace import would make bundlers wrap every flow
 * module in an export object, about 270 bytes of the client bundle's min+gzip size. A file with only answer and
 * result hooks (polling, post-processing) is imported when first needed instead (`load`), so that an application's
 * bundle keeps it in a chunk of its own; request and chunk hooks run synchronously and are imported up front.
 */
export function emitFlows(catalogue: Catalogue): EmittedFile {
  const flows = catalogue.flows.map(({ name, hooks }) => ({
    name,
    hooks,
    lazy: hooks.every((hook) => hook === "answer" || hook === "result"),
    local: (hook: string) => `${name.replace(/-/g, "_")}_${hook}`,
  }));
  const module = (name: string) => `"../inference/flows/${name}.js"`;
  const imports = flows
    .filter(({ lazy }) => !lazy)
    .map(
      ({ name, hooks, local }) =>
        `import { ${hooks.map((h) => `${h} as ${local(h)}`).join(", ")} } from ${module(name)};`,
    );
  const entry = ({ name, hooks, lazy, local }: (typeof flows)[number]) =>
    lazy ? `load: () => import(${module(name)})` : hooks.map((h) => `${h}: ${local(h)}`).join(", ");
  const content = `${header(`${FLOWS_DIR}/*.ts`)}
import type { Flow } from "../inference/spec.js";
${imports.join("\n")}

export const FLOWS: Record<string, Flow> = {
${flows.map((flow) => `  ${JSON.stringify(flow.name)}: { ${entry(flow)} },`).join("\n")}
};
`;
  return { name: "flows.gen.ts", content };
}

/**
 * The named answer shapes that the providers' expectations refer to, compiled from the JSON Schemas of the task specs
 * and of catalogue/provider-answers.yaml: the one definition of each answer, read by the client's checks.
 */
export function emitShapes(catalogue: Catalogue): EmittedFile {
  const shapes = answerShapes(catalogue);
  for (const { data } of catalogue.providers)
    for (const task of Object.values(data.tasks)) if (task.output?.expect) shapes.expect(task.output.expect);
  const content = `${header("catalogue/task-specs/*.yaml, catalogue/task-spec-definitions.yaml, catalogue/provider-answers.yaml")}
import type { Shape } from "../inference/spec.js";

export const SHAPES: Record<string, Shape> = ${JSON.stringify(shapes.named())};
`;
  return { name: "shapes.gen.ts", content };
}
