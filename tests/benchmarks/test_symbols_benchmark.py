"""The object-model benchmark runs (`--quick`); timings are printed, never asserted in tests."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
import subprocess
import sys

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_symbols_benchmark_quick_runs():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.symbols", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert "model build:" in proc.stdout and "check_symbols, 100 fresh names" in proc.stdout and "with docs:" in proc.stdout, proc.stderr
