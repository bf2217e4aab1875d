"""The load benchmark's --quick mode runs end to end (figures are printed, never asserted here): read from the
session's `python -m benchmarks --quick` run (tests/benchmarks/conftest.py), which runs `python -m
benchmarks.load --quick` (3 clients x 12 rounds against several servers) once for every test."""

from __future__ import annotations

import re

import pytest

from tests.benchmarks.conftest import module_run

pytestmark = pytest.mark.slow  # several servers under a scripted editing load


def test_load_benchmark_quick(quick_run):
    result = module_run(quick_run, "load")
    assert result.returncode == 0, result.stdout + result.stderr
    # what `--json` writes, as the module prints it: "36 rounds in 4.1 s; errors: 0", then a line per request
    # kind "<kind> <n> <p50> <p95> <max>  [target]"
    summary = re.search(r"^(\d+) rounds in [\d.]+ s; errors: (\d+)$", result.stdout, re.M)
    assert summary, result.stdout
    assert (int(summary[1]), int(summary[2])) == (36, 0), result.stdout
    counts = {m[1]: int(m[2]) for m in re.finditer(r"^(\w+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+", result.stdout, re.M)}
    for kind in ("hover", "diagnostics", "sync", "codeAction", "references", "documentHighlight"):
        assert counts.get(kind, 0) > 0, (kind, result.stdout)
    assert "p95 ms" in result.stdout
