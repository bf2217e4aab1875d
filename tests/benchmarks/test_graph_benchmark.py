"""The import graph benchmark runs (`--quick`: a small workspace); figures are printed, never asserted."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_graph_benchmark_quick_runs():
    import subprocess

    proc = subprocess.run([sys.executable, "-m", "benchmarks.graph", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("cold", "warm", "update"):
        assert any(line.startswith(name) and "p50=" in line and "p95=" in line for line in proc.stdout.splitlines())
