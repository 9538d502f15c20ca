"""Runs the tests' Python snippets, each in a fork of this process (test/snippets/run-snippet.ts starts it).

The interpreter and `requests` (with the loopback hook of sitecustomize.py) start once, not once a snippet: a
fork costs milliseconds where a new python3 that imports requests cost 0.2 s of CPU here. A snippet runs as
`python3 FILE` runs it: as __main__, with sys.argv [FILE] and its folder first on sys.path, in the folder and
with the environment of the job; an uncaught exception prints its traceback and exits 1, SystemExit exits as
asked.

Protocol: one JSON job a line on stdin, {"id", "file", "cwd", "env", "stdout", "stderr", "timeout"} (stdout and
stderr: files to write the snippet's output to; timeout: seconds); one JSON line on stdout when it has ended,
{"id", "code"}. Jobs run side by side. The server ends when its stdin closes.
"""
import json
import os
import runpy
import signal
import sys
import traceback

import sitecustomize  # noqa: F401  (imported at start-up already: requests and the loopback hook are loaded)


def run_snippet(job):
    """In the grandchild: becomes `python3 FILE` and never returns."""
    os.chdir(job["cwd"])
    os.environ.clear()
    os.environ.update(job["env"])
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    for fd, path in ((1, job["stdout"]), (2, job["stderr"])):
        os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
    sys.argv = [job["file"]]
    sys.path.insert(0, os.path.dirname(os.path.abspath(job["file"])))
    code = 0
    try:
        runpy.run_path(job["file"], run_name="__main__")
    except SystemExit as exit:
        if isinstance(exit.code, int) or exit.code is None:
            code = exit.code or 0
        else:
            print(exit.code, file=sys.stderr)
            code = 1
    except BaseException as error:
        # The traceback python3 FILE prints: from the snippet's frame on (none for a SyntaxError), not this file's.
        frames = error.__traceback__
        while frames and frames.tb_frame.f_code.co_filename != job["file"]:
            frames = frames.tb_next
        traceback.print_exception(type(error), error, frames)
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def supervise(job, report):
    """In the child: runs the snippet in a grandchild, waits for it, reports how it ended, and never returns."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    pid = os.fork()
    if pid == 0:
        run_snippet(job)
    # A snippet still running after the job's timeout is killed: it ends with -9, as a killed python3 would.
    signal.signal(signal.SIGALRM, lambda _signum, _frame: os.kill(pid, signal.SIGKILL))
    signal.alarm(job["timeout"])
    _, status = os.waitpid(pid, 0)
    line = json.dumps({"id": job["id"], "code": os.waitstatus_to_exitcode(status)}) + "\n"
    os.write(report, line.encode())  # one write under PIPE_BUF bytes: lines of jobs ending together stay whole
    os._exit(0)


def main():
    # The children are reaped by the system; each reports on the server's stdout itself.
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    report = sys.stdout.fileno()
    for line in sys.stdin:
        job = json.loads(line)
        if os.fork() == 0:
            supervise(job, report)


main()
