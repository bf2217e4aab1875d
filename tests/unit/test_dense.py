"""The dense ranking of the how-to search (`dense.py`), with a small deterministic encoder in place of the
`semantic` extra's model."""

from __future__ import annotations

import math
import re

import pytest

from lsp_server.knowledge import dense
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import lookup_docs
from tests.unit.test_lookup import make_ws

# words that mean one thing, each group one dimension: what a sentence model knows and the words do not show
MEANINGS = [{"quieter", "volume", "gain", "level", "softer", "loudness"},
            {"repeat", "loop", "again", "ends"},
            {"fade", "gradually", "ramp"}]


def toy_encoder(texts: list[str]) -> list[list[float]]:
    vectors = []
    for text in texts:
        words = re.findall(r"[a-z]+", text.lower())
        v = [float(sum(w in group for w in words)) for group in MEANINGS] + [0.01]
        norm = math.sqrt(sum(x * x for x in v))
        vectors.append([x / norm for x in v])
    return vectors


DOCS = {"audio.md": "# Audio\n\n## Volume\n\nSet `gain` to change the level of the output.\n\n"
                    "## Looping\n\nRepeat the clip when it ends.\n\n## Fades\n\nRamp the level gradually.\n\n"
                    "## Playing\n\nCall `play()` to make the sound start; make it stop with `stop()`.\n\n"
                    "## Sprites\n\nMake one sound file hold several clips.\n\n"
                    "## Formats\n\nWhich sound formats the browser can make use of.\n\n"
                    "## Events\n\nListen for a sound's `end` event to make the next one start.\n"}


@pytest.fixture
def encoder():
    dense.set_encoder(toy_encoder)
    yield toy_encoder
    dense.set_encoder(None)


def test_the_how_to_search_fuses_a_dense_ranking_that_finds_a_section_in_other_words(tmp_path, encoder):
    """No word of "a bit quieter" is in the docs: no lexical angle finds anything. The Volume section answers
    it in other words, and the dense ranking finds it."""
    ws = make_ws(tmp_path, docs=DOCS)
    assert dense.warm(ws.service(DocsIndex), timeout=30)
    top = [h.heading for h in lookup_docs(ws, "a bit quieter", limit=3, expand=True).results]
    assert top[:2] == ["Audio › Volume", "Audio › Fades"]


def test_dense_search_ranks_every_chunk_and_keeps_to_a_folder(tmp_path, encoder):
    docs = dict(DOCS)
    docs["more/other.md"] = "# Other\n\n## Again\n\nRepeat the fade.\n"
    ws = make_ws(tmp_path, docs=docs)
    index = ws.service(DocsIndex)
    assert dense.warm(index, timeout=30)
    assert [h.heading for h in dense.dense_search(index, "play it in a loop", 2)] == ["Audio › Looping", "Other › Again"]
    inside = dense.dense_search(index, "play it in a loop", 2, under=(tmp_path / "docs" / "more").resolve())
    assert [h.heading for h in inside] == ["Other › Again"]


def test_without_an_encoder_the_dense_ranking_is_empty_and_the_lexical_search_serves(tmp_path, monkeypatch):
    monkeypatch.setattr(dense, "encoder", lambda: None)
    ws = make_ws(tmp_path, docs=DOCS)
    index = ws.service(DocsIndex)
    assert not dense.warm(index, timeout=1)
    assert dense.dense_search(index, "make the sound quieter", 5) == []
    top = [h.heading for h in lookup_docs(ws, "make the sound start", limit=2, expand=True).results]
    assert top[0] == "Audio › Playing"


def test_a_search_before_the_chunks_are_embedded_gets_no_dense_ranking_and_starts_embedding(tmp_path):
    gate = __import__("threading").Event()

    def slow(texts):
        gate.wait(30)
        return toy_encoder(texts)

    dense.set_encoder(slow)
    try:
        index = make_ws(tmp_path, docs=DOCS).service(DocsIndex)
        assert dense.dense_search(index, "make the sound quieter", 5) == []  # not embedded yet: no waiting
        gate.set()
        assert dense.warm(index, timeout=30)
        assert dense.dense_search(index, "make the sound quieter", 1)[0].heading == "Audio › Volume"
    finally:
        dense.set_encoder(None)


def test_rag_lookup_does_not_re_rank_by_similarity_when_the_dense_ranking_ran(tmp_path, encoder, monkeypatch):
    """The re-rank of the fused top 10 by the same similarity cost questions once the dense ranking is in the
    fusion; it still serves while the docs are not embedded."""
    from lsp_server.knowledge import rag

    calls = []

    class Reranker:
        name = "fake"

        def rerank(self, question, hits):
            calls.append(question)
            return list(reversed(hits))

    monkeypatch.setattr(rag.SemanticReranker, "get", classmethod(lambda cls: Reranker()))
    ws = make_ws(tmp_path, docs=DOCS)
    assert dense.warm(ws.service(DocsIndex), timeout=30)
    found = rag.retrieve(ws, "make the sound quieter", limit=3)
    assert "dense ranking" in found.method and "re-rank" not in found.method and calls == []
    monkeypatch.setattr(dense, "encoder", lambda: None)  # no dense ranking: the re-rank serves
    found = rag.retrieve(ws, "make the sound quieter", limit=3)
    assert "semantic re-rank (fake)" in found.method and calls == ["make the sound quieter"]
