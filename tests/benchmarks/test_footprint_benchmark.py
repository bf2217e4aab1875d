"""The footprint benchmark runs (`--quick`) and reports its figures; no timing is asserted here."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_benchmark_quick_runs_and_reports(quick_run):
    proc = module_run(quick_run, "footprint")
    assert proc.returncode == 0, proc.stderr
    assert "compute_footprint " in proc.stdout and "p50" in proc.stdout and "p95" in proc.stdout
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("footprint p50") and ("PASS" in last or "MISS" in last)
    assert "10021-line file" in last
