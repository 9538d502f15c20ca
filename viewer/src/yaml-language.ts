/**
 * Completion and hover in the catalogue editor, from the catalogue's JSON Schemas and their descriptions
 * (monaco-yaml). Problems are not monaco-yaml's to show: the editor marks the generator's own, so the words are
 * those of `npm run validate`.
 */
import { configureMonacoYaml } from "monaco-yaml";
import { COLLECTIONS, SINGLES } from "../../generator/catalogue-files.js";
import YamlWorker from "./yaml.worker.js?worker";

type MonacoNs = typeof import("monaco-editor/editor/editor.api.js");

/** Where a catalogue file's model lives: its `$schema` comment (../../schemas/x) then names a schema given here. */
export const catalogueModelPath = (file: string) => `file:///${file}`;

let configured = false;

/** Configures the YAML service once, with every schema of schemas/ (no schema is fetched: the viewer is offline). */
export function configureCatalogueYaml(monaco: MonacoNs, schemas: Record<string, object>): void {
  if (configured) return;
  configured = true;
  const fileMatch = (schema: string) => [
    ...Object.entries(COLLECTIONS)
      .filter(([, name]) => name === schema)
      .map(([dir]) => catalogueModelPath(`catalogue/${dir}/*.yaml`)),
    ...Object.entries(SINGLES)
      .filter(([, name]) => name === schema)
      .map(([file]) => catalogueModelPath(`catalogue/${file}`)),
  ];
  const withWorker = {
    ...monaco,
    editor: { ...monaco.editor, createWebWorker: startYamlWorker(monaco) },
  } as unknown as MonacoNs;
  configureMonacoYaml(withWorker, {
    enableSchemaRequest: false,
    validate: false,
    completion: true,
    hover: true,
    schemas: Object.entries(schemas).map(([name, schema]) => ({
      uri: catalogueModelPath(`schemas/${name}`),
      fileMatch: fileMatch(name),
      schema,
    })),
  });
}

/**
 * monaco-yaml starts its worker with the options of Monaco's older createWebWorker (a label and the data to
 * create the service with); this Monaco takes the worker itself, which is then given that data as its first
 * messages, as Monaco does for its own language workers.
 */
function startYamlWorker(monaco: MonacoNs) {
  return (options: { createData: unknown; host?: Record<string, (...args: unknown[]) => unknown> }) => {
    const worker = new YamlWorker();
    worker.postMessage("ignore");
    worker.postMessage(options.createData);
    return monaco.editor.createWebWorker({ worker, host: options.host });
  };
}
