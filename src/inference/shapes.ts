/** Checks a value against a shape of catalogue/responses.yaml, and says what was expected in TS-like words. */
import { SHAPES } from "../generated/responses.gen.js";
import type { Shape } from "./spec.js";

const shapes = SHAPES as Record<string, Shape>;

export function matches(shape: Shape, value: unknown): boolean {
  if (typeof shape === "string") {
    const optional = shape.endsWith("?");
    if (value === undefined) return optional;
    return (optional ? shape.slice(0, -1) : shape).split("|").some((alt) => matchesType(alt, value));
  }
  if (Array.isArray(shape)) return Array.isArray(value) && value.every((v) => matches(shape[0], v));
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in shape) if (!matches(shape[key], record[key])) return false;
  return true;
}

function matchesType(type: string, value: unknown): boolean {
  if (type.endsWith("[]"))
    return Array.isArray(value) && value.every((v) => matchesType(type.slice(0, -2), v));
  switch (type) {
    case "unknown":
      return true;
    case "null":
      return value === null;
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
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

/** E.g. `Array<{label: string, score: number}>`. */
export function describe(shape: Shape): string {
  if (typeof shape === "string") {
    return shape
      .replace(/\?$/, "")
      .split("|")
      .map((alt) => {
        const depth = (alt.length - alt.replace(/(\[\])+$/, "").length) / 2;
        const base = alt.slice(0, alt.length - depth * 2);
        const inner =
          shapes[base] &&
          !["string", "number", "boolean", "object", "array", "blob", "unknown", "null"].includes(base)
            ? describe(shapes[base])
            : base === "blob"
              ? "Blob"
              : base;
        return "Array<".repeat(depth) + inner + ">".repeat(depth);
      })
      .join(" | ");
  }
  if (Array.isArray(shape)) return `Array<${describe(shape[0])}>`;
  return `{${Object.entries(shape)
    .map(([k, s]) => `${k}${typeof s === "string" && s.endsWith("?") ? "?" : ""}: ${describe(s)}`)
    .join(", ")}}`;
}

export const shapeOf = (id: string): Shape => shapes[id];
