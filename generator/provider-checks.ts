/** Cross-file checks of catalogue/providers/*.yaml: task ids, flow names, shapes and placeholders all resolve. */
import { FLOWS_DIR } from "./flows.js";
import { CHAT } from "../src/tasks/chat.js";
import type { Catalogue } from "./catalogue-types.js";
import { closest, type Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";
import type { ProviderTaskFile, ShapeFile } from "./catalogue-types.js";

const BUILTIN_TYPES = new Set(["string", "number", "boolean", "object", "array", "blob", "unknown", "null"]);

export function providerChecks(catalogue: Catalogue, taskIds: Set<string>): Diagnostic[] {
  const { providers, responses } = catalogue;
  const flowNames = new Set(catalogue.flows.map((f) => f.name));
  const known = new Set([...taskIds, CHAT]);
  const outputTypeTasks = new Set(
    catalogue.tasks.filter((t) => t.data.client?.outputType).map((t) => t.data.id),
  );
  const shapes = new Set(Object.keys(responses.data.shapes));
  const out: Diagnostic[] = [...shapeReferences(responses, shapes)];
  const at = (
    source: YamlSource,
    pointer: string,
    message: string,
    rule: string,
    tip?: string,
    key = false,
  ): Diagnostic => ({
    file: source.file,
    ...source.locate(pointer, { key }),
    message,
    rule,
    ...(tip ? { tip } : {}),
  });
  for (const source of providers) {
    for (const [task, spec] of Object.entries(source.data.tasks)) {
      const base = `/tasks/${task}`;
      if (!known.has(task)) {
        const guess = closest(task, known);
        out.push(
          at(
            source,
            base,
            `task "${task}" is not a known task${guess ? `; did you mean "${guess}"?` : ""}`,
            "provider/known-task",
            `tasks are the files in catalogue/tasks/, plus ${CHAT}`,
            true,
          ),
        );
      }
      const flows = spec.flow === undefined ? [] : Array.isArray(spec.flow) ? spec.flow : [spec.flow];
      flows.forEach((name, i) => {
        if (flowNames.has(name)) return;
        const pointer = Array.isArray(spec.flow) ? `${base}/flow/${i}` : `${base}/flow`;
        out.push(
          at(
            source,
            pointer,
            `flow "${name}" does not exist: no file ${FLOWS_DIR}/${name}.ts`,
            "provider/known-flow",
            "name an existing flow, or write the hook in that file",
          ),
        );
      });
      const expect = spec.output?.expect;
      if (expect !== undefined && !shapes.has(expect)) {
        const guess = closest(expect, shapes);
        out.push(
          at(
            source,
            `${base}/output/expect`,
            `shape "${expect}" is not in catalogue/responses.yaml${guess ? `; did you mean "${guess}"?` : ""}`,
            "provider/known-shape",
          ),
        );
      }
      for (const name of placeholders(spec.path)) {
        if (name !== "model" && name !== "providerId") {
          out.push(
            at(
              source,
              `${base}/path`,
              `unknown placeholder {${name}} in the path; known: {model}, {providerId}`,
              "provider/placeholder",
            ),
          );
        }
      }
      const lora = JSON.stringify(spec.body?.lora ?? {});
      for (const name of placeholders(lora)) {
        if (name !== "model" && name !== "adapterWeightsPath") {
          out.push(
            at(
              source,
              `${base}/body/lora`,
              `unknown placeholder {${name}}; known: {model}, {adapterWeightsPath}`,
              "provider/placeholder",
            ),
          );
        }
      }
      if (spec.body?.loraByProviderId && !spec.body.lora) {
        out.push(
          at(
            source,
            `${base}/body/loraByProviderId`,
            "loraByProviderId adds fields with the lora fields, but body.lora is not set",
            "provider/lora",
            "set body.lora (the fields every LoRA adapter adds), or move these fields to body.set",
            true,
          ),
        );
      }
      if (spec.body?.modelFirst && !spec.body.model) {
        out.push(
          at(
            source,
            `${base}/body/modelFirst`,
            "modelFirst puts the model key first, but body.model (the key) is not set",
            "provider/model-first",
            undefined,
            true,
          ),
        );
      }
      if (spec.output?.pick && spec.output.take) {
        out.push(
          at(
            source,
            `${base}/output/pick`,
            "output has both pick and take; a result is either picked fields or one taken value",
            "provider/output",
            undefined,
            true,
          ),
        );
      }
      const file = spec.output?.file;
      if (outputTypeTasks.has(task) && (file === "base64" || file === "url-or-base64") && !spec.urlOutput) {
        out.push(
          at(
            source,
            `${base}/output/file`,
            `${task} may read a base64 file, but urlOutput is not set: outputType "url" needs a URL from the provider`,
            "provider/url-output",
            "set urlOutput: unsupported, or urlOutput: {set: {...}} with the body fields that ask for a URL",
          ),
        );
      }
      if (spec.accept && !spec.body?.binary) {
        out.push(
          at(
            source,
            `${base}/accept`,
            "accept lists content types of a binary input, but body.binary is not set",
            "provider/accept",
          ),
        );
      }
      out.push(...fieldPairs(source, base, spec, at));
    }
  }
  return out;
}

type At = (
  source: YamlSource,
  pointer: string,
  message: string,
  rule: string,
  tip?: string,
  key?: boolean,
) => Diagnostic;

/** Fields that only mean something together with another one. */
function fieldPairs(source: YamlSource, base: string, spec: ProviderTaskFile, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { body, input, output } = spec;
  if (input?.download && !input.accepts.includes("http-url"))
    out.push(
      at(
        source,
        `${base}/input/download`,
        "input.download fetches URL inputs, but input.accepts does not list http-url",
        "provider/input",
        "add http-url to input.accepts, or remove download",
        true,
      ),
    );
  if (body?.fileName !== undefined && body.binary !== "multipart")
    out.push(
      at(
        source,
        `${base}/body/fileName`,
        "body.fileName names the file part of a multipart body, but body.binary is not multipart",
        "provider/multipart",
        undefined,
        true,
      ),
    );
  if (
    body?.loraNeedsWeightsPath === false &&
    placeholders(JSON.stringify(body.lora ?? {})).includes("adapterWeightsPath")
  )
    out.push(
      at(
        source,
        `${base}/body/loraNeedsWeightsPath`,
        "the lora fields use {adapterWeightsPath}, so they cannot be added without it (loraNeedsWeightsPath: false)",
        "provider/lora",
        undefined,
        true,
      ),
    );
  if (output?.downloadFailure !== undefined && output.file !== "url")
    out.push(
      at(
        source,
        `${base}/output/downloadFailure`,
        "output.downloadFailure is the message of a failed file download, but output.file is not url",
        "provider/download",
        undefined,
        true,
      ),
    );
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]);
}

/** Every shape id used inside a type expression must be defined in the same file. */
function shapeReferences(
  source: YamlSource<{ shapes: Record<string, ShapeFile> }>,
  shapes: Set<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const walk = (shape: ShapeFile, pointer: string) => {
    if (typeof shape === "string") {
      for (const alt of shape.replace(/\?$/, "").split("|")) {
        const name = alt.replace(/(\[\])+$/, "");
        if (!BUILTIN_TYPES.has(name) && !shapes.has(name)) {
          out.push({
            file: source.file,
            ...source.locate(pointer),
            message: `${pointer} names "${name}", which is neither a type (${[...BUILTIN_TYPES].join(", ")}) nor a shape of this file`,
            rule: "responses/known-shape",
          });
        }
      }
    } else if (Array.isArray(shape)) walk(shape[0], `${pointer}/0`);
    else for (const [k, v] of Object.entries(shape)) walk(v, `${pointer}/${k}`);
  };
  for (const [id, shape] of Object.entries(source.data.shapes)) walk(shape, `/shapes/${id}`);
  return out;
}

/** The TS type of a shape, e.g. `Array<{ label: string; score: number }>`; shape ids become ResponseShapes lookups. */
export function shapeToTs(shape: ShapeFile): string {
  if (typeof shape === "string") {
    const alts = shape
      .replace(/\?$/, "")
      .split("|")
      .map((alt) => {
        const depth = (alt.match(/\[\]/g) ?? []).length;
        const name = alt.replace(/(\[\])+$/, "");
        const base = BUILTIN_TYPES.has(name)
          ? ((
              { object: "Record<string, unknown>", array: "unknown[]", blob: "Blob" } as Record<
                string,
                string
              >
            )[name] ?? name)
          : `ResponseShapes[${JSON.stringify(name)}]`;
        return depth === 0 ? base : `${"Array<".repeat(depth)}${base}${">".repeat(depth)}`;
      });
    return alts.join(" | ");
  }
  if (Array.isArray(shape)) return `Array<${shapeToTs(shape[0])}>`;
  const fields = Object.entries(shape).map(([k, v]) => {
    const optional = typeof v === "string" && v.endsWith("?");
    return `${JSON.stringify(k)}${optional ? "?" : ""}: ${shapeToTs(v)}`;
  });
  return `{ ${fields.join("; ")} }`;
}
