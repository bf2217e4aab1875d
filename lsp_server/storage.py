"""Atomic files and cache folders: the one way every area writes to disk.

A write goes to a temporary file in the same folder, is fsynced, then renamed over the target, so a kill
at any moment leaves either the old file or the new one, never a torn one. Folders (indexes) are built
beside their final place and swapped in with a rename.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, value: Any) -> None:
    atomic_write_bytes(path, json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def read_json(path: Path) -> Any | None:
    """The JSON value in `path`, or None when it is missing or unreadable (callers then rebuild)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def swap_directory(built: Path, final: Path) -> None:
    """Replace folder `final` by folder `built` (same parent), as close to atomically as POSIX allows:
    the old folder is renamed aside first, so a crash leaves either `final` or `final.old` intact."""
    old = final.with_name(final.name + ".old")
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        os.replace(final, old)
    os.replace(built, final)
    shutil.rmtree(old, ignore_errors=True)


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
