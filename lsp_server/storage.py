"""Atomic files and cache folders: the one way every area writes to disk, and `read_bounded`, the one way
every area reads a source, doc or rule file (regular files only, at most `max_file_bytes`).

A write goes to a temporary file in the same folder, is fsynced, then renamed over the target, so a kill
at any moment leaves either the old file or the new one, never a torn one. Folders (indexes) are built
beside their final place and swapped in with a rename.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import hashlib
import json
import os
import threading
import stat
from pathlib import Path
from typing import Any


class SkippedFile(OSError):
    """A file left out on purpose; the message is the reason, shown to the user ("skipped X: reason")."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "skipped"


class FileTooLarge(SkippedFile):
    pass


class NotRegularFile(SkippedFile):
    pass


class OutsideRoots(SkippedFile):
    pass


READ_CHUNK = 1024 * 1024


def inside(path: str | Path, root: str | Path) -> bool:
    """Whether `path` is `root` or below it (both absolute and resolved; a string test)."""
    p, r = str(path), str(root)
    return p == r or p.startswith(r.rstrip(os.sep) + os.sep)


def check_roots(path: Path, roots: "list[Path] | None") -> Path:
    """`path` resolved (symlinks followed); OutsideRoots when `roots` is given and it lies in none of them."""
    try:
        real = Path(os.path.realpath(path))
    except (OSError, ValueError) as exc:
        raise NotRegularFile(f"cannot resolve it: {exc}") from None
    if roots is not None and not any(inside(real, r) for r in roots):
        where = "outside the workspace and the configured doc, pack and rule folders"
        raise OutsideRoots(f"a symlink leading {where}" if os.path.abspath(path) != str(real) else where)
    return real


def read_bounded_each(paths, max_bytes_of, roots: "list[Path] | None" = None):
    """(each of `paths` as given, its bytes or the OSError `read_bounded` raised), in order: `read_bounded(path,
    max_bytes_of(path), roots)` with each folder resolved and checked against `roots` once instead of once per
    file (`read_bounded_in`)."""
    folders: dict = {}
    for given in paths:
        path = Path(given)
        try:
            yield given, read_bounded_in(path, max_bytes_of(path), roots, folders)
        except OSError as exc:
            yield given, exc


def read_bounded_in(path: Path, max_bytes: int, roots: "list[Path] | None", folders: dict) -> bytes:
    """`read_bounded(path, max_bytes, roots)`, the file's folder resolved and checked against `roots` once for
    all the reads that share `folders` (folder -> its resolved path or the OSError its check raised) instead of
    once per file (`resolved`): a realpath walks every component of the path with a system call each, ~0.3 ms a
    file deep in node_modules, seconds over a large package's thousands of files. A file that is itself a
    symlink (O_NOFOLLOW refuses it) is read as `read_bounded` reads it, its target resolved and checked: the
    same answer for every file."""
    folder = folders.get(path.parent)
    if folder is None:
        try:
            folder = check_roots(path.parent, roots)
        except OSError as exc:
            folder = exc
        folders[path.parent] = folder
    if isinstance(folder, OSError) or path.name in ("", ".", ".."):
        return read_bounded(path, max_bytes, roots)
    try:
        return read_bounded(folder / path.name, max_bytes, roots, resolved=True)
    except OutsideRoots:  # the file is a link: resolved and checked itself
        return read_bounded(path, max_bytes, roots)


def read_bounded(path: Path, max_bytes: int, roots: "list[Path] | None" = None, *, resolved: bool = False) -> bytes:
    """The bytes of the regular file `path`, for every reader of source, doc and rule files.

    Refuses (SkippedFile, an OSError, with the reason) a path that resolves outside `roots` (when given),
    anything but a regular file (a device such as /dev/zero, a FIFO, a socket: opened non-blocking, so a
    FIFO never waits for a writer) and a file over `max_bytes`; reads at most `max_bytes + 1` bytes after
    `fstat`, so a file that grows meanwhile (or a procfs file that reports size 0) is refused too, never
    read without end. Other OSErrors (missing, unreadable) propagate.

    `resolved`: the caller resolved the folder of `path` and checked it against the roots itself (once for
    the many files of a folder); only the name is then guarded, by O_NOFOLLOW (a link: OutsideRoots)."""
    real = path if resolved else check_roots(path, roots)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        # The resolved path, and O_NOFOLLOW: a link swapped in after the check above is refused, not followed.
        fd = os.open(real, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutsideRoots("a symlink that changed while it was read") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile("not a regular file (a device, FIFO or socket)")
        if st.st_size > max_bytes:
            raise FileTooLarge(f"{st.st_size} bytes is over the {max_bytes}-byte limit (max_file_bytes)")
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(READ_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:
            raise FileTooLarge(f"more than {max_bytes} bytes (it grew while read; max_file_bytes)")
        return b"".join(chunks)
    finally:
        os.close(fd)


class FileChanged(Exception):
    """The file on disk is not the one an edit was computed for: nothing was written."""


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None,
                       owner: tuple[int, int] | None = None) -> None:
    """Write `data` to a temp file beside `path`, fsync it, rename it over `path`, fsync the folder.
    The permission bits are `mode`, else those of the file being replaced (a user's source file must not
    turn 0600, which mkstemp creates), else 0600. `owner` (uid, gid) is kept where the OS allows it (root,
    or a group the user is in); a file the user cannot chown to keeps the user as its owner."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except OSError:
            mode = None
    import tempfile  # here, not at the top: a process that only reads (`check`, a hook) never loads it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if owner is not None and hasattr(os, "fchown"):
                for uid, gid in (owner, (-1, owner[1])):
                    try:
                        os.fchown(fh.fileno(), uid, gid)
                        break
                    except OSError:
                        continue
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


def replace_file_if_unchanged(path: Path, expected: bytes, new: bytes, roots: "list[Path] | None" = None) -> Path:
    """For `--apply` and other edits of user files: atomically replace `path` by `new` only if it still
    holds `expected` (the bytes the edits were computed on); else raise FileChanged and leave it alone.

    A symlink is followed to the file it names, which must lie inside `roots` (when given): else
    OutsideRoots and nothing is written. The file is replaced by rename (a new inode, so a reader never sees
    a torn file), keeping its permission bits and, where the OS allows it, its owner and group. Returns
    the path written (the resolved one)."""
    real = check_roots(path, roots)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        raise FileChanged(f"{path}: the file was deleted since it was read") from None
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFile(f"{path}: not a regular file")
    try:
        current = read_bounded(real, len(expected), roots)
    except FileTooLarge:
        current = None  # longer than what the edits were computed on: it changed
    if current != expected:
        raise FileChanged(f"{path}: the file changed since it was read; run again")
    atomic_write_bytes(real, new, mode=stat.S_IMODE(st.st_mode), owner=(st.st_uid, st.st_gid))
    return real


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, value: Any) -> None:
    atomic_write_bytes(path, json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


MAX_JSON_BYTES = 256 * 1024 * 1024  # caches of big workspaces; a package.json -> /dev/zero is refused anyway


def read_json(path: Path, max_bytes: int = MAX_JSON_BYTES) -> Any | None:
    """The JSON value in `path`, or None when it is missing, unreadable, not a regular file or over
    `max_bytes` (callers then rebuild, or do without)."""
    try:
        return json.loads(read_bounded(path, max_bytes).decode("utf-8"))
    except (OSError, ValueError):
        return None


def swap_directory(built: Path, final: Path) -> None:
    """Replace folder `final` by folder `built` (same parent), as close to atomically as POSIX allows:
    the old folder is renamed aside first, so a crash leaves either `final` or `final.old` intact, and
    `recover_directory` (called here first, and by readers) puts `final.old` back."""
    import shutil  # here, not at the top: only index builds swap folders

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


def code_hash(parts: tuple[str, ...], base: Path | None = None) -> str:
    """SHA-256 over the named files' paths and bytes, under `base` (default: the lsp_server package; a folder
    counts as its *.py files, sorted). A cache made by one version of the code that builds it must not be
    served to another: keys include this, so a change of that code without a format bump still rebuilds. A
    missing file counts as missing (an installed package may leave data out), never as an error."""
    base = base or Path(__file__).resolve().parent
    h = hashlib.sha256()
    for part in parts:
        target = base / part
        files = sorted(target.glob("*.py")) if target.is_dir() else [target]
        for f in files:
            h.update(f"{part}/{f.name}\0".encode())
            try:
                h.update(f.read_bytes())
            except OSError:
                h.update(b"missing")
            h.update(b"\0")
    return h.hexdigest()


_paused = 0  # how many `collection_paused` blocks are running (threads)
_paused_lock = threading.Lock()
_freeze_after = False  # `freeze_after_builds`: a one-shot process freezes what each paused block built


def freeze_after_builds(on: bool = True) -> None:
    """For a one-shot process (`footprint-ls check`): when the last `collection_paused` block ends, freeze every
    object alive (gc.freeze, a list splice) before collection resumes. What such a block builds (an object
    model decoded from its cache, the engine's vocabulary) lives until the process exits, and each later
    full collection walked all of it again: on a 161 MB engine ~7 s of a one-file check's 18 s of CPU. The
    server does not use this: it freezes once its indexes are built and collects what that kept when the
    client is quiet (`foreground.settle`); a process that ends soon has no such garbage worth collecting (and
    what holds no reference cycle is still freed when its last reference goes, frozen or not)."""
    global _freeze_after
    _freeze_after = on


@contextlib.contextmanager
def collection_paused():
    """Automatic garbage collection paused while an index is built, a cache or an index artifact decoded.
    Decoding and building create hundreds of thousands of lists, tuples and objects that live as long as the
    index, and no reference cycle; every collection meanwhile walks the ones already made (the full ones walk
    all of them): half of a warm start's CPU on 20,000 files. Counted across threads: collection resumes when
    the last block ends, if it was on when the first began."""
    global _paused, _was_enabled
    with _paused_lock:
        if _paused == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _paused_lock:
            _paused -= 1
            if _paused == 0 and _freeze_after:
                gc.freeze()
            if _paused == 0 and _was_enabled:
                gc.enable()


_was_enabled = True
_hashes: dict[str, tuple[int, int, str]] = {}  # path -> (mtime_ns, size, sha256): shared by the index artifact's users
_hashes_lock = threading.Lock()


def file_content_hash(path: Path, max_bytes: int, roots: "list[Path] | None" = None) -> tuple[str, os.stat_result]:
    """(SHA-256 of the file's bytes, its stat), read like every source (`read_bounded`); remembered for this
    process by (path, mtime, size), so the areas that match files against an index artifact read each once."""
    st = os.stat(path)
    key = str(path)
    with _hashes_lock:
        hit = _hashes.get(key)
    if hit is not None and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
        return hit[2], st
    digest = content_hash(read_bounded(path, max_bytes, roots))
    with _hashes_lock:
        _hashes[key] = (st.st_mtime_ns, st.st_size, digest)
    return digest, st


_LISTED_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def listed_content_hash(path: str, stamp: tuple[int, int], max_bytes: int, roots: "list[Path]") -> str | None:
    """SHA-256 of a file the workspace's walker listed with `stamp` (mtime_ns, size), or None when it is not
    that file any more (changed since the walk: another stamp; gone, unreadable, not a regular file, over
    `max_bytes`). For matching a checkout's files against an index artifact, where a start hashes all of
    them: the walker admitted the path (inside `roots`), so it is opened as it is, without the `realpath`
    `read_bounded` resolves every path with (most of the cost of 20,000 small files); O_NOFOLLOW refuses a
    symlink, and a symlinked file the walker admitted goes the `read_bounded` way (`file_content_hash`). The
    bytes are only hashed. Shares `file_content_hash`'s memo, so each file is read once per process."""
    size = stamp[1]
    if size > max_bytes:
        return None
    with _hashes_lock:
        hit = _hashes.get(path)
    if hit is not None and hit[0] == stamp[0] and hit[1] == size:
        return hit[2]
    try:
        fd = os.open(path, _LISTED_FLAGS)
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            return None
        try:  # a symlink the walker admitted (its target inside the roots): checked and read as any source
            digest, st = file_content_hash(Path(path), max_bytes, roots)
        except OSError:
            return None
        return digest if (st.st_mtime_ns, st.st_size) == tuple(stamp) else None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_mtime_ns != stamp[0] or st.st_size != size:
            return None
        data = os.read(fd, size + 1)
        while len(data) < size + 1:  # a short read (rare on a regular file): read on to the end
            more = os.read(fd, size + 1 - len(data))
            if not more:
                break
            data += more
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) != size:
        return None  # it changed while read
    digest = content_hash(data)
    with _hashes_lock:
        _hashes[path] = (stamp[0], size, digest)
    return digest
