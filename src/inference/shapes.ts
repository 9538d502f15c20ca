/**
 * Checks a value against an answer shape (the catalogue's JSON Schemas, compiled by the generator) and says what
 * was expected in TS-like words. Extra fields are allowed; an optional field is checked only when present.
 */
import { SHAPES } from "../generated/shapes.gen.js";
import { isPlainObject } from "./binary.js";
import type { Shape } from "./spec.js";

const shapes: Record<string, Shape> = SHAPES;

/** Whether a value has a shape: made once per shape, then called for every answer of that shape. */
type Check = (value: unknown) => boolean;

/**
 * `matches(shape, value)` over a table of named shapes. The check of each shape is made on its first use and kept
 * (a named shape by its name, an inline one by the object the generator emitted).
 */
export function shapeMatcher(named: Record<string, Shape>): (shape: Shape, value: unknown) => boolean {
  const checks = new Map<Shape, Check>();
  const checkOf = (shape: Shape): Check => {
    let check = checks.get(shape);
    if (!check) checks.set(shape, (check = make(shape)));
    return check;
  };
  const make = (shape: Shape): Check => {
    if (typeof shape === "string") {
      if (!Object.hasOwn(named, shape)) return typeCheck(shape);
      // Made when first called, so that a shape may refer to itself (a tree of replies).
      let check: Check | undefined;
      return (value) => (check ??= checkOf(named[shape]))(value);
    }
    if (Array.isArray(shape)) {
      if (shape.length === 1) {
        const item = checkOf(shape[0]);
        return (value) => Array.isArray(value) && value.every(item);
      }
      const alternatives = shape.map(checkOf);
      return (value) => alternatives.some((check) => check(value));
    }
    const fields = Object.entries(shape).map(([key, field]) => ({
      name: key.replace(/\?$/, ""),
      optional: key.endsWith("?"),
      check: checkOf(field),
    }));
    return (value) => {
      if (!isPlainObject(value)) return false;
      for (const { name, optional, check } of fields) {
        const field = value[name];
        if (field === undefined ? !optional : !check(field)) return false;
      }
      return true;
    };
  };
  return (shape, value) => checkOf(shape)(value);
}

/** The check of a type that is not a named shape. */
function typeCheck(type: string): Check {
  switch (type) {
    case "null":
      return (value) => value === null;
    case "object":
      return isPlainObject;
    case "array":
      return Array.isArray;
    case "blob":
      return (value) => typeof Blob !== "undefined" && value instanceof Blob;
    case "string":
    case "number":
    case "boolean":
      return (value) => typeof value === type;
    case "unknown":
      return () => true;
    default:
      // The generator writes only these types and the names of its table: anything else is its bug.
      throw new Error(`No answer shape or type named "${type}"`);
  }
}

export const matches = shapeMatcher(shapes);

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
