import { readdirSync, readFileSync } from "node:fs";
import type { Catalogue } from "../catalogue-types.js";
import { FLOWS_DIR, shapeToTs } from "../provider-checks.js";
import { defined, header, type EmittedFile } from "./common.js";

/** Provider table (compact: it is part of the client bundle) and the client version from package.json. */
export function emitProviders({ providers, root }: Catalogue): EmittedFile {
  const { version } = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { version: string };
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
 * module in an export object, about 270 bytes of the client bundle's min+gzip size.
 */
export function emitFlows({ root }: Catalogue): EmittedFile {
  const flows = readdirSync(`${root}/${FLOWS_DIR}`)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((f) => {
      const name = f.slice(0, -3);
      const text = readFileSync(`${root}/${FLOWS_DIR}/${f}`, "utf8");
      const hooks = [...text.matchAll(FLOW_HOOK_EXPORT)].map((m) => m[1]);
      return { name, hooks, local: (hook: string) => `${name.replace(/-/g, "_")}_${hook}` };
    });
  const content = `${header(`${FLOWS_DIR}/*.ts`)}
import type { Flow } from "../inference/spec.js";
${flows
  .map(
    ({ name, hooks, local }) =>
      `import { ${hooks.map((h) => `${h} as ${local(h)}`).join(", ")} } from "../inference/flows/${name}.js";`,
  )
  .join("\n")}

export const FLOWS: Record<string, Flow> = {
${flows.map(({ name, hooks, local }) => `  ${JSON.stringify(name)}: { ${hooks.map((h) => `${h}: ${local(h)}`).join(", ")} },`).join("\n")}
};
`;
  return { name: "flows.gen.ts", content };
}

/** A flow file's export of one of the hooks of `Flow` (src/inference/spec.ts), as a function or a const. */
const FLOW_HOOK_EXPORT = /^export (?:async )?(?:function\*?|const) (request|answer|result|chunk)\b/gm;

/** Answer shapes: the data the runtime checks with, and the TS types of the client's results. */
export function emitResponses({ responses }: Catalogue): EmittedFile {
  const { shapes } = responses.data;
  const content = `${header("catalogue/responses.yaml")}
import type { Shape } from "../inference/spec.js";

export const SHAPES: Record<keyof ResponseShapes, Shape> = ${JSON.stringify(shapes)};

/** The TS type of each shape of catalogue/responses.yaml. */
export interface ResponseShapes {
${Object.entries(shapes)
  .map(([id, shape]) => `  ${JSON.stringify(id)}: ${shapeToTs(shape)};`)
  .join("\n")}
}
`;
  return { name: "responses.gen.ts", content };
}
