"""The day-to-day tier (`pytest -m "not slow"`) stays fast: every test module of the folders whose tests are slow
by kind (benchmark smoke runs, corpora fetched from npm, real editors) marks itself `slow`, or marks the tests
that are (a quick one, such as the bundled example engine's corpus test, may stay in the fast tier), so a new
file there cannot land in the fast tier by accident (docs/performance.md, "Test tiers")."""

from __future__ import annotations

import re

from tests.conftest import REPO

SLOW_BY_KIND = ("tests/benchmarks", "tests/corpus", "tests/editors")
MARKED = re.compile(r"^(pytestmark = \[?pytest\.mark\.slow\b|@pytest\.mark\.slow\b)", re.M)


def test_every_module_of_the_slow_folders_is_marked_slow():
    modules = [p for folder in SLOW_BY_KIND for p in sorted((REPO / folder).rglob("test_*.py"))]
    assert modules
    unmarked = [p.relative_to(REPO).as_posix() for p in modules if not MARKED.search(p.read_text(encoding="utf-8"))]
    assert unmarked == []


def test_the_slow_marker_is_registered():
    assert re.search(r'^\s*"slow: ', (REPO / "pyproject.toml").read_text(encoding="utf-8"), re.M)


def test_tier_rows_report_the_last_recorded_run_and_say_when_and_where():
    from benchmarks.common import INFO, MISS, PASS
    from benchmarks.testtiers import tier_rows

    record = {"seconds": 200.5, "started": "2026-12-01T20:00:00+00:00", "load_average_at_start": [0.7, 1, 1],
              "load_average_at_end": [3.4, 3, 2], "cores": 2, "workers": 2, "exit_status": 0, "commit": "abc1234",
              "tests": {"passed": 990, "failed": 0, "error": 0, "skipped": 1}}
    rows = tier_rows({"not slow": record, "whole suite": {**record, "seconds": 700.0, "commit": "0ld"}}, "abc1234")
    fast, whole = rows
    assert (fast.status, fast.value, fast.target, fast.unit) == (PASS, 200.5, 240.0, "s")
    assert (whole.status, whole.target) == (MISS, 600.0)
    for part in ("not re-run by this benchmark", "started 2026-12-01T20:00:00", "abc1234", "load average 0.7 at start",
                 "3.4 at end", "2 worker(s) on 2 cores", "990 passed, 1 skipped"):
        assert part in fast.note, (part, fast.note)
    assert "HEAD is now" not in fast.note and "(HEAD is now abc1234)" in whole.note
    assert "-m" in fast.name and "not slow" in fast.name
    assert [r.status for r in tier_rows({}, "abc1234")] == [INFO, INFO]


def test_the_serial_groups_name_folders_and_files_that_exist():
    from tests.conftest import SERIAL_GROUPS

    for group, prefixes in SERIAL_GROUPS.items():
        for prefix in prefixes:
            assert (REPO / prefix).exists(), (group, prefix)
