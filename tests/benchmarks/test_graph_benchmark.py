"""The import graph benchmark runs (`--quick`: a small workspace); figures are printed, never asserted."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_graph_benchmark_quick_runs(quick_run):
    proc = module_run(quick_run, "graph")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("cold", "warm", "update"):
        assert any(line.startswith(name) and "p50=" in line and "p95=" in line for line in proc.stdout.splitlines())
