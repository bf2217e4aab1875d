"""Workspace: one project root, its settings, its files, and the indexes built over them.

Owns the single file walker (honours `.gitignore`, the config's `exclude`, size and binary limits; leaves
out symlinks leading outside the allowed roots and anything that is not a regular file, each with a note in
`skipped`), the
cache of documents read from disk (invalidated by mtime and by watched-file events), the overlay of
documents open in an editor, and the registry of workspace services (docs index, object model, import
graph, rules) that areas build lazily and keep current as files change.
"""

from __future__ import annotations

import contextvars
import logging
import os
import stat
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import ClassVar, TypeVar

import pathspec

from lsp_server.config import Settings, load_settings
from lsp_server.document import ParsedDocument, path_to_uri, real_path
from lsp_server import queries
from lsp_server.languages import SOURCE_LANGUAGES, is_typings_path, language_for_path
from lsp_server.storage import FileTooLarge, NotRegularFile, OutsideRoots, SkippedFile, collection_paused, read_bounded

__all__ = ["FileTooLarge", "BinaryFile", "read_text_file", "Workspace", "Service", "service"]

log = logging.getLogger(__name__)

# Bounds of the cache of parsed disk files (whichever is reached first): entries, and source bytes
# (about 35x that in trees and text: 4 MB of source ~ 150 MB of memory).
DISK_CACHE_ENTRIES = 256
DISK_CACHE_BYTES = 4 * 1024 * 1024

# Never walked as sources (still read when resolving imports and types).
SKIPPED_DIRS = frozenset({
    "node_modules", ".git", ".hg", ".svn", "dist", "build", "out", "coverage", ".next", ".nuxt",
    ".cache", ".venv", "venv", "__pycache__", ".footprint-cache", "bower_components", ".turbo",
})
# Build outputs among them: skipped as sources, but read below a docs path the config names, since packages ship
# their docs in a build folder (@awesome.me/webawesome's agent-skill pages in `dist/skills/`) and the user chose
# that folder as docs. Dependencies, VCS folders and caches stay skipped there too.
BUILD_OUTPUT_DIRS = frozenset({"dist", "build", "out", "coverage", ".next", ".nuxt", ".turbo"})
DOCS_SKIPPED_DIRS = SKIPPED_DIRS - BUILD_OUTPUT_DIRS

Progress = Callable[[str, int | None], None]  # (message, percentage or None)


def no_progress(message: str, percent: int | None = None) -> None:
    pass


class Service:
    """A workspace-wide index built in the background. Subclasses set `name` and implement `build`."""

    name: ClassVar[str] = ""
    # Built in the server's start-up grace, once the documents opened with `initialized` are checked (the
    # scheduler's otherwise idle wait), instead of after the other indexes: for a small index that needs no
    # walk of the workspace (the docs index, from the pack's docs).
    build_in_grace: ClassVar[bool] = False
    # Built before the other indexes of a warm-up (which builds them one after the other, re-checking the open
    # documents after each): for an index that takes milliseconds (the rules), so the findings that need it
    # do not wait for indexes that take seconds on a large workspace. The others keep their registration order.
    build_first: ClassVar[bool] = False

    @classmethod
    def build(cls, workspace: "Workspace", progress: Progress) -> "Service":
        raise NotImplementedError

    def update(self, workspace: "Workspace", changed: set[Path]) -> "Service | None":
        """Bring the index up to date after `changed` files changed; None means rebuild from scratch."""
        return None

    def take_buffer(self, workspace: "Workspace", doc: ParsedDocument) -> None:
        """An open document's current text, before the server checks it (checks only read the index)."""

    def document_checked(self, workspace: "Workspace", doc: ParsedDocument, findings: list,
                         completed: tuple[str, ...]) -> None:
        """The findings the server published for `doc`, from the checks named in `completed`."""


S = TypeVar("S", bound=Service)
SERVICES: list[type[Service]] = []


def service(cls: type[S]) -> type[S]:
    """Register a Service class; the server warms every registered service in the background."""
    if cls not in SERVICES:
        SERVICES.append(cls)
    return cls


# What the server's warm-up does with an index right after building it, before it reports the workspace
# ready (`Workspace.warm_service`): work the first check would otherwise do after ready, in a check's thread,
# holding up the requests that need it meanwhile (the naming conventions mined from the object model's
# examples: seconds on a workspace whose engine-using files are examples). The CLI builds indexes on demand
# and never runs these: a `check` of a file that does not need the work does not pay for it.
WARM_UPS: dict[type[Service], list[Callable[[Service, Progress], None]]] = {}


def warm_up(cls: type[S]) -> Callable[[Callable[[S, Progress], None]], Callable[[S, Progress], None]]:
    """Register `fn(service, progress)` to run in the server's warm-up once `cls` is built (see WARM_UPS)."""
    def register(fn: Callable[[S, Progress], None]) -> Callable[[S, Progress], None]:
        WARM_UPS.setdefault(cls, []).append(fn)  # type: ignore[arg-type]
        return fn
    return register


class ServiceNotReady(Exception):
    """`Workspace.service` inside a server check, for an index that is not built yet. The server builds
    indexes in the background and re-checks open documents when each is ready; run_checks treats this as
    "this check waits for its index", not as a failure."""


# Set while the server runs checks (see run_checks): registered services are then never built inline, so
# a just-opened file's diagnostics never wait for a whole-workspace index. The CLI builds on demand.
_NO_BUILD: contextvars.ContextVar[bool] = contextvars.ContextVar("footprint_no_service_build", default=False)


@contextmanager
def services_not_built():
    token = _NO_BUILD.set(True)
    try:
        yield
    finally:
        _NO_BUILD.reset(token)


class BinaryFile(SkippedFile):
    pass


def is_binary(head: bytes) -> bool:
    return b"\x00" in head


def read_text_file(path: Path, max_bytes: int, roots: list[Path] | None = None) -> str:
    """Read a text file through `storage.read_bounded` (regular files only, at most `max_bytes`, inside
    `roots` when given); raise a SkippedFile (FileTooLarge, BinaryFile, NotRegularFile, OutsideRoots) or
    OSError. Invalid UTF-8 is replaced, not fatal."""
    data = read_bounded(path, max_bytes, roots)
    if is_binary(data[:8192]):
        raise BinaryFile("binary file (it contains NUL bytes)")
    return data.decode("utf-8", errors="replace")


class Workspace:
    def __init__(self, root: Path, settings: Settings | None = None, client_trust: bool | None = None):
        self.root = real_path(root)
        # What the client declared about trust (False: untrusted whatever the trust store says), kept so
        # every reload applies the same rule; the trust store itself is read on each load (config.py).
        self.client_trust = client_trust
        self.client_settings: dict | None = None  # the last client settings applied (kept across reloads)
        self.settings = settings or load_settings(self.root, client_trust=client_trust)
        self._overlay: dict[Path, ParsedDocument] = {}
        # URI of an open document -> its resolved path, resolved once when it opened (not on every keystroke)
        self._open_real: dict[str, Path] = {}
        # Parsed files read from disk, least recently used first. Bounded: a parsed tree costs ~35x its
        # source in memory, so caching all 20k files of a monorepo would take gigabytes. Services keep
        # their own summaries and re-read (re-parse) a file on demand.
        self._disk: OrderedDict[Path, tuple[tuple[int, int], ParsedDocument]] = OrderedDict()
        self._disk_bytes = 0
        self._services: dict[type[Service], Service] = {}
        self._service_locks: dict[type[Service], threading.Lock] = {}
        self._lock = threading.RLock()
        self._skipped_logged: set[Path] = set()
        self.skipped: dict[Path, str] = {}  # files left out (too large, binary, unreadable) and why
        # Folders the user named on their own command line (`footprint-ls check /some/dir`): allowed like
        # the workspace root. Empty in the server: there every path comes from a client, a config or a repo.
        self.extra_roots: list[Path] = []
        self._roots: tuple[object, tuple[Path, ...], list[Path]] | None = None
        # Shows a warning to the user (the server sets it to window/showMessage); None: log only (CLI).
        self.notify_user: Callable[[str], None] | None = None
        # False for a one-shot run (a CLI verb, an agent hook; set by surfaces/cli): no process stays to reload
        # and re-check later, so services finish their background work (remote rule fetches) before answering.
        self.long_lived = True
        # The last `indexed_files()` walk: (time.monotonic() when taken, files with their stat), or None.
        self._walk: tuple[float, list[tuple[str, tuple[int, int]]]] | None = None
        self._walk_generation = 0  # bumped by every change the workspace hears of: a walk older is not kept
        # The server's warm-ups of this workspace running (`warming_up`), and the cache writes waiting for them
        # to end (`write_later`): key -> write.
        self._warm_ups = 0
        self._pending_writes: dict[str, Callable[[], None]] = {}

    # --- settings -------------------------------------------------------------------------------------
    def reload_settings(self, client: dict | None = None) -> None:
        """Load the settings again: with `client` as the client settings, or (None) the last ones applied,
        so a config file changing on disk does not drop what the editor sent."""
        if client is not None:
            self.client_settings = client
        self.settings = load_settings(self.root, self.settings.config_path, self.client_settings, self.client_trust)
        with self._lock:
            self._services.clear()
            self._forget_walk()

    @property
    def cache_dir(self) -> Path:
        return self.settings.cache_dir

    def relpath(self, path: Path) -> str:
        """POSIX path relative to the workspace root (absolute POSIX path when outside it)."""
        try:
            return Path(os.path.relpath(path, self.root)).as_posix() if _inside(path, self.root) else path.as_posix()
        except ValueError:
            return path.as_posix()

    def contains(self, path: Path) -> bool:
        return _inside(path, self.root)

    @property
    def roots(self) -> list[Path]:
        """Where files may be read from (resolved): the root, packs, every configured path and
        `extra_roots` (see `security.allowed_roots`). A symlink leading elsewhere is skipped."""
        from lsp_server.security import allowed_roots

        key = (self.settings, tuple(self.extra_roots))
        cached = self._roots
        if cached is None or cached[0] is not key[0] or cached[1] != key[1]:
            cached = (key[0], key[1], allowed_roots(self, self.extra_roots))
            self._roots = cached
        return cached[2]

    def admit(self, path: str, roots: list[Path] | None = None) -> bool:
        """Whether the walker may list the file `path`: a regular file (symlinks followed only when they stay
        inside `roots`) of at most `max_file_bytes`. A file left out gets a note in `skipped`; broken links
        and vanished files are left out silently."""
        return self._admitted(path, roots) is not None

    def _admitted(self, path: str, roots: list[Path] | None = None) -> os.stat_result | None:
        """`admit`, returning the file's stat (None: left out)."""
        try:
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                real = os.path.realpath(path)
                if not any(_inside(Path(real), r) for r in (roots if roots is not None else self.roots)):
                    self.note_skipped(Path(path), str(OutsideRoots(
                        "a symlink leading outside the workspace and the configured doc, pack and rule folders")))
                    return None
                st = os.stat(path)
        except (OSError, ValueError):
            return None
        if not stat.S_ISREG(st.st_mode):
            if not stat.S_ISDIR(st.st_mode):
                self.note_skipped(Path(path), str(NotRegularFile("not a regular file (a device, FIFO or socket)")))
            return None
        max_bytes = self.settings.top.max_file_bytes
        if st.st_size > max_bytes:
            self.note_skipped(Path(path), f"{st.st_size} bytes is over the {max_bytes}-byte limit (max_file_bytes)")
            return None
        return st

    def indexed_files(self) -> list[tuple[str, tuple[int, int]]]:
        """The files of SOURCE_LANGUAGES with `.d.ts` typings included (a service that wants sources only
        leaves them out with `is_typings_path`), as (path, (mtime_ns, size) from the stat the walker admitted it with), in `files`'s
        order. One walk shared by the services that index the whole workspace as they build one after the
        other at start-up (import graph, object model): kept while the workspace hears of no change (file
        events, settings reload) and for at most WALK_REUSE_SECONDS, so a later rebuild walks again. The list
        is shared: read it, never change it."""
        with self._lock:
            walk = self._walk
            if walk is not None and time.monotonic() - walk[0] < WALK_REUSE_SECONDS:
                return walk[1]
            generation = self._walk_generation
        taken = time.monotonic()
        files = [(path, (st.st_mtime_ns, st.st_size)) for path, st in self._walk_files(None, SOURCE_LANGUAGES, typings=True)]
        with self._lock:
            if generation == self._walk_generation:
                self._walk = (taken, files)
        return files

    def _forget_walk(self) -> None:
        with self._lock:
            self._walk = None
            self._walk_generation += 1

    # --- files ----------------------------------------------------------------------------------------
    def files(self, under: Path | None = None, languages: Iterable[str] | None = SOURCE_LANGUAGES,
              skipped: frozenset[str] = SKIPPED_DIRS) -> Iterator[Path]:
        """Source files under `under` (default: the root), in a stable order.

        By default (`languages=SOURCE_LANGUAGES`) the workspace's sources: JavaScript, TypeScript and TSX
        files, `.d.ts` typings left out. Another set of languages selects by language only (a `.d.ts` is
        TypeScript); `languages=None`, every file.

        Skips `skipped` (SKIPPED_DIRS unless told otherwise: the docs walk passes DOCS_SKIPPED_DIRS), our cache folder, whatever `.gitignore` files (at any depth) and the config's
        `exclude` globs match, files over `max_file_bytes`, symlinks leading outside `roots` and anything
        but regular files (one note in `skipped` and one log line each; see `admit`). `under` itself may be
        a file (a doc file named in the config): the same checks apply to it.
        """
        no_typings = languages is SOURCE_LANGUAGES
        if under is not None and not os.path.isdir(under):
            wanted = set(languages) if languages is not None else None
            if (wanted is None or (language_for_path(under) in wanted and not (no_typings and is_typings_path(under)))) \
                    and self.admit(str(under), self.roots):
                yield real_path(under)
            return
        for path, _ in self._walk_files(under, languages, typings=not no_typings, skipped=skipped):
            yield Path(path)

    def _walk_files(self, under: Path | None, languages: Iterable[str] | None, typings: bool,
                    skipped: frozenset[str] = SKIPPED_DIRS) -> Iterator[tuple[str, os.stat_result]]:
        """The walk of `files` (`under` a folder or None), as (path, stat) with string paths."""
        roots = self.roots
        wanted = set(languages) if languages is not None else None
        no_typings = not typings
        base = real_path(under or self.root)
        exclude = gitignore_spec(self.settings.top.exclude) if self.settings.top.exclude else None
        cache_dir = str(real_path(self.cache_dir))
        root_prefix = _prefix(str(self.root))
        # Each entry: (folder prefix, spec) for the .gitignore files from the root down to the current folder.
        # Paths are plain strings below: this loop runs once per file of a 20k-file monorepo.
        ignores: list[tuple[str, pathspec.PathSpec]] = []
        for folder in [*reversed(base.parents), base] if _inside(base, self.root) else [base]:
            if _inside(folder, self.root):
                spec = _gitignore(folder, self.settings.top.max_file_bytes, roots)
                if spec:
                    ignores.append((_prefix(str(folder)), spec))

        def ignored(path: str, is_dir: bool) -> bool:
            slash = "/" if is_dir else ""
            if exclude is not None and path.startswith(root_prefix):
                if exclude.match_file(_posix(path[len(root_prefix):]) + slash):
                    return True
            for prefix, spec in ignores:
                if path.startswith(prefix) and spec.match_file(_posix(path[len(prefix):]) + slash):
                    return True
            return False

        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            folder_prefix = _prefix(dirpath)
            while ignores and not folder_prefix.startswith(ignores[-1][0]):
                ignores.pop()
            if dirpath != str(base) and ".gitignore" in filenames:
                spec = _gitignore(Path(dirpath), self.settings.top.max_file_bytes, roots)
                if spec:
                    ignores.append((folder_prefix, spec))
            dirnames[:] = sorted(
                d for d in dirnames
                if d not in skipped and folder_prefix + d != cache_dir and not ignored(folder_prefix + d, True)
            )
            for name in sorted(filenames):
                if wanted is not None and (language_for_path(name) not in wanted or (no_typings and is_typings_path(name))):
                    continue  # `.d.ts` typings are parsed as TypeScript but are not sources
                path = folder_prefix + name
                if ignored(path, False):
                    continue
                st = self._admitted(path, roots)
                if st is not None:
                    yield path, st

    def note_skipped(self, path: Path, reason: str) -> None:
        """Record a file left out and why (`check` prints these; lookup_docs returns those of doc folders)."""
        self.skipped[path] = reason
        if path not in self._skipped_logged:
            self._skipped_logged.add(path)
            log.info("skipped %s: %s", self.relpath(path), reason)

    # --- documents ------------------------------------------------------------------------------------
    def open_document(self, doc: ParsedDocument) -> None:
        real = self.real_path_of(doc)
        if real is not None:
            with self._lock:
                self._open_real[doc.uri] = real
                self._overlay[real] = doc

    def close_document(self, path: Path, uri: str | None = None) -> None:
        """The document at `path` (opened as `uri`: then the path it resolved to when it opened, even if a
        symlink changed since) is no longer open."""
        with self._lock:
            real = self._open_real.get(uri) if uri is not None else None
        real = real or real_path(path)
        with self._lock:
            self._overlay.pop(real, None)
            for opened in [u for u, p in self._open_real.items() if p == real]:
                del self._open_real[opened]

    def real_path_of(self, doc: ParsedDocument) -> Path | None:
        """The resolved path of `doc` (None: not a file); of an open document, as resolved when it opened,
        so that a keystroke makes no filesystem calls for it (a symlink changed meanwhile counts from the
        next time the document opens); of a snapshot `document` read from disk, the resolved path it read it
        at (its key in the disk cache), so that the checks of one file resolve it once, not once each (a
        realpath is a system call per component of the path: ~1,500 of 300 files' checks in one CLI run)."""
        with self._lock:
            real = self._open_real.get(doc.uri)
            if real is None and doc.version is None and (path := doc.path) is not None:
                cached = self._disk.get(path)
                if cached is not None and cached[1] is doc:
                    real = path
        if real is not None:
            return real
        path = doc.path
        return real_path(path) if path is not None else None

    def disk_stamp(self, doc: ParsedDocument) -> tuple[int, int] | None:
        """(mtime_ns, size) of the file `doc` was read from by `document` (this very snapshot), or None: an
        editor's buffer, or a document this workspace did not read. An index that has an extraction of that
        file under the same stamp has the extraction of `doc` (the warm starts trust stamps the same way)."""
        if doc.version is not None:
            return None
        path = self.real_path_of(doc)
        with self._lock:
            cached = self._disk.get(path) if path is not None else None
        return cached[0] if cached is not None and cached[1] is doc else None

    def open_paths(self) -> list[Path]:
        """Resolved paths of the documents open in an editor (their text wins over the file on disk)."""
        with self._lock:
            return list(self._overlay)

    def document(self, path: Path) -> ParsedDocument | None:
        """The open document at `path`, else the file on disk parsed (cached by mtime and size).

        None for files that are missing, binary, too large, not regular files or outside `roots` (logged
        once, noted in `skipped`).
        """
        path = real_path(path)
        with self._lock:
            if path in self._overlay:
                return self._overlay[path]
        try:
            st = path.stat()
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            if not stat.S_ISDIR(st.st_mode):
                self.note_skipped(path, str(NotRegularFile("not a regular file (a device, FIFO or socket)")))
            return None
        stamp = (st.st_mtime_ns, st.st_size)
        with self._lock:
            cached = self._disk.get(path)
            if cached and cached[0] == stamp:
                self._disk.move_to_end(path)
                return cached[1]
        try:
            text = read_text_file(path, self.settings.top.max_file_bytes, self.roots)
        except SkippedFile as exc:
            self.note_skipped(path, str(exc))
            return None
        except OSError as exc:
            self.note_skipped(path, f"cannot read it: {exc.strerror or exc}")
            return None
        doc = ParsedDocument.create(path_to_uri(path), text)
        with self._lock:
            self._forget(path)
            self._disk[path] = (stamp, doc)
            self._disk_bytes += len(doc.source)
            while len(self._disk) > 1 and (len(self._disk) > DISK_CACHE_ENTRIES or self._disk_bytes > DISK_CACHE_BYTES):
                self._forget(next(iter(self._disk)))
        return doc

    def _forget(self, path: Path) -> None:
        """Drop a cached disk read (caller holds the lock)."""
        cached = self._disk.pop(path, None)
        if cached is not None:
            self._disk_bytes -= len(cached[1].source)

    # --- services -------------------------------------------------------------------------------------
    def service(self, cls: type[S], progress: Progress = no_progress) -> S:
        """The built service `cls`, building it now if needed (one builder at a time per service).

        Inside a server check this raises ServiceNotReady instead of building a registered service.
        """
        return self._service(cls, progress, warm=False)

    def warm_service(self, cls: type[S], progress: Progress = no_progress) -> S:
        """The server's warm-up of `cls`: build it as `service` does, then do what `cls`'s WARM_UPS do, so
        that it is done before the workspace is reported ready. A service it builds is published (seen by
        `peek_service`, a request's way to it) only once they are done: until then a request sees no index,
        as while it is built, never one whose warm-up is half done (the naming conventions read as empty
        while they are mined, and an analysis made then would be cached). A failing warm-up is logged, never
        fatal: that work is done on first use instead. Warm-ups are idempotent: they run on a service built
        elsewhere too (a command or a file on disk checked first), then already published."""
        return self._service(cls, progress, warm=True)

    def _service(self, cls: type[S], progress: Progress, warm: bool) -> S:
        with self._lock:
            existing = self._services.get(cls)
            if existing is None:
                if _NO_BUILD.get() and cls in SERVICES:
                    raise ServiceNotReady(cls.name or cls.__name__)
                lock = self._service_locks.setdefault(cls, threading.Lock())
        if existing is not None:
            if warm:
                self._warm(cls, existing, progress)
            return existing  # type: ignore[return-value]
        with lock:
            with self._lock:
                existing = self._services.get(cls)
            if existing is not None:
                if warm:
                    self._warm(cls, existing, progress)
                return existing  # type: ignore[return-value]
            # A workspace index is not the analysis of the caller's document (no time limit). Collection is
            # paused while it is built: what a build makes lives as long as the index, and collections
            # meanwhile walked it over and over (half of a warm start's CPU on 20,000 files; storage.py).
            with queries.no_time_limit(), collection_paused():
                built = cls.build(self, progress)
            if warm:
                self._warm(cls, built, progress)
            with self._lock:
                self._services[cls] = built
            return built  # type: ignore[return-value]

    def _warm(self, cls: type[Service], svc: Service, progress: Progress) -> None:
        for fn in WARM_UPS.get(cls, ()):
            try:
                with queries.no_time_limit():  # workspace-wide work, not a document's analysis
                    fn(svc, progress)
            except Exception:  # noqa: BLE001 - the index is built; the first use does this work again
                log.exception("warming %s up: %s failed", cls.name, getattr(fn, "__name__", fn))

    def building(self) -> bool:
        """Whether an index of this workspace is being built now (a warm-up still running): work that can
        wait, such as writing a cache for the next start, waits for it rather than delaying it."""
        with self._lock:
            if self._warm_ups:
                return True
            locks = list(self._service_locks.values())
        return any(lock.locked() for lock in locks)

    @contextmanager
    def warming_up(self) -> Iterator[None]:
        """The server's warm-up of this workspace (scheduler): `building()` holds throughout, also between two
        index builds, and `write_later` keeps its writes until `flush_writes`."""
        with self._lock:
            self._warm_ups += 1
        try:
            yield
        finally:
            with self._lock:
                self._warm_ups -= 1

    def write_later(self, key: str, write: Callable[[], None]) -> None:
        """Write a cache for the next start (`write()`), now, or while the server's warm-up runs once it has
        ended (`flush_writes`, which the scheduler calls after reporting the workspace ready, and at shutdown):
        after a start from an index artifact, the object model's 10 MB discovery cache took ~0.1 s of CPU and
        ~0.3 s of fsync in the middle of the indexing the client waits for. A later write of the same `key`
        replaces a pending one. A failed write is logged: the next start indexes again what it would hold."""
        with self._lock:
            if self._warm_ups:
                self._pending_writes[key] = write
                return
        self._write(key, write)

    def flush_writes(self) -> None:
        """The writes `write_later` kept, now."""
        with self._lock:
            writes, self._pending_writes = self._pending_writes, {}
        for key, write in writes.items():
            self._write(key, write)

    @staticmethod
    def _write(key: str, write: Callable[[], None]) -> None:
        try:
            write()
        except Exception:  # noqa: BLE001 - a cache not written is rebuilt by the next start
            log.exception("writing the cache %s failed", key)

    def peek_service(self, cls: type[S]) -> S | None:
        """The service if it is already built, without building it (for latency-critical paths)."""
        with self._lock:
            return self._services.get(cls)  # type: ignore[return-value]

    def take_buffer(self, doc: ParsedDocument) -> None:
        """Before an open document is checked: each built service takes its current text (the import graph
        its imports), so the checks themselves only read. A failing service is logged, never fatal."""
        self._each_service("take_buffer", doc)

    def document_checked(self, doc: ParsedDocument, findings: list, completed: tuple[str, ...]) -> None:
        """After a document's findings were published: services record what was shown (the conventions
        telemetry). The CLI calls this too after its checks."""
        self._each_service("document_checked", doc, findings, completed)

    def _each_service(self, hook: str, *args) -> None:
        with self._lock:
            services = list(self._services.values())
        for svc in services:
            try:
                getattr(svc, hook)(self, *args)
            except queries.AnalysisTimeout:
                # The run's time limit, or its cancellation by a newer edit, came first: not a failure. The
                # checks see the buffer as not taken, as the one-line note of a timed-out check says.
                log.info("service %s: %s stopped at the document's time limit or a newer edit",
                         type(svc).__name__, hook)
            except Exception:  # noqa: BLE001 - bookkeeping must never cost the findings
                log.exception("service %s: %s failed", type(svc).__name__, hook)

    def files_changed(self, paths: Iterable[Path]) -> None:
        """Files changed on disk (or were created/deleted): drop cached reads, update every service."""
        changed = {real_path(p) for p in paths}
        with self._lock:
            self._forget_walk()
            for p in changed:
                self._forget(p)
            if any(real_path(p) in changed for p in self.settings.watched):
                self.reload_settings()
                return
            services = list(self._services.items())
        for cls, svc in services:
            try:
                updated = svc.update(self, changed)
            except Exception:  # noqa: BLE001 - a failed update means a rebuild, not a dead server
                log.exception("service %s failed to update; it will be rebuilt", cls.name)
                updated = None
            with self._lock:
                if updated is None:
                    self._services.pop(cls, None)
                else:
                    self._services[cls] = updated


WALK_REUSE_SECONDS = 60.0  # see `Workspace.indexed_files`: the start-up's services build well within this


def _inside(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or below it. Both must be absolute and resolved (string test: hot path)."""
    p, f = str(path), str(folder)
    return p == f or p.startswith(f.rstrip(os.sep) + os.sep)


def _prefix(folder: str) -> str:
    """`folder` with exactly one trailing separator, so `prefix + name` is a child path."""
    return folder if folder.endswith(os.sep) else folder + os.sep


def _posix(rel: str) -> str:
    return rel if os.sep == "/" else rel.replace(os.sep, "/")


def _gitignore(folder: Path, max_bytes: int, roots: list[Path]) -> pathspec.PathSpec | None:
    try:  # bounded like every read: a committed .gitignore -> /dev/zero must not hang the walker
        lines = read_bounded(folder / ".gitignore", max_bytes, roots).decode("utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return gitignore_spec(lines, folder / ".gitignore")


def gitignore_spec(lines: list[str], source: Path | None = None) -> pathspec.PathSpec:
    """A GitIgnoreSpec of `lines`, leaving out (and logging) lines git would reject, such as a lone `!`:
    pathspec raises on them, and one bad line must not stop the file walker."""
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except (ValueError, TypeError):
        good = []
        for line in lines:
            try:
                pathspec.GitIgnoreSpec.from_lines([line])
            except (ValueError, TypeError):
                log.info("ignoring invalid pattern %r%s", line, f" in {source}" if source else "")
                continue
            good.append(line)
        return pathspec.GitIgnoreSpec.from_lines(good)
