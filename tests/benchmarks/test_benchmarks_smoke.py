"""`python -m benchmarks --quick` keeps working (no timing asserts: figures are for docs/performance.md)."""

from __future__ import annotations

import pytest

from benchmarks.common import MISS, PASS, Row, format_table, percentile, rows_from_text

pytestmark = pytest.mark.slow  # runs a benchmark module in a subprocess


def test_quick_run_produces_the_table_and_json(quick_run):
    payload = quick_run  # `python -m benchmarks --quick --json OUT`, exit status 0 (tests/benchmarks/conftest.py)
    assert payload["quick"] is True and payload["smoke"] is True and payload["machine"]["cores"]
    core = [r for r in payload["rows"] if r["area"] == "core"]
    names = " ".join(r["name"] for r in core)
    for expected in ("keystroke", "save", "hover", "start-up: first diagnostics", "peak RSS", "incremental parse"):
        assert expected in names, names
    assert all(r["status"] in ("PASS", "MISS", "info") for r in payload["rows"]), payload["rows"]
    # Every module found under benchmarks/ ran and reported at least one row.
    for name, module in payload["modules"].items():
        assert module["returncode"] == 0, (name, module["stderr_tail"])
        assert module["rows"], name
    assert "measurement" in payload["stdout"] and "PASS" in payload["stdout"]


def test_rows_status_and_ratio():
    assert Row("a", "x", n=3, median=4, p95=9, target=10).status == PASS
    assert Row("a", "x", value=11, target=10).status == MISS
    assert Row("a", "x", median=2, baseline_median=10, baseline="full").ratio == 5
    assert percentile([1, 2, 3, 4], 50) == 2.5 and percentile(range(101), 95) == 95
    assert "x" in format_table([Row("a", "x", value=1.0)])


def test_printed_only_modules_are_still_listed():
    rows = rows_from_text("lookup", "lookup_docs p95 3.1 ms <= 10 ms PASS\nnoise\n| hover | 12 ms | MISS |\n")
    assert [r.status for r in rows] == [PASS, MISS]
