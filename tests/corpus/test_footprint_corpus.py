"""Acceptance: for every binding of the bundled example and of real third-party code pulled from the npm
registry at test time (cached, never committed), "delete footprint with dependents", when offered enabled,
yields code that re-parses without errors and holds no reference to a deleted binding. The shares of bindings
where the action was offered and where it was entangled are printed (run with -s to see them)."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES
from tests.corpus.footprint_audit import TS_SUFFIXES, audit_tree, npm_package

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)

# Permissively licensed (MIT), plain JavaScript: CommonJS with closures and prototypes, and ES modules.
NPM_CORPORA = [("express@4.21.2", "lib"), ("lodash-es@4.17.21", ".")]


def test_every_binding_of_the_layout_app():
    stats = audit_tree(EXAMPLES / "layout-app" / "src", "layout-app", (".js", ".mjs", ".cjs", *TS_SUFFIXES))
    print("\n" + stats.summary("examples/layout-app"))
    assert stats.failures == []
    assert stats.bindings >= 150
    assert stats.offered > 0 and stats.entangled > 0


@pytest.mark.parametrize("spec, folder", NPM_CORPORA, ids=[s for s, _ in NPM_CORPORA])
def test_every_binding_of_an_npm_package(spec, folder):
    root, reason = npm_package(spec)
    if root is None:
        pytest.skip(reason)
    stats = audit_tree(root / folder, spec)
    print("\n" + stats.summary(spec))
    assert stats.lines >= 3000
    assert stats.failures == [], "\n".join(stats.failures[:20])
    assert stats.offered > 0
