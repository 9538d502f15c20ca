/**
 * Runs the tests' JS snippets one after another in this process (test/snippets/run-snippet.ts starts it with the
 * loopback preload): Node, fetch and the packages the snippets import start once, not once a snippet (a new node
 * process cost 0.45 s of CPU a snippet here, most of it starting up).
 *
 * A snippet runs as `node FILE` runs it: imported as an ES module, in the folder and with the environment of the
 * job; its run ends when it has nothing left to do (no request, timer or file operation pending), with
 * process.exitCode, as the process would exit. An error it does not catch prints its stack and ends the run with
 * exit code 1, and process.exit(code) ends it with that code, at once, as in Node: then this process exits too,
 * so that nothing the snippet left running goes on. What a snippet leaves for the next is what one process keeps
 * between imports: loaded packages, idle connections, and any global the snippet set (generated snippets set none).
 *
 * Protocol: one JSON job a line on stdin, {"file", "cwd", "env", "timeout"} (timeout: ms), and one JSON line on
 * stdout when it has ended, {"code", "stdout", "stderr", "last"}; "last" when this process exits after it. One job
 * at a time. A snippet still running at its timeout ends with code -9; the runner ends when its stdin closes.
 */
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";

const report = process.stdout.write.bind(process.stdout);
const exit = process.exit.bind(process);
/** What the current snippet has printed, and the errors it did not catch. */
let run;
for (const [stream, key] of [
  [process.stdout, "stdout"],
  [process.stderr, "stderr"],
]) {
  stream.write = (chunk, encoding, done) => {
    run[key] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString();
    (typeof encoding === "function" ? encoding : done)?.();
    return true;
  };
}
/** Ends the run now with `code` and this process with it. */
function end(code) {
  report(`${JSON.stringify({ ...run, code, last: true })}\n`);
  exit(0);
}
const uncaught = (error) => {
  // Stack frames name the file as node FILE does, without the query that made this run's import a new one.
  run.stderr += `${inspect(error).replace(RUN_QUERY, "")}\n\nNode.js ${process.version}\n`;
  end(1);
};
process.on("uncaughtException", uncaught);
process.on("unhandledRejection", uncaught);
process.exit = (code) => end(code ?? process.exitCode ?? 0);

/** How many things keep this process alive; a handle being closed (CloseReq) ends by itself and does not count. */
const alive = () => process.getActiveResourcesInfo().filter((type) => type !== "CloseReq").length;
/** A wait that does not itself keep the process alive. */
const moment = () => new Promise((resolve) => setTimeout(resolve, 2).unref());

function useEnvironment(env) {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

let runs = 0;
const RUN_QUERY = /\?run=\d+/g;

async function runJob({ file, cwd, env, timeout }) {
  // What keeps this process alive before the snippet starts (stdin): the snippet has ended when nothing else does.
  const resting = alive();
  run = { stdout: "", stderr: "" };
  const limit = setTimeout(() => end(-9), timeout);
  limit.unref();
  process.chdir(cwd);
  useEnvironment(env);
  try {
    // A file runs once per import of its URL: a job of the same file runs it again, as node FILE would.
    await import(`${pathToFileURL(file).href}?run=${++runs}`);
  } catch (error) {
    uncaught(error);
  }
  // At least one turn of the event loop: a promise rejected with no handler is reported after the turn it was in.
  do await moment();
  while (alive() > resting);
  clearTimeout(limit);
  report(`${JSON.stringify({ ...run, code: process.exitCode ?? 0 })}\n`);
  process.exitCode = undefined;
}

const jobs = createInterface({ input: process.stdin });
for await (const line of jobs) await runJob(JSON.parse(line));
