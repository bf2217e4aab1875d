"""A hook's process ends with `hooks.exit_process`: the exit handlers run, the streams are flushed and the exit
code kept, without the interpreter's teardown of every module (~6% of a post-write); a thread still running
is waited for, as the interpreter would."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


EXIT_SCRIPT = """
import atexit, sys, threading, time
from lsp_server.surfaces.hooks import exit_process
atexit.register(lambda: sys.stderr.write("exit handler ran\\n"))
if sys.argv[1] == "thread":
    threading.Thread(target=lambda: (time.sleep(0.3), sys.stdout.write("thread finished\\n"))).start()
sys.stdout.write("buffered, no newline flush")
exit_process(2)
sys.stdout.write("not reached")
"""


def test_exit_process_runs_the_exit_handlers_flushes_and_keeps_the_code():
    res = subprocess.run([sys.executable, "-c", EXIT_SCRIPT, "plain"], capture_output=True, text=True, timeout=60,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert (res.returncode, res.stdout, res.stderr) == (2, "buffered, no newline flush", "exit handler ran\n")


def test_exit_process_waits_like_the_interpreter_when_a_thread_still_runs():
    res = subprocess.run([sys.executable, "-c", EXIT_SCRIPT, "thread"], capture_output=True, text=True, timeout=60,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert res.returncode == 2
    assert "thread finished" in res.stdout and "not reached" not in res.stdout
    assert res.stderr == "exit handler ran\n"
