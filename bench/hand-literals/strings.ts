/**
 * The escaping the hand-written snippets share, written as a person would: a Python or JS string literal
 * through JSON.stringify (the same text as Python's str escapes for the ids and values the samples hold:
 * the bench checks every output against the templates), a shell word in single quotes.
 */
import type { ModelData } from "../../src/tasks/model-data.js";

export type Snippets = (model: ModelData) => string[];

export const pyString = (s: string): string => JSON.stringify(s);
export const jsString = (s: string): string => JSON.stringify(s);
export const shString = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
