/**
 * Checks of catalogue/snippet-clients.yaml against the other files: the providers and tasks it names exist, each
 * client is listed once, and templates/inference/<language>/<client>/ exists exactly for the listed clients.
 */
import type { Catalogue } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { Templates } from "./template-files.js";

export function snippetClientChecks(catalogue: Catalogue, templates: Templates): Diagnostic[] {
  return [...unknownNames(catalogue), ...clientsAndTemplates(catalogue, templates)];
}

function unknownNames({ snippetClients, providers, tasks }: Catalogue): Diagnostic[] {
  const providerIds = providers.map((p) => p.data.id);
  const taskIds = [...tasks.map((t) => t.data.id), "conversational"];
  const out: Diagnostic[] = [];
  const check = (pointer: string, name: string, known: string[], what: string) => {
    if (known.includes(name)) return;
    const guess = closest(name, known);
    out.push({
      file: snippetClients.file,
      ...snippetClients.locate(pointer),
      message: `${pointer} "${name}" is not a known ${what}${guess ? `; did you mean "${guess}"?` : ""}`,
      rule: "catalogue/snippet-client-references",
    });
  };
  snippetClients.data.clients.forEach((client, i) => {
    const at = `/clients/${i}`;
    client.providers?.forEach((p, j) => check(`${at}/providers/${j}`, p, providerIds, "provider"));
    client.cannot?.providers?.forEach((p, j) =>
      check(`${at}/cannot/providers/${j}`, p, providerIds, "provider"),
    );
    client.cannot?.tasks?.forEach((t, j) => check(`${at}/cannot/tasks/${j}`, t, taskIds, "task"));
    client.cannot?.pairs?.forEach((pair, j) => {
      check(`${at}/cannot/pairs/${j}/provider`, pair.provider, providerIds, "provider");
      check(`${at}/cannot/pairs/${j}/task`, pair.task, taskIds, "task");
    });
  });
  return out;
}

function clientsAndTemplates({ snippetClients }: Catalogue, templates: Templates): Diagnostic[] {
  const out: Diagnostic[] = [];
  const listed = new Set<string>();
  const withTemplates = new Set(templates.inference.map((t) => t.key.split("/").slice(0, 2).join("/")));
  snippetClients.data.clients.forEach((client, i) => {
    const key = `${client.language}/${client.id}`;
    const at = { file: snippetClients.file, ...snippetClients.locate(`/clients/${i}/id`) };
    if (listed.has(key))
      out.push({ ...at, message: `/clients/${i} lists ${key} again`, rule: "catalogue/snippet-clients" });
    listed.add(key);
    if (!withTemplates.has(key))
      out.push({
        ...at,
        message: `/clients/${i}/id "${client.id}" has no templates: add templates/inference/${key}/<template>.hbs`,
        rule: "catalogue/snippet-clients",
      });
  });
  for (const template of templates.inference) {
    const key = template.key.split("/").slice(0, 2).join("/");
    if (!listed.has(key))
      out.push({
        file: template.file,
        line: 1,
        col: 1,
        message: `the client ${key} is not in catalogue/snippet-clients.yaml; list it there (its language, kind and order)`,
        rule: "catalogue/snippet-clients",
      });
  }
  return out;
}
