"""The dependency-cruiser comparison benchmark runs (`--quick` on one corpus) and reports a row whose graphs
were identical; its timing is printed, never asserted (the PASS/MISS is the benchmark's own)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # npm install on first use, then two whole-package runs


def test_graph_vs_depcruise_quick_runs():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.graph_vs_depcruise", "--quick", "--corpora", "moment"],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    if "not measured:" in proc.stdout:
        pytest.skip(proc.stdout.strip().splitlines()[-1])
    rows = [line for line in proc.stdout.splitlines() if "cold vs dependency-cruiser: moment/src" in line]
    assert rows and any("graphs identical" in line for line in rows), proc.stdout
    assert any("x (dependency-cruiser" in line for line in rows), proc.stdout
