"""Fusion quality of rag_lookup's retrieval on the how-to half of the golden retrieval set: top-1 / top-3
hit rates of its fused rankings against plain `lookup_docs` (and `lookup_docs` with `expand`, which fuses the
search_queries angles too). Run with `-s` to see the figures."""

from __future__ import annotations

import pytest

from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.knowledge.rag import retrieve
from tests.corpus.test_golden_retrieval import HOW_TO, PACK, _rates, workspace  # noqa: F401 - fixture

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)


def _rank(hits, rel: str, heading: str) -> int | None:
    for i, hit in enumerate(hits[:3]):
        if hit.path == (PACK / rel).resolve() and (hit.heading.endswith(heading) or f"› {heading}" in hit.heading
                                                   + " › "):
            return i
    return None


def test_rag_fusion_vs_plain_lookup(workspace, capsys):
    runs = {
        "lookup_docs (plain)": lambda q: lookup_docs(workspace, q, limit=3).results,
        "lookup_docs (expand)": lambda q: lookup_docs(workspace, q, limit=3, expand=True).results,
        "rag_lookup retrieval": lambda q: retrieve(workspace, q, limit=3, semantic=False).hits,
    }
    ranks = {label: [_rank(fn(q), rel, h) for q, rel, h in HOW_TO] for label, fn in runs.items()}
    with capsys.disabled():
        for label, r in ranks.items():
            top1, top3 = _rates(r)
            print(f"\nhow-to n={len(r)} {label}: top-1 {top1:.0%} top-3 {top3:.0%}", end="")
        print()
    rag_top1, rag_top3 = _rates(ranks["rag_lookup retrieval"])
    plain_top1, plain_top3 = _rates(ranks["lookup_docs (plain)"])
    assert rag_top3 >= plain_top3 and rag_top1 >= plain_top1
    misses = [q for (q, _, _), r in zip(HOW_TO, ranks["rag_lookup retrieval"]) if r is None]
    assert len(misses) <= len(HOW_TO) // 10, f"not in rag's top 3: {misses}"
