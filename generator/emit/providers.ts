import { readdirSync, readFileSync } from "node:fs";
import type { Catalogue } from "../catalogue-types.js";
import { FLOWS_DIR, shapeToTs } from "../provider-checks.js";
import { defined, header, type EmittedFile } from "./common.js";

/** Provider table (compact: it is part of the client bundle) and the client version from package.json. */
export function emitProviders({ providers, root }: Catalogue): EmittedFile {
  const { version } = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { version: string };
  const table = Object.fromEntries(
    providers.map(({ file, data: p }) => [
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
        source: file,
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
`;
  return { name: "providers.gen.ts", content };
}

/** The flows named by the providers, discovered from src/inference/flows/ (no hand-kept list). */
export function emitFlows({ root }: Catalogue): EmittedFile {
  const names = readdirSync(`${root}/${FLOWS_DIR}`)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => f.slice(0, -3))
    .sort();
  const ident = (name: string) => `flow_${name.replace(/-/g, "_")}`;
  const content = `${header(`${FLOWS_DIR}/*.ts`)}
import type { Flow } from "../inference/spec.js";
${names.map((n) => `import * as ${ident(n)} from "../inference/flows/${n}.js";`).join("\n")}

export const FLOWS: Record<string, Flow> = {
${names.map((n) => `  ${JSON.stringify(n)}: ${ident(n)},`).join("\n")}
};
`;
  return { name: "flows.gen.ts", content };
}

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
