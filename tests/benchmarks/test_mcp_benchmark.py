"""The MCP benchmark runs (`--quick`) over a real stdio session and reports its rows; no timing is asserted."""

from __future__ import annotations

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # reads the session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py)


def test_mcp_benchmark_quick_runs(quick_run):
    proc = module_run(quick_run, "mcp")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "lookup_docs call, warm, over stdio" in proc.stdout
    assert "check_symbols (5 names) call, warm, over stdio" in proc.stdout
    assert "PASS" in proc.stdout or "MISS" in proc.stdout
