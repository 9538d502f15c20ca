/** catalogue/snippet-clients.yaml -> the clients of the inference snippets, as the runtime reads them. */
import type { Catalogue } from "../catalogue-types.js";
import { header, type EmittedFile } from "./common.js";

export function emitSnippetClients({ snippetClients }: Catalogue): EmittedFile {
  const clients = snippetClients.data.clients.map(({ package: _package, ...client }) => client);
  const content = `${header("catalogue/snippet-clients.yaml")}
import type { SnippetClient } from "../snippets/types.js";

/** The clients of the inference snippets, in result order within each language. */
export const SNIPPET_CLIENT_TABLE: readonly SnippetClient[] = ${JSON.stringify(clients, null, 2)};
`;
  return { name: "snippet-clients.gen.ts", content };
}
