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
import stat
import tempfile
from pathlib import Path
from typing import Any


class FileChanged(Exception):
    """The file on disk is not the one an edit was computed for: nothing was written."""


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write `data` to a temp file beside `path`, fsync it, rename it over `path`, fsync the folder.
    The permission bits are `mode`, else those of the file being replaced (a user's source file must not
    turn 0600, which mkstemp creates), else 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except OSError:
            mode = None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if mode is not None:
                os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable across a power loss (a kill -9 needs only the rename's atomicity).
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def replace_file_if_unchanged(path: Path, expected: bytes, new: bytes) -> None:
    """For `--apply` and other edits of user files: atomically replace `path` by `new` only if it still
    holds `expected` (the bytes the edits were computed on), keeping its permission bits; else raise
    FileChanged and leave the file alone."""
    try:
        current = path.read_bytes()
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        raise FileChanged(f"{path}: the file was deleted since it was read") from None
    if current != expected:
        raise FileChanged(f"{path}: the file changed since it was read; run again")
    atomic_write_bytes(path, new, mode=mode)


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
    the old folder is renamed aside first, so a crash leaves either `final` or `final.old` intact, and
    `recover_directory` (called here first, and by readers) puts `final.old` back."""
    recover_directory(final)
    old = final.with_name(final.name + ".old")
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        os.replace(final, old)
    os.replace(built, final)
    shutil.rmtree(old, ignore_errors=True)


def recover_directory(final: Path) -> bool:
    """After a crash between the two renames of `swap_directory`, `final` is missing and `final.old` is
    the last complete folder: rename it back. Readers call this before opening `final`. True if restored.
    (Without it, the next swap would delete `final.old`, the only complete copy, before renaming.)"""
    old = final.with_name(final.name + ".old")
    if not final.exists() and old.is_dir():
        try:
            os.replace(old, final)
        except OSError:
            return False
        return True
    return False


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
