import { accessSync, constants, statfsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sourceTexts } from "./viewer/source-texts-plugin.js";

/**
 * The tests' temporary folders (os.tmpdir(), in the workers and every process they start) go to a memory filesystem
 * where the machine has a roomy one: they copy the project's thousand catalogue and template files again and again,
 * which took 0.8 s a copy on this machine's disk and 0.05 s in /dev/shm. Elsewhere (no /dev/shm, or a small one
 * such as a container's 64 MB default) they stay where TMPDIR says.
 */
function memoryTmpdir(): string | undefined {
  const dir = "/dev/shm";
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= 2 * 2 ** 30 ? dir : undefined;
  } catch {
    return undefined;
  }
}
const memory = memoryTmpdir();
if (memory) process.env.TMPDIR = memory;

export default defineConfig({
  // The viewer's modules read the repository's texts through it (viewer/vite.config.ts has it too).
  plugins: [sourceTexts(fileURLToPath(new URL(".", import.meta.url)))],
  test: {
    include: [
      "test/**/*.test.ts",
      "generator/**/*.test.ts",
      "src/**/*.test.ts",
      "viewer/src/**/*.test.{ts,tsx}",
    ],
    // Many tests start a subprocess (the CLI through tsx, a generated snippet, the generator): on a busy 2-core
    // machine one such start took up to 17 s, so a test gets 60 s; a test that waits on a timer has its own limit.
    testTimeout: 60_000,
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, which left a core
    // idle while the run took 6 minutes. One per core (each waits on its subprocesses part of the time).
    maxWorkers: availableParallelism(),
    // Test files share their worker's modules instead of importing the runtime, the generator and the generated
    // tables anew each (about 45 s of imports a run, 29 s of the suite's time here). A test that needs fresh
    // modules or stubs globals says so itself (vi.resetModules, vi.stubGlobal, each undone after it).
    isolate: false,
    // expect.poll waits for a page in Chromium or a dev server to catch up; under load a re-render can take seconds
    // (the default gives up after one). A poll ends as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    // Suites that copy the project or build dist in hooks need more than the default on a busy 2-core machine.
    hookTimeout: 120_000,
    // A folder per run, where the package is built once for the test files that need it (test/support/dist.ts).
    globalSetup: ["test/support/global-setup.ts"],
  },
});
