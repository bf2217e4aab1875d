"""The MCP benchmark runs (`--quick`) over a real stdio session and reports its rows; no timing is asserted."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_mcp_benchmark_quick_runs():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.mcp", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "lookup_docs call, warm, over stdio" in proc.stdout
    assert "check_symbols (5 names) call, warm, over stdio" in proc.stdout
    assert "PASS" in proc.stdout or "MISS" in proc.stdout
