/** Replaces the output folder as a whole: readers see the old files or the new ones, never a mix. */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { EmittedFile } from "./emit/common.js";

/** Writes `files` as the only content of `outDir`. Returns false when the folder already held exactly them. */
export function writeAtomically(outDir: string, files: EmittedFile[]): boolean {
  if (isUpToDate(outDir, files)) return false;
  const staging = `${outDir}.staging-${process.pid}`;
  const retired = `${outDir}.retired-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    for (const file of files) {
      mkdirSync(dirname(join(staging, file.name)), { recursive: true });
      writeFileSync(join(staging, file.name), file.content);
    }
    if (existsSync(outDir)) renameSync(outDir, retired);
    renameSync(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
  return true;
}

function isUpToDate(outDir: string, files: EmittedFile[]): boolean {
  if (!existsSync(outDir)) return false;
  const present = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  if (present.length !== files.length) return false;
  return files.every(
    (f) => existsSync(join(outDir, f.name)) && readFileSync(join(outDir, f.name), "utf8") === f.content,
  );
}
