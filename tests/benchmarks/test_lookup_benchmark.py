"""The lookup benchmark runs end to end in its quick mode (figures are printed, never asserted)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_lookup_benchmark_quick():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.lookup", "--quick"], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for figure in ("build:", "incremental update of one file:", "p50", "p95", "baseline plain Python scan"):
        assert figure in out, out
    assert "PASS" in out or "MISS" in out
