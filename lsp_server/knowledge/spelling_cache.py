"""The engine's files as text (`unknown_symbol._engine_spelling`: every identifier they spell, and the ones
spelled as members), kept in the workspace's cache folder for the next process.

Reading them is regular expressions over every byte of the engine's typings and runtime builds (~30 ms a MB):
on a 161 MB package (aws-cdk-lib, 5,400 files) ~7 s of CPU that a new `footprint-ls check` process paid on
every call, though the files had not changed. The result is a function of the files' contents and of the code
that reads them, so it is kept under a key of both: each file the object model read by the SHA-256 it recorded
(checked against the file when its cached extraction was loaded), each other file (the subpath and dependency
runtimes the model did not read) by its (mtime_ns, size), as the imports cache keys workspace files, and the
digest of the code. Any other key reads the files again.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Iterable
from pathlib import Path

from lsp_server.storage import code_hash

log = logging.getLogger(__name__)

SPELLING_CACHE = "engine_spelling.json"  # beside the naming conventions' cache (the workspace's cache folder)
SIGNED_AS = "engine-spelling"
VERSION = 2  # 2: member names defined by helper calls (`definers`), the docs' subpaths' files

_code: list[str] = []


def _code_digest() -> str:
    if not _code:
        _code.append(code_hash(("knowledge/unknown_symbol.py", "knowledge/spelling_cache.py",
                                "knowledge/model_sources/definers.py")))
    return _code[0]


def cache_path(model) -> Path | None:
    """Where this model's workspace keeps it; None when the model has no workspace cache (a test's model)."""
    folder = getattr(model, "conventions_cache", None)
    return None if folder is None else Path(folder).with_name(SPELLING_CACHE)


def key(model, files: Iterable[Path], declaring: set) -> str:
    """The digest of what the spelling is a function of: each file in the order read (with whether its methods
    are read too, `declaring`), by the content digest the model recorded for it, else by its stat."""
    recorded: dict[str, str] = {}
    for _, src in model.sources:
        recorded.update(src.files)
    h = hashlib.sha256(f"{VERSION}\0{_code_digest()}\0".encode())
    for f in files:
        name = str(f)
        digest = recorded.get(name)
        if digest is None:
            try:
                st = os.stat(name)
                digest = f"{st.st_mtime_ns}:{st.st_size}"
            except OSError:
                digest = "missing"
        h.update(f"{name}|{digest}|{int(f in declaring)}\0".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def read(model, digest: str) -> tuple[set[str], set[str]] | None:
    from lsp_server import integrity

    path = cache_path(model)
    if path is None:
        return None
    data, problem = integrity.read_signed_json(path, SIGNED_AS)
    if problem is not None:
        log.info("engine spelling cache %s %s: reading the engine's files again", path, problem)
    if not isinstance(data, dict) or data.get("key") != digest:
        return None
    spelled, members = data.get("spelled"), data.get("members")
    if not isinstance(spelled, list) or not isinstance(members, list):
        return None
    return set(spelled), set(members)


def write(model, digest: str, spelled: set[str], members: set[str]) -> None:
    from lsp_server import integrity

    path = cache_path(model)
    if path is None or integrity.cache_folder(path.parent) is None:
        return
    try:
        integrity.write_signed_json(path, {"version": VERSION, "key": digest, "spelled": sorted(spelled),
                                           "members": sorted(members)}, SIGNED_AS)
    except OSError as exc:
        log.info("cannot cache the engine's spelling in %s: %s", path, exc)
