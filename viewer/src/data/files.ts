/**
 * Template sources, read from the repository when the viewer is built or served (viewer/source-texts-plugin.ts), so a
 * new template appears on the next build or reload without any viewer change (the runtime holds compiled templates
 * only). Keys are repository-relative paths (e.g. "templates/inference/python/requests/basic.hbs").
 */
import { parse } from "yaml";
import TEMPLATE_FILES from "virtual:hubkit/templates";
import { FIXTURE_SAMPLES, FIXTURE_TEMPLATES } from "./fixtures.js";

function repoPaths<T>(modules: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(modules)) out[key.replace(/^(\.\.\/)+/, "")] = value;
  return out;
}

/** Every template source under templates/, by repository path. */
export const TEMPLATE_SOURCES: Record<string, string> = {
  ...TEMPLATE_FILES,
  ...repoPaths(FIXTURE_TEMPLATES),
};

export interface YamlFile {
  /** Repository path of the file. */
  source: string;
  /** File name without .yaml: the public id. */
  name: string;
  /** Parsed content, or undefined when the file does not parse (see error). */
  data: unknown;
  error?: string;
}

function parseYamlFiles(raw: Record<string, string>): YamlFile[] {
  return Object.entries(repoPaths(raw))
    .map(([source, text]) => {
      const name = source.replace(/^.*\//, "").replace(/\.ya?ml$/, "");
      try {
        return { source, name, data: parse(text) as unknown };
      } catch (e) {
        return { source, name, data: undefined, error: e instanceof Error ? e.message : String(e) };
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The browser tests' fixture sample records (none outside `--mode e2e` builds; see fixtures.ts). */
export const FIXTURE_SAMPLE_FILES: YamlFile[] = parseYamlFiles(FIXTURE_SAMPLES);
