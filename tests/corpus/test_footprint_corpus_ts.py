"""Acceptance (TypeScript): for every binding of real TypeScript packages whose npm tarballs ship their `src/`
as `.ts`/`.tsx` (fetched at test time into the gitignored test cache, never committed), "delete footprint with
dependents", when offered enabled, yields code that re-parses without errors and holds no reference to a
deleted binding. Run with -s to see the shares offered and entangled."""

from __future__ import annotations

import pytest

from tests.corpus.footprint_audit import TS_SUFFIXES, audit_tree, npm_package

# TypeScript sources shipped in npm tarballs: immer (proxies, generics, overloads, enums), TanStack Query's core
# (classes with parameter properties, generics, namespaces of types) and its React bindings (TSX); rxjs and openai,
# the TypeScript packages whose import graph tests/corpus/test_graph_vs_dependency_cruiser.py compares.
TS_CORPORA = [("immer@10.1.1", 2000), ("@tanstack/query-core@5.59.0", 10000), ("@tanstack/react-query@5.59.0", 10000),
              ("rxjs@7.8.2", 20000), ("openai@6.49.0", 90000)]


@pytest.mark.slow
@pytest.mark.parametrize("spec, min_lines", TS_CORPORA, ids=[s for s, _ in TS_CORPORA])
def test_every_binding_of_a_typescript_package(spec, min_lines):
    root, reason = npm_package(spec)
    if root is None:
        pytest.skip(reason)
    stats = audit_tree(root / "src", spec, TS_SUFFIXES)
    print("\n" + stats.summary(spec))
    assert stats.lines >= min_lines
    assert stats.failures == [], "\n".join(stats.failures[:20])
    assert stats.offered > 0 and stats.entangled > 0
