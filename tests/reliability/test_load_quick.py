"""The load benchmark's --quick mode runs end to end (figures are printed, never asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO
from tests.reliability.rpc_client import server_env

pytestmark = pytest.mark.slow  # several servers under a scripted editing load


def test_load_benchmark_quick(tmp_path):
    out = tmp_path / "load.json"
    result = subprocess.run([sys.executable, "-m", "benchmarks.load", "--quick", "--json", str(out)], cwd=REPO,
                            env=server_env(), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(out.read_text())
    assert figures["errors"] == 0 and figures["rounds"] == 36
    for kind in ("hover", "diagnostics", "sync", "codeAction", "references", "documentHighlight"):
        assert figures["latency_ms"][kind]["n"] > 0
    assert "p95 ms" in result.stdout
