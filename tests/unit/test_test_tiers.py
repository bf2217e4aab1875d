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
