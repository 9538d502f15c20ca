/**
 * The snippet runner reports a run as the interpreter would: Python snippets run in forks of one server
 * (exec/fork-server.py), JS snippets one after another in module runners (exec/module-runner.mjs), and a run
 * must still read, and exit, as `python3 FILE` or `node FILE` makes it.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeServer } from "../client/fake-server.js";
import { runSnippet, snippetFolder, type RunOptions } from "./run-snippet.js";

let options: RunOptions;
beforeAll(async () => {
  options = {
    server: await new FakeServer().start(),
    cwd: snippetFolder(),
    origins: ["https://api.example.com"],
  };
});
afterAll(async () => {
  await options.server.stop();
  rmSync(options.cwd, { recursive: true, force: true });
});

describe("a Python snippet run", () => {
  it("runs as __main__ in the snippet folder, and an exception prints python3's traceback and exits 1", async () => {
    const run = await runSnippet(
      "python",
      'import os\nprint(__name__, os.getcwd())\ndef f():\n    raise ValueError("boom")\nf()\n',
      options,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`__main__ ${options.cwd}\n`);
    expect(run.stderr).toMatch(
      /^Traceback \(most recent call last\):\n {2}File "[^"]+\.py", line 5, in <module>\n {4}f\(\)\n {2}File "[^"]+\.py", line 4, in f\n {4}raise ValueError\("boom"\)\nValueError: boom\n$/,
    );
  });

  it("a syntax error, and sys.exit, end as they would", async () => {
    const [syntax, exit] = await Promise.all([
      runSnippet("python", "x = (\n", options),
      runSnippet("python", "import sys\nsys.exit(3)\n", options),
    ]);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/line 1\n {4}x = \(\n {8}\^\nSyntaxError: '\(' was never closed\n$/);
    expect(exit).toEqual({ code: 3, stdout: "", stderr: "" });
  });

  it("sends requests for the origins under test to the loopback server, and refuses any other", async () => {
    options.server.on("GET", "/v1/ping", (_req, res) => res.end("pong"));
    const run = await runSnippet(
      "python",
      'import requests\nprint(requests.get("https://api.example.com/v1/ping").text)\nrequests.get("https://elsewhere.example.com/")\n',
      options,
    );
    expect(run.stdout).toBe("pong\n");
    expect(run.stderr).toContain(
      "loopback: https://elsewhere.example.com/ is not under an origin under test",
    );
    expect(options.server.received.map((r) => r.headers["x-hubkit-loopback-origin"])).toEqual([
      "https://api.example.com",
    ]);
  });

  it("a snippet still running at its timeout is killed, and says so", async () => {
    const started = Date.now();
    const run = await runSnippet("python", "import time\nprint('started', flush=True)\ntime.sleep(60)\n", {
      ...options,
      timeoutMs: 1000,
    });
    expect(run).toEqual({ code: -1, stdout: "started\n", stderr: "\n(killed: still running after 1000 ms)" });
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe("a JS snippet run", () => {
  const js = (code: string, timeoutMs?: number) => runSnippet("js", code, { ...options, timeoutMs });

  it("runs as a module in the snippet folder, and ends when what it started has finished", async () => {
    options.server.on("GET", "/v1/later", (_req, res) => setTimeout(() => res.end("answered"), 300));
    const run = await js(
      "console.log(process.cwd(), typeof import.meta.url);\n" +
        'fetch("https://api.example.com/v1/later").then((r) => r.text()).then((t) => console.log(t));\n' +
        'setTimeout(() => console.error("timer"), 100);\n',
    );
    expect(run).toEqual({ code: 0, stdout: `${options.cwd} string\nanswered\n`, stderr: "timer\n" });
  });

  it("an error it does not catch prints its stack and ends the run at once with exit code 1", async () => {
    const later = 'setTimeout(() => console.log("never"), 50);\n';
    const failed = await js(`${later}await Promise.resolve();\nthrow new RangeError("boom");\n`);
    expect(failed).toMatchObject({ code: 1, stdout: "" });
    expect(failed.stderr).toMatch(/^RangeError: boom\n {4}at .*snippet-.*\.mjs:3:7/);
    const rejected = await js(`${later}Promise.reject(new Error("later"));\nconsole.log("printed");\n`);
    expect(rejected).toMatchObject({ code: 1, stdout: "printed\n" });
    expect(rejected.stderr).toMatch(/^Error: later\n/);
    const next = await js("console.log(process.env.HUBKIT_LOOPBACK === undefined);\n");
    expect(next).toEqual({ code: 0, stdout: "false\n", stderr: "" });
  });

  it("process.exit and process.exitCode end the run with their code, as in Node", async () => {
    const exited = await js(
      'console.log("before");\nsetTimeout(() => console.log("never"), 50);\nprocess.exit(3);\n',
    );
    expect(exited).toEqual({ code: 3, stdout: "before\n", stderr: "" });
    expect(await js("process.exitCode = 2;\n")).toEqual({ code: 2, stdout: "", stderr: "" });
    expect(await js('console.log("next");\n')).toEqual({ code: 0, stdout: "next\n", stderr: "" });
  });

  it("sends requests for the origins under test to the loopback server, and refuses any other", async () => {
    options.server.reset();
    options.server.on("GET", "/v1/ping", (_req, res) => res.end("pong"));
    const run = await js(
      'console.log(await (await fetch("https://api.example.com/v1/ping")).text());\nawait fetch("https://elsewhere.example.com/");\n',
    );
    expect(run.stdout).toBe("pong\n");
    expect(run.stderr).toContain("loopback: https://elsewhere.example.com is not an origin under test");
    expect(options.server.received.map((r) => r.headers["x-hubkit-loopback-origin"])).toEqual([
      "https://api.example.com",
    ]);
  });

  it("a snippet still running at its timeout is stopped, and says so; the next one runs", async () => {
    const run = await js('console.log("started");\nsetInterval(() => {}, 1000);\n', 1000);
    expect(run).toEqual({ code: -1, stdout: "started\n", stderr: "\n(killed: still running after 1000 ms)" });
    expect(await js('console.log("next");\n')).toEqual({ code: 0, stdout: "next\n", stderr: "" });
  });
});
