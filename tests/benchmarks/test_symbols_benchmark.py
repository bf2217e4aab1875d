"""The object-model benchmark runs (`--quick`); timings are printed, never asserted in tests."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_symbols_benchmark_quick_runs(quick_run):
    proc = module_run(quick_run, "symbols")
    assert "model build:" in proc.stdout and "check_symbols, 100 fresh names" in proc.stdout and "with docs:" in proc.stdout, proc.stderr
