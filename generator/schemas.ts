/** JSON Schema validation (ajv, draft 2020-12) with errors mapped to file:line:col. */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import ajvErrors from "ajv-errors";
import type { Diagnostic } from "./diagnostics.js";
import type { YamlSource } from "./load.js";

export type SchemaName = `${string}.schema.json`;

export class Schemas {
  private readonly validators = new Map<string, ValidateFunction>();
  readonly documents = new Map<string, Record<string, unknown>>();
  /** A schema file that is not a valid JSON Schema (or refers to one that is not), as ajv says. */
  readonly problems: Diagnostic[] = [];

  /** `documents`: every schema of schemas/, by file name (the name its `$ref`s use). */
  constructor(documents: Record<string, Record<string, unknown>>) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, discriminator: true, strict: true });
    (ajvErrors as unknown as (ajv: Ajv2020) => void)(ajv);
    const files = Object.keys(documents).sort();
    const problem = (file: string, error: unknown) =>
      this.problems.push({
        file: `schemas/${file}`,
        line: 1,
        col: 1,
        // ajv repeats one finding once per keyword that reached it.
        message: `not a valid JSON Schema: ${[...new Set(findings(error))].join(", ")}`,
        rule: "schemas/valid",
      });
    for (const file of files) {
      this.documents.set(file, documents[file]);
      try {
        ajv.addSchema(documents[file], file);
      } catch (error) {
        problem(file, error);
      }
    }
    for (const file of files) {
      if (this.problems.some((p) => p.file === `schemas/${file}`)) continue;
      try {
        const validate = ajv.getSchema(file);
        if (validate) this.validators.set(file, validate);
      } catch (error) {
        problem(file, error);
      }
    }
  }

  /** Validates a loaded file; returns one diagnostic per problem, each at the offending node. */
  validate(source: YamlSource, schema: SchemaName): Diagnostic[] {
    const validate = this.validators.get(schema);
    if (!validate) throw new Error(`no schema ${schema} in schemas/`);
    if (validate(source.data)) return [];
    return (validate.errors ?? []).filter(isReported).map((error) => toDiagnostic(source, schema, error));
  }
}

/**
 * oneOf / if / propertyNames wrappers repeat what the inner error already said ("property name must be valid");
 * the inner error is the useful one.
 */
export function isReported(error: ErrorObject): boolean {
  return error.keyword !== "oneOf" && error.keyword !== "if" && error.keyword !== "propertyNames";
}

/** An ajv error as a diagnostic at the offending node of `source` (instancePath is a pointer into its data). */
export function toDiagnostic(source: YamlSource, schema: string, error: ErrorObject): Diagnostic {
  const original = error.keyword === "errorMessage" ? (error.params.errors as ErrorObject[])[0] : error;
  // ajv's schemaPath is relative to the definition a $ref led to, so only the keyword is reliable.
  const rule = `${schema} ${original.keyword}`;
  const at = (pointer: string, key = false) => ({
    file: source.file,
    ...source.locate(pointer, { key }),
    rule,
  });
  const path = error.instancePath || "/";
  const parentSchema = original.parentSchema as Record<string, unknown> | undefined;
  // An error inside propertyNames is about a key of the mapping at instancePath: point at that key.
  const propertyName = error.propertyName ?? original.propertyName;
  if (propertyName !== undefined) {
    return {
      ...at(`${error.instancePath}/${escapePointer(propertyName)}`, true),
      message: `${path} key "${propertyName}": ${error.message}`,
    };
  }
  switch (error.keyword) {
    case "errorMessage":
      return { ...at(error.instancePath), message: `${path} ${error.message}` };
    case "required": {
      const missing = String(error.params.missingProperty);
      return { ...at(error.instancePath), message: `${path} is missing required field "${missing}"` };
    }
    case "additionalProperties": {
      const extra = String(error.params.additionalProperty);
      const known = Object.keys((parentSchema?.properties as object) ?? {});
      return {
        ...at(`${error.instancePath}/${escapePointer(extra)}`, true),
        message: `${error.instancePath}/${extra} is not a known field; known: ${known.join(", ")}`,
      };
    }
    case "enum":
      return {
        ...at(error.instancePath),
        message: `${path} must be one of ${(error.params.allowedValues as unknown[]).join(", ")}`,
      };
    case "const":
      return {
        ...at(error.instancePath),
        message: `${path} must be ${JSON.stringify(error.params.allowedValue)}`,
      };
    case "type":
      return {
        ...at(error.instancePath),
        message: `${path} must be ${withArticle(String(error.params.type))}, got ${describe(error.data)}`,
      };
    case "minLength":
      if (error.params.limit === 1)
        return { ...at(error.instancePath), message: `${path} must not be empty` };
      break;
    case "uniqueItems":
      return {
        ...at(`${error.instancePath}/${error.params.i}`),
        message: `${path} lists ${JSON.stringify((error.data as unknown[])[error.params.i as number])} twice (items ${error.params.j} and ${error.params.i})`,
      };
    case "discriminator": {
      const variants = ((parentSchema?.oneOf as { properties: { type: { const: string } } }[]) ?? []).map(
        (s) => s.properties.type.const,
      );
      const tag = String(error.params.tag);
      return {
        ...at(`${error.instancePath}/${tag}`),
        message: `${error.instancePath}/${tag} must be one of ${variants.join(", ")}`,
      };
    }
  }
  return { ...at(error.instancePath), message: `${path} ${error.message}` };
}

/** What ajv found wrong with a schema, one finding each. */
const findings = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .replace(/^schema is invalid: /, "")
    .split(", ");

const escapePointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const withArticle = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}
