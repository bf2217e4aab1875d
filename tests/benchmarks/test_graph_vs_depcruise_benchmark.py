"""The dependency-cruiser comparison benchmark runs (`--quick`: moment and rxjs) and reports a row whose graphs
were identical; its timing is printed, never asserted (the PASS/MISS is the benchmark's own)."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_graph_vs_depcruise_quick_runs(quick_run):
    proc = module_run(quick_run, "graph_vs_depcruise")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    if "not measured:" in proc.stdout:
        pytest.skip(proc.stdout.strip().splitlines()[-1])
    rows = [line for line in proc.stdout.splitlines() if "cold vs dependency-cruiser: moment/src" in line]
    assert rows and any("graphs identical" in line for line in rows), proc.stdout
    assert any("x (dependency-cruiser" in line for line in rows), proc.stdout
