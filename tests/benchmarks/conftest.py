"""One `python -m benchmarks --quick` run for the whole session: the aggregator runs every module exactly as
`python -m benchmarks.<area> --quick` (a subprocess each) and keeps each one's exit status and whole output, so
the per-module smoke tests read that run's output instead of running each module a second time (the quick run
takes minutes; their own runs added about a minute more)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from benchmarks.common import SMOKE_ENV
from tests.conftest import REPO


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory) -> dict:
    """The JSON of `python -m benchmarks --quick --json OUT`, with the aggregator's own stdout as `stdout`."""
    out = tmp_path_factory.mktemp("benchmarks") / "results.json"
    # A smoke run (benchmarks.common.smoke): the quick run's sizes, shorter settles, no comparison another
    # test makes in full.
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--json", str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=900, env={**os.environ, SMOKE_ENV: "1"})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return {**json.loads(out.read_text()), "stdout": proc.stdout}


def module_run(quick_run: dict, name: str) -> subprocess.CompletedProcess:
    """`python -m benchmarks.<name> --quick` as the session's quick run ran it: exit status and output."""
    module = quick_run["modules"][name]
    assert module["command"] == f"-m benchmarks.{name} --quick", module["command"]
    return subprocess.CompletedProcess(module["command"], module["returncode"], module["stdout"],
                                       module["stderr_tail"])
