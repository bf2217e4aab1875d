"""The hooks benchmark runs (`--quick`) and reports its rows; figures are printed, never asserted."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_hooks_benchmark_quick_runs(quick_run):
    proc = module_run(quick_run, "hooks")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    row = next(line for line in proc.stdout.splitlines() if "post-write (python -m lsp_server)" in line)
    assert "<= 150 ms" in row and ("PASS" in row or "MISS" in row)
