/**
 * Checks a value against an answer shape (the catalogue's JSON Schemas, compiled by the generator) and says what
 * was expected in TS-like words. Extra fields are allowed; an optional field is checked only when present.
 */
import { SHAPES } from "../generated/shapes.gen.js";
import { isPlainObject } from "./binary.js";
import type { Shape } from "./spec.js";

const shapes: Record<string, Shape> = SHAPES;

export function matches(shape: Shape, value: unknown): boolean {
  if (typeof shape === "string") return matchesType(shape, value);
  if (Array.isArray(shape))
    return shape.length === 1
      ? Array.isArray(value) && value.every((v) => matches(shape[0], v))
      : shape.some((alternative) => matches(alternative, value));
  if (!isPlainObject(value)) return false;
  for (const key in shape) {
    const optional = key.endsWith("?");
    const field = value[optional ? key.slice(0, -1) : key];
    if (field === undefined ? !optional : !matches(shape[key], field)) return false;
  }
  return true;
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case "unknown":
      return true;
    case "null":
      return value === null;
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "blob":
      return typeof Blob !== "undefined" && value instanceof Blob;
    case "string":
    case "number":
    case "boolean":
      return typeof value === type;
    default:
      return matches(shapes[type], value);
  }
}

/**
 * E.g. `Array<{label: string, score: number}>`. A named shape inside the fields of a field is given by its name (the
 * exported type of that name), so that the description of a chat answer stays readable.
 */
export function describe(shape: Shape, depth = 0): string {
  if (typeof shape === "string")
    return shapes[shape]
      ? depth > 1
        ? shape
        : describe(shapes[shape], depth)
      : shape === "blob"
        ? "Blob"
        : shape;
  if (Array.isArray(shape))
    return shape.length === 1
      ? `Array<${describe(shape[0], depth)}>`
      : shape.map((s) => describe(s, depth)).join(" | ");
  return `{${Object.keys(shape)
    .map((key) => `${key}: ${describe(shape[key], depth + 1)}`)
    .join(", ")}}`;
}
