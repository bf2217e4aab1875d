"""The `semantic-lite` extra's encoder (`minilm.py`): BERT's WordPiece tokenizer, the safetensors reader and
the forward pass, on a tiny model made here (the real weights are the extra's, never in CI)."""

from __future__ import annotations

import json

import pytest

from lsp_server.knowledge.minilm import WordPiece

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "play", "sound", "##s", "un", "##load", "the", "(", ")", ".", "cafe",
         "get", "##head", "##er", "##row"]


def test_wordpiece_lowercases_strips_accents_splits_punctuation_and_takes_the_longest_pieces():
    tok = WordPiece(VOCAB)
    assert tok.words("Play the Sounds. Café!") == ["play", "the", "sounds", ".", "cafe", "!"]
    ids = tok.encode("Play the Sounds. unload() getHeaderRow zzz")
    pieces = [VOCAB[i] for i in ids]
    assert pieces == ["[CLS]", "play", "the", "sound", "##s", ".", "un", "##load", "(", ")", "get", "##head",
                      "##er", "##row", "[UNK]", "[SEP]"]
    assert len(tok.encode("play " * 500, max_tokens=16)) == 16  # truncated, [SEP] kept last
    assert tok.encode("play " * 500, max_tokens=16)[-1] == VOCAB.index("[SEP]")


def tiny_model(folder, np):
    """A 2-layer BERT 8 wide with 2 heads, random weights, as a sentence-transformers folder."""
    rng = np.random.default_rng(7)
    hidden, inter, vocab = 8, 16, len(VOCAB)
    shapes = {"embeddings.word_embeddings.weight": (vocab, hidden), "embeddings.position_embeddings.weight": (32, hidden),
              "embeddings.token_type_embeddings.weight": (2, hidden), "embeddings.LayerNorm.weight": (hidden,),
              "embeddings.LayerNorm.bias": (hidden,)}
    for n in range(2):
        p = f"encoder.layer.{n}."
        for name in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            shapes[p + name + ".weight"], shapes[p + name + ".bias"] = (hidden, hidden), (hidden,)
        shapes[p + "intermediate.dense.weight"], shapes[p + "intermediate.dense.bias"] = (inter, hidden), (inter,)
        shapes[p + "output.dense.weight"], shapes[p + "output.dense.bias"] = (hidden, inter), (hidden,)
        for ln in ("attention.output.LayerNorm", "output.LayerNorm"):
            shapes[p + ln + ".weight"], shapes[p + ln + ".bias"] = (hidden,), (hidden,)
    header, blobs, at = {}, [], 0
    for name, shape in shapes.items():
        a = rng.normal(size=shape).astype("<f4")
        header[name] = {"dtype": "F32", "shape": list(shape), "data_offsets": [at, at + a.nbytes]}
        blobs.append(a.tobytes())
        at += a.nbytes
    head = json.dumps(header).encode()
    (folder / "model.safetensors").write_bytes(len(head).to_bytes(8, "little") + head + b"".join(blobs))
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    (folder / "config.json").write_text(json.dumps({"num_attention_heads": 2, "num_hidden_layers": 2}))
    return shapes


def test_the_forward_pass_gives_unit_vectors_that_padding_in_a_batch_does_not_change(tmp_path):
    np = pytest.importorskip("numpy")
    from lsp_server.knowledge.minilm import MiniLM, load_safetensors

    shapes = tiny_model(tmp_path, np)
    weights = load_safetensors(tmp_path / "model.safetensors")
    assert {k: v.shape for k, v in weights.items()} == shapes
    model = MiniLM(tmp_path)
    short, long = "play the sound", "unload the sounds ( get header row ) . play the sound again"
    alone = model.encode([short])
    batch = model.encode([long, short])  # the short one padded to the long one's width
    assert batch.shape == (2, 8)
    assert np.allclose(np.linalg.norm(batch, axis=1), 1, atol=1e-5)
    assert np.allclose(alone[0], batch[1], atol=1e-5)  # padding is masked out
    assert not np.allclose(batch[0], batch[1], atol=1e-2)


def test_without_torch_the_weights_load_as_the_numpy_encoder(tmp_path, monkeypatch):
    np = pytest.importorskip("numpy")
    import sys

    from lsp_server.knowledge import dense
    from lsp_server.knowledge.minilm import MiniLM

    tiny_model(tmp_path, np)
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ImportError
    monkeypatch.setattr(dense, "model_dir", lambda: tmp_path)
    monkeypatch.setattr(dense, "_model_tried", False)
    monkeypatch.setattr(dense, "_model", None)
    model = dense.load_model()
    assert isinstance(model, MiniLM)
    assert model.encode(["play the sound"]).shape == (1, 8)
