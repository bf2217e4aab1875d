"""The footprint benchmark runs (`--quick`) and reports its figures; no timing is asserted here."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_benchmark_quick_runs_and_reports():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.footprint", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stderr
    assert "compute_footprint " in proc.stdout and "p50" in proc.stdout and "p95" in proc.stdout
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("footprint p50") and ("PASS" in last or "MISS" in last)
    assert "10021-line file" in last
