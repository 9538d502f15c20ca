/**
 * Runs the tests' JS snippets one after another in this process (test/snippets/run-snippet.ts starts it with the
 * loopback preload): Node, fetch and the packages the snippets import start once, not once a snippet (a new node
 * process cost 0.45 s of CPU a snippet here, most of it starting up).
 *
 * A snippet runs as `node FILE` runs it: imported as an ES module, in the folder and with the environment of the
 * job; the run ends when the snippet has nothing left to do (no request, timer or file operation pending), as
 * the process would exit. What it prints is its output; an error it does not catch prints its stack and makes the
 * exit code 1, as in Node. What a snippet leaves for the next is only what Node keeps between imports: loaded
 * packages and idle connections.
 *
 * Protocol: one JSON job a line on stdin, {"file", "cwd", "env", "timeout"} (timeout: ms), and one JSON line on
 * stdout when it has ended, {"code", "stdout", "stderr"}. One job at a time. A snippet still running at its
 * timeout gets code -9 and this process exits (nothing else can stop it); the runner ends when its stdin closes.
 */
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";

const report = process.stdout.write.bind(process.stdout);
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
const uncaught = (error) => {
  // Stack frames name the file as node FILE does, without the query that made this run's import a new one.
  run.stderr += `${inspect(error).replace(RUN_QUERY, "")}\n\nNode.js ${process.version}\n`;
  run.code = 1;
};
process.on("uncaughtException", uncaught);
process.on("unhandledRejection", uncaught);

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
  run = { code: 0, stdout: "", stderr: "" };
  const limit = setTimeout(() => {
    report(`${JSON.stringify({ ...run, code: -9 })}\n`);
    process.exit(0);
  }, timeout);
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
  report(`${JSON.stringify(run)}\n`);
}

const jobs = createInterface({ input: process.stdin });
for await (const line of jobs) await runJob(JSON.parse(line));
