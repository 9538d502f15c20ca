/**
 * `tsc --noEmit` for the root project and for viewer/, at the same time (each tsc uses one core): exits non-zero,
 * after printing both outputs, when either has errors.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const check = (args) =>
  new Promise((done) => {
    const child = spawn(process.execPath, [tsc, "--noEmit", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => done({ code, output }));
  });

const results = await Promise.all([check([]), check(["-p", "viewer"])]);
for (const { output } of results) process.stdout.write(output);
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
