/**
 * Which Chromium the browser tests and the viewer bench drive, so that they run on any machine with Node:
 * 1. CHROMIUM_PATH, when set (an error if it is not an executable file: a typo must not fall back silently);
 * 2. else the system's Chromium (/usr/bin/chromium, or chromium, chromium-browser, google-chrome on PATH);
 * 3. else the Chromium shipped inside the @sparticuz/chromium devDependency, unpacked on first use under
 *    node_modules/.cache/ (about 200 MB, a few seconds). HUBKIT_CHROMIUM=npm picks it even where a system
 *    Chromium exists: CI does, so it runs the path a machine without one takes.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface ChromiumChoice {
  path: string;
  /** Where it came from, for error messages. */
  source: "CHROMIUM_PATH" | "system" | "npm package @sparticuz/chromium";
}

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];
const nodeModules = fileURLToPath(new URL("../../node_modules/", import.meta.url));
const cacheRoot = join(nodeModules, ".cache", "hubkit-chromium");

/** A regular file we may execute (a name hidden behind /dev/null, or a directory, does not count). */
function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function systemChromium(): string | undefined {
  const dirs = ["/usr/bin", ...(process.env.PATH ?? "").split(delimiter).filter(Boolean)];
  for (const name of SYSTEM_NAMES)
    for (const dir of dirs) if (isExecutableFile(join(dir, name))) return join(dir, name);
  return undefined;
}

/**
 * Unpacks the npm package's Chromium into a directory named after the package version and returns its path.
 * The package unpacks into os.tmpdir() and trusts whatever file is already there, so it is pointed at a fresh
 * staging directory, which is renamed into place only once complete: an interrupted unpack, a concurrent one or
 * another version left in /tmp is never used.
 */
export async function npmChromium(): Promise<string> {
  const packageJson = join(nodeModules, "@sparticuz", "chromium", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const dir = join(cacheRoot, version);
  const binary = join(dir, "chromium");
  if (isExecutableFile(binary)) return binary;
  mkdirSync(cacheRoot, { recursive: true });
  const staging = mkdtempSync(join(cacheRoot, `${version}.partial-`));
  const { default: chromium } = await import("@sparticuz/chromium");
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await chromium.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  try {
    renameSync(staging, dir);
  } catch (error) {
    if (!isExecutableFile(binary)) throw error;
    rmSync(staging, { recursive: true, force: true }); // another process unpacked it first
  }
  return binary;
}

export async function findChromium(): Promise<ChromiumChoice> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!isExecutableFile(explicit))
      throw new Error(
        `CHROMIUM_PATH=${explicit} is not an executable file. Point it at a Chromium, or unset it.`,
      );
    return { path: explicit, source: "CHROMIUM_PATH" };
  }
  const choice = process.env.HUBKIT_CHROMIUM;
  if (choice !== undefined && choice !== "npm")
    throw new Error(
      `HUBKIT_CHROMIUM=${choice} is not understood: the only value is "npm" (use the npm package's Chromium).`,
    );
  const system = choice === "npm" ? undefined : systemChromium();
  if (system) return { path: system, source: "system" };
  return { path: await npmChromium(), source: "npm package @sparticuz/chromium" };
}
