/**
 * The snippet runner reports a run as the interpreter would: Python snippets run in forks of one server
 * (exec/fork-server.py), and a failure must still read, and exit, as `python3 FILE` makes it.
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
