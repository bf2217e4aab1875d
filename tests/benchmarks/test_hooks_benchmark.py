"""The hooks benchmark runs (`--quick`) and reports its rows; figures are printed, never asserted."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_hooks_benchmark_quick_runs():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.hooks", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    row = next(line for line in proc.stdout.splitlines() if "post-write (python -m lsp_server)" in line)
    assert "<= 150 ms" in row and ("PASS" in row or "MISS" in row)
