"""The lookup benchmark runs end to end in its quick mode (figures are printed, never asserted)."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_lookup_benchmark_quick(quick_run):
    proc = module_run(quick_run, "lookup")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for figure in ("build:", "incremental update of one file:", "p50", "p95", "baseline plain Python scan"):
        assert figure in out, out
    assert "PASS" in out or "MISS" in out
