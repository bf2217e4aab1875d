"""The workspace import graph: every source module's imports (resolved) and exports, kept current.

`ImportGraphService` is a workspace `@service`: built in the background (files parsed in several processes when
there are many: forked copies of a one-thread process such as the CLI, a spawned pool on a server's idle
cores), persisted atomically under `cache_dir/import-graph.json` (signed with the user's key: a cache
Footprint did not write is ignored, see `integrity`) so a restart only re-parses files whose mtime or size changed
and only re-resolves the imports whose resolution inputs changed (each module's resolutions are stored with the
folders and package.json / tsconfig files they consulted and those inputs' stamps, see `graph.resolve`), and updated incrementally: a changed file is re-parsed, and only re-resolution
(no parsing) is done for the others when files appear or disappear. An open editor buffer wins over the file
on disk (`workspace.document(path)`), and the per-file checks push the buffer's current imports in with
`refresh(doc)`. A graph for one folder or file only (`build(scope=...)`: `footprint-ls graph PATH`, see
`export.graph_for`) parses that scope's files and the files they import, transitively, and no other.

Sources are JavaScript and TypeScript (`.ts .tsx .mts .cts .d.ts`) modules alike. Cycles are the strongly
connected components of the file-to-file edges (Tarjan, iterative); type-only edges (`import type`, ...) are
left out unless `[dependencies] type_cycles = true`, since they vanish from the emitted JavaScript (every
import of a `.d.ts` file is type-only: a declaration file emits nothing). When one module's
edges change, only its old component and what now both reaches it and is reached from it are recomputed (a new
cycle must pass through it); each component's representative cycles (a shortest one through each member) are
computed on demand.
"""

from __future__ import annotations

import json
import logging
import os
import struct
import sys
import threading
import time
import weakref
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from lsp_server.document import ParsedDocument
from lsp_server.syntax.modules import (DEFAULT, REEXPORT, TYPE, ImportRecord, ModuleInfo, extract, module_info_of,
                                       remember_module_info)
from lsp_server.graph.resolve import (FILE, PROBE, FileSystem, Resolution, Resolver, folder_unchanged,
                                      json_unchanged, probe_unchanged)
from lsp_server.graph.store import RootPaths, decode_lines, encode_lines, local_resolutions, portable_resolutions
from lsp_server.graph.settings import DependenciesConfig
from lsp_server.languages import language_for_path
from lsp_server import integrity, queries
from lsp_server.storage import OutsideRoots, collection_paused, file_content_hash, inside, listed_content_hash, read_bounded
from lsp_server.workspace import SKIPPED_DIRS, Progress, Service, Workspace, no_progress, service

log = logging.getLogger(__name__)

CACHE_FILE = "import-graph.json"
CACHE_VERSION = 5  # 3: TypeScript sources, type-only imports; 4: JSON lines, paths relative to the root;
# 5: imported names carry their local binding
RESOLUTIONS_VERSION = 3  # the cache's "resolutions" section (resolutions with their inputs' stamps); 3: groups
SIGNED_AS = "import-graph"
ARTIFACT_PART = "import-graph"  # its part of an index artifact (footprint-ls index)
MAX_MODULES = 50_000  # a lone file in a huge folder must not make us parse the whole disk
LARGE_SCC = 200  # components this big get their cycles computed per member on demand
POOL_THRESHOLD = 400  # below this many files to parse, a process pool costs more than it saves
# ... when the processes are forked (a process with no other thread: the CLI), starting them costs
# milliseconds instead of a Python start and imports each (`_parse_forked`).
FORK_POOL_THRESHOLD = 120
# ... and only from this many bytes: a forked copy costs ~45 ms of CPU (copy-on-write faults as both processes
# touch their objects), what parsing ~1 MB on another core saves. Only with an idle core (`_idle_cores`).
FORK_MIN_BYTES = 1_000_000
PERSIST_DELAY = 2.0  # seconds: updates are written to disk at most this often, off the edit path
# The languages whose files are modules of the graph: the sources and the `.d.ts` typings too (TypeScript
# imports resolve to them). An explicit set: `Workspace.files` leaves typings out only for its default,
# `languages.SOURCE_LANGUAGES` (the checked languages), so this must stay a set of its own. The build lists
# them with `Workspace.indexed_files` (these languages, typings included).
GRAPH_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
DECLARATION_FILES = (".d.ts", ".d.mts", ".d.cts")


@dataclass(frozen=True)
class ImportSite:
    """Where a module imports a name of another: `start`/`end` are byte offsets in the importing file of
    the imported name (or of the specifier for namespace and whole-module imports)."""

    path: Path
    line: int  # 0-based
    start: int
    end: int
    name: str  # the name imported ("default", "*" or a named export)
    kind: str  # the import's kind: import / reexport / dynamic / require
    specifier: str


class ModuleEntry:
    """One module of the graph. An entry loaded from the cache keeps its extraction as its line of the cache
    (JSON, see graph/store.py) and decodes it on first use: a warm start only needs the specifiers (stored in
    the cache's header as one string), so 20,000 modules load without building 400,000 small objects."""

    __slots__ = ("path", "stamp", "_info", "_raw", "resolutions", "edges", "kinds", "inputs")

    def __init__(self, path: str, stamp: tuple[int, int] | None, info: ModuleInfo | None = None,
                 raw: tuple[str | None, str] | None = None):
        self.path = path  # absolute
        self.stamp = stamp  # (mtime_ns, size) of the file it was read from; None: an editor buffer
        self._info = info
        self._raw = raw  # (packed specifiers or None, extraction as JSON text: str or bytes)
        self.resolutions: tuple[Resolution, ...] = ()
        self.kinds: tuple[str, ...] = ()  # the edge kind of each resolution (TYPE for type-only imports)
        self.edges: list[str] = []  # resolved targets that are modules of the graph (cycle edges), in order
        # What the resolutions were computed from: (folder listed or JSON file read, its stamp then).
        self.inputs: tuple[tuple[str, tuple[int, int] | int | None], ...] = ()

    @property
    def info(self) -> ModuleInfo:
        if self._info is None:
            try:
                self._info = ModuleInfo.from_json(json.loads(self._raw[1])) if self._raw else ModuleInfo()
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                # Only what this user's Footprint signed or an artifact's digest vouched for gets here; still,
                # a malformed extraction is a module with unknown exports, never a failed check.
                log.warning("%s: its cached extraction is not well formed; its exports count as unknown", self.path)
                self._info = ModuleInfo(format="unknown", dynamic_exports=True)
        return self._info

    def specifiers(self) -> list[tuple[str, str]]:
        """(specifier, kind) of each import, without decoding the whole extraction."""
        if self._info is None and self._raw is not None and self._raw[0] is not None:
            packed = self._raw[0]
            return [tuple(item.split(_FIELD, 1)[::-1]) for item in packed.split(_ITEM)] if packed else []  # type: ignore[misc]
        return [(r.specifier, r.edge_kind) for r in self.info.imports]

    def cache_value(self) -> tuple[str | None, str | bytes]:
        if self._info is None and self._raw is not None:
            return self._raw
        return pack(self.info)

    def file_targets(self) -> list[str]:
        return [r.target for r in self.resolutions if r.kind == FILE and r.target]


_FIELD, _ITEM = "\x1f", "\x1e"


def pack(info: ModuleInfo) -> tuple[str | None, str]:
    """The cache form of an extraction: (edge kind<US>specifier<RS>..., JSON text)."""
    specs = [(r.edge_kind, r.specifier) for r in info.imports]
    packed = None if any(_FIELD in sp or _ITEM in sp for _, sp in specs) else _ITEM.join(
        f"{kind}{_FIELD}{sp}" for kind, sp in specs)
    return packed, json.dumps(info.to_json(), separators=(",", ":"), ensure_ascii=False)


def provided_modules(workspace: Workspace) -> frozenset[str]:
    """Bare module names the engine's object model declares (`[object_model] sources = [{module = ...}]`)."""
    section = workspace.settings.values.get("object_model", {})
    sources = section.get("sources", []) if isinstance(section, dict) else []
    return frozenset(s["module"] for s in sources if isinstance(s, dict) and isinstance(s.get("module"), str))


def under(path: str, base: str) -> bool:
    """Whether `path` is `base` or inside it (both absolute, as the graph's paths are)."""
    return path == base or path.startswith(base.rstrip(os.sep) + os.sep)


def is_graph_source(workspace: Workspace, path: Path) -> bool:
    """Whether `path` is one of the workspace's modules (cheap test for changed paths)."""
    if language_for_path(path) not in GRAPH_LANGUAGES or not workspace.contains(path):
        return False
    rel = workspace.relpath(path).split("/")
    return not any(part in SKIPPED_DIRS for part in rel[:-1])


def _parse_paths(paths: list[str], max_bytes: int, roots: list[Path] | None = None,
                 packed: bool = True) -> list[tuple[str, tuple[int, int] | None, tuple | ModuleInfo | None]]:
    """Worker: read, parse and extract files. Returns (path, stamp, extraction) per file, the extraction packed
    (`pack`: what crosses to another process, as the cache stores it) or, in the building process, as is.

    Byte offsets must equal those of `workspace.document()` (used by the checks): valid UTF-8 is used as is,
    anything else goes through the same decode-with-replacement as ParsedDocument."""
    from lsp_server.document import encode
    from lsp_server.languages import parser as parser_for
    from lsp_server.workspace import is_binary

    out = []
    real_folders: dict[str, str] = {}
    for path in paths:
        language = language_for_path(path) or "javascript"
        try:
            st = os.stat(path)
            data = _read_source(path, max_bytes, roots, real_folders)
            if is_binary(data[:8192]):
                raise OSError("binary")
        except OSError:
            out.append((path, None, None))
            continue
        if not data.isascii():  # ASCII is valid UTF-8: the common case needs no decoding to check it
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                data = encode(data.decode("utf-8", errors="replace"))
        tree = parser_for(language).parse(data)
        info = extract_within_limit(data, tree, language, path)
        out.append((path, (st.st_mtime_ns, st.st_size), pack(info) if packed else info))
    return out


def _read_source(path: str, max_bytes: int, roots: list[Path] | None, real_folders: dict[str, str]) -> bytes:
    """`read_bounded` (the one reading primitive: regular files inside the roots, at most max_file_bytes) of
    a source, its folder resolved once for all the files of that folder (`real_folders`) rather than its
    whole path for each file (an `lstat` per component: ~5% of a cold build's CPU on three.js): the folder's
    real path is checked against the roots and the name opened without following a link; a name that is a
    link takes read_bounded's whole check."""
    folder, name = os.path.split(path)
    real = real_folders.get(folder)
    if real is None:
        real = real_folders[folder] = os.path.realpath(folder)
    if roots is None or any(inside(real, root) for root in roots):
        try:
            return read_bounded(Path(real, name), max_bytes, resolved=True)
        except OutsideRoots:
            pass  # the name is a link
    return read_bounded(Path(path), max_bytes, roots)


@service
class ImportGraphService(Service):
    name = "import-graph"

    def __init__(self, workspace: Workspace):
        self.workspace = workspace
        self.root = workspace.root
        self.resolver = Resolver(workspace.root, provided_modules(workspace),
                                 FileSystem(workspace.settings.top.max_file_bytes))
        self.type_cycles = workspace.settings.get(DependenciesConfig).type_cycles
        self.modules: dict[str, ModuleEntry] = {}
        self.importers_of: dict[str, set[str]] = {}  # target -> importing module paths
        # Cyclic strongly connected components (more than one module, or a module importing itself).
        self.sccs: dict[int, list[str]] = {}
        self.scc_of: dict[str, int] = {}
        self._scc_cycles: dict[int, dict[str, list[str]]] = {}  # component -> member -> its shortest cycle
        self._next_scc = 0
        self._foreign: dict[str, tuple[tuple[int, int], ModuleInfo]] = {}  # resolved targets outside the graph
        self._lock = threading.RLock()
        # The editor buffers taken in (take_buffer), with their extraction and entry, so the dependency
        # check of that very snapshot reads them instead of extracting again. Weak: a replaced snapshot goes.
        self._buffers: weakref.WeakKeyDictionary[ParsedDocument, tuple[ModuleInfo, ModuleEntry | None]] = \
            weakref.WeakKeyDictionary()
        self._persist_timer: threading.Timer | None = None
        self.stats: dict[str, float] = {}
        self._persist_failed = False  # a failed write is said once, not on every debounced persist
        # The persisted resolutions whose inputs are unchanged (path -> (resolutions, inputs)), while building.
        self._reusable: dict[str, tuple[tuple[Resolution, ...], tuple]] = {}
        # One (input, stamp) pair per input shared by every entry that consulted it (20,000 modules consult
        # ~28 each); cleared whenever the resolver forgets what it read (`_invalidate`).
        self._input_pairs: dict[str, tuple] = {}

    # --- building -------------------------------------------------------------------------------------
    @classmethod
    def build(cls, workspace: Workspace, progress: Progress = no_progress,
              scope: Path | None = None) -> "ImportGraphService":
        """The graph of the workspace. With `scope` (a folder or a file), the graph that a snapshot of that
        scope needs (`export.graph_snapshot`): of the files neither cached nor open, only those under
        `scope`, and the files their imports reach (and theirs, ...) are parsed. Every module a snapshot of
        `scope` shows (its modules, their edges, the cycles through them: a cycle through a module of the
        scope only passes through modules reachable from it) is then the same as in the whole graph; the
        other files are no modules of it (a one-shot `footprint-ls graph PATH` skips parsing the rest of
        the workspace: three.js's examples, 64% of its files' bytes, for `three/src`)."""
        svc = cls(workspace)
        svc._build(progress, str(scope.resolve()) if scope is not None else None)
        return svc

    @property
    def cache_path(self) -> Path:
        return self.workspace.cache_dir / CACHE_FILE

    def _build(self, progress: Progress, scope: str | None = None) -> None:
        started = time.perf_counter()
        lap = started

        def timing(name: str) -> None:
            nonlocal lap
            now = time.perf_counter()
            self.stats[f"{name}_s"] = now - lap
            lap = now

        progress("import graph: listing files", 0)
        # The walk the object model shares (GRAPH_LANGUAGES are its languages), with each file's stat.
        listed = self.workspace.indexed_files()
        if len(listed) > MAX_MODULES:
            log.warning("import graph of %s: stopped at %d modules (a folder that is not a project?)",
                        self.root, MAX_MODULES)
            listed = listed[:MAX_MODULES]
        paths = [path for path, _ in listed]
        timing("walk")
        cached = self._load_cache()
        if not cached and (artifact := integrity.artifact_from_env()) is not None:
            # No cache of our own yet: take the index a team built (FOOTPRINT_INDEX) for the files whose
            # content is the one it was built from; the others are parsed below.
            cached, taken = self._from_artifact(artifact[1].get(ARTIFACT_PART), dict(listed))
            self.stats["artifact"] = taken["reused"]
            self.stats["artifact_resolutions"] = taken["resolutions_reused"]
        timing("load")
        open_paths = {str(p) for p in self.workspace.open_paths()}
        to_parse: list[str] = []
        to_parse_bytes = 0
        deferred: dict[str, int] = {}  # outside `scope`: parsed only if a module of the graph imports it
        for path, stamp in listed:
            if path in open_paths:
                doc = self.workspace.document(Path(path))
                if doc is not None:
                    self.modules[path] = ModuleEntry(path, None, info_within_limit(doc, path))
                continue
            hit = cached.get(path)
            if hit is not None:
                if stamp[0] == hit[0] and stamp[1] == hit[1]:
                    self.modules[path] = ModuleEntry(path, stamp, raw=(hit[2], hit[3]))
                    continue
            if scope is not None and not under(path, scope):
                deferred[path] = stamp[1]
                continue
            to_parse.append(path)
            to_parse_bytes += stamp[1]
        timing("stat")
        self.stats["cached"] = len(paths) - len(to_parse) - len(deferred)
        progress(f"import graph: parsing {len(to_parse)} of {len(paths)} files", 5)
        self._add_parsed(self._parse_many(to_parse, progress, to_parse_bytes))
        timing("parse")
        progress("import graph: resolving imports", 90)
        reusable, self._reusable = self._reusable, {}
        timing("check_inputs")
        reused = persistable = 0
        parsed = set(to_parse)
        unresolved = list(self.modules.values())
        while unresolved:
            for entry in unresolved:
                hit = reusable.get(entry.path) if entry.stamp is not None and entry.path not in parsed else None
                if hit is not None:
                    specifiers = entry.specifiers()
                    if len(specifiers) == len(hit[0]):
                        self._set_kinds(entry, specifiers)
                        entry.inputs = hit[1]
                        entry.resolutions = hit[0]
                        reused += 1
                        continue
                entry.resolutions = self._resolve_entry(entry)
                if entry.stamp is not None and all(stamp is not None for _, stamp in entry.inputs):
                    persistable += 1
            # A scoped build: the deferred files these modules import are modules too (and what they import).
            reached = [target for entry in unresolved for target in entry.file_targets() if target in deferred]
            reached = list(dict.fromkeys(reached))
            if not reached:
                break
            parsed.update(reached)
            before = set(self.modules)
            self._add_parsed(self._parse_many(reached, progress, sum(deferred.pop(p) for p in reached)))
            unresolved = [entry for path, entry in self.modules.items() if path not in before]
        # Edges once every module is known (an edge joins two modules of the graph).
        for entry in self.modules.values():
            self._set_resolutions(entry, entry.resolutions)
        self.stats["parsed"] = len(parsed)
        self.stats["not_parsed"] = len(deferred)  # outside the scope and imported by none of its modules
        self.stats["resolutions_reused"] = reused
        timing("resolve")
        self._reindex()
        self._compute_cycles()
        timing("index")
        self.stats["build_s"] = time.perf_counter() - started
        log.info("import graph of %s: %d modules, %d from the cache%s, %d parsed, in %.2f s; the resolutions of "
                 "%d modules reused", self.root, len(self.modules), self.stats["cached"],
                 f" ({self.stats['artifact']} from the index artifact)" if "artifact" in self.stats else "",
                 self.stats["parsed"], self.stats["build_s"], reused)
        # Open documents are not persisted (their text is the editor's): count only what persist() writes, or
        # every warm start with a file open would rewrite the whole cache (~0.7 s of JSON on 20,000 files).
        # A cached module that is open now is kept as it was (the cache is the file's, not the buffer's).
        kept = sum(1 for e in self.modules.values() if e.stamp is not None) + len(open_paths & cached.keys())
        if to_parse or len(cached) != kept or "artifact" in self.stats or persistable:
            # A server writes the cache after it is ready (it is the next start's, not this one's: ~0.5 s
            # of 20,000 modules) when what a lost write would cost again is small (a shutdown waits only
            # 0.5 s for pending writes); after parsing many files, and in a one-shot process, at once.
            if self.workspace.long_lived and len(to_parse) < POOL_THRESHOLD:
                self._persist_later()
            else:
                self.persist()
        progress("import graph: ready", 100)

    def _add_parsed(self, results: list) -> None:
        for path, stamp, info in results:
            if isinstance(info, ModuleInfo):
                self.modules[path] = ModuleEntry(path, stamp, info)
            elif info is not None:
                self.modules[path] = ModuleEntry(path, stamp, raw=info)

    def _parse_many(self, paths: list[str], progress: Progress, size: int = 0) -> list:
        """(path, stamp, extraction) of each of `paths` (`size`: their bytes, as the walk saw them)."""
        max_bytes, roots = self.workspace.settings.top.max_file_bytes, self.workspace.roots
        # Forking a process with threads can deadlock (a lock held by another thread stays held in the child):
        # only a single-threaded process (the CLI) forks; the server spawns a pool on idle cores.
        fork = threading.active_count() == 1 and hasattr(os, "fork") and sys.platform != "darwin"
        workers = min(_idle_cores(), 8)
        if fork and len(paths) >= FORK_POOL_THRESHOLD and size >= FORK_MIN_BYTES and workers >= 2:
            return _parse_forked(paths, max_bytes, roots, workers, progress)
        if not fork and len(paths) >= POOL_THRESHOLD and workers >= 2:
            try:
                return self._parse_in_pool(paths, max_bytes, workers, progress, roots)
            except Exception as exc:  # noqa: BLE001 - a pool that cannot start is no reason to fail
                log.warning("parsing in a process pool failed (%s); parsing in this process", exc)
        out = []
        for i in range(0, len(paths), 200):
            out.extend(_parse_paths(paths[i:i + 200], max_bytes, roots, packed=False))
            done = min(i + 200, len(paths))
            progress(f"import graph: parsed {done} of {len(paths)}", 5 + int(85 * done / max(1, len(paths))))
        return out

    @staticmethod
    def _parse_in_pool(paths: list[str], max_bytes: int, workers: int, progress: Progress,
                       roots: list[Path] | None = None) -> list:
        import multiprocessing  # with the executor's process module: loaded by a pooled build only
        from concurrent.futures import ProcessPoolExecutor

        chunk = max(50, len(paths) // (workers * 4))
        chunks = [paths[i:i + chunk] for i in range(0, len(paths), chunk)]
        out = []
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            for result in pool.map(_parse_paths, chunks, [max_bytes] * len(chunks), [roots] * len(chunks)):
                out.extend(result)
                progress(f"import graph: parsed {len(out)} of {len(paths)}", 5 + int(85 * len(out) / len(paths)))
        return out

    def _load_cache(self) -> dict[str, list]:
        """The persisted extraction (path -> [mtime_ns, size, kinds, JSON]) if this user's Footprint wrote it."""
        data = read_cache(self.cache_path, self.root)
        if data is None:
            return {}
        self._reusable = self._reusable_resolutions(data.get("resolutions"))
        return data["modules"]

    def _resolver_key(self) -> list:
        """What resolutions depend on besides files: a cache written under other settings is not reused."""
        return [sorted(self.resolver.provided), self.resolver.fs.max_bytes]

    def _reusable_resolutions(self, section: object) -> dict[str, tuple[tuple[Resolution, ...], tuple]]:
        """The persisted resolutions (path -> (resolutions, inputs)) whose every input is unchanged: one `stat`
        per folder probed (its unchanged stamp vouches for every probe in it), and per JSON file read."""
        if not isinstance(section, dict) or section.get("version") != RESOLUTIONS_VERSION \
                or section.get("resolver") != self._resolver_key():
            return {}
        paths = RootPaths(str(self.root))
        try:
            folders = [(folder, folder_unchanged(folder, stamp))
                       for folder, *stamp in ((paths.abs(row[0]), *row[1:]) for row in section["folders"])]
            inputs: list[tuple[str, tuple]] = []
            changed: set[int] = set()
            max_bytes = self.resolver.fs.max_bytes
            for i, (item, *recorded) in enumerate(section["inputs"]):
                item = paths.item_abs(item)
                if item.startswith(PROBE):
                    kind, folder_id = recorded
                    folder_stamp = section["folders"][folder_id][1:]
                    inputs.append((item, (kind, *folder_stamp)))
                    if not probe_unchanged(item[1:], kind, folders[folder_id][1]):
                        changed.add(i)
                else:
                    inputs.append((item, tuple(recorded)))
                    if not json_unchanged(item, tuple(recorded), max_bytes):
                        changed.add(i)
            results = [Resolution(kind, paths.abs(target) if kind == FILE and target else target, detail)
                       for kind, target, detail in section["results"]]
            out = {}
            result_of, input_of = results.__getitem__, inputs.__getitem__
            groups = [(tuple(map(input_of, ids)), bool(changed) and not changed.isdisjoint(ids))
                      for ids in section["groups"]]
            for path, (group_id, own_ids, result_ids) in section["modules"].items():
                group, group_changed = groups[group_id]
                if not changed or not group_changed and changed.isdisjoint(own_ids):
                    out[paths.abs(path)] = (tuple(map(result_of, result_ids)), group + tuple(map(input_of, own_ids)))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            log.info("import graph cache %s: resolutions not well formed: resolving again", self.cache_path)
            return {}
        self.stats["resolution_inputs"] = len(inputs)
        self.stats["resolution_inputs_changed"] = len(changed)
        return out

    def _resolutions_section(self, entries: list[ModuleEntry]) -> dict:
        """Each module's resolutions with the ids of their inputs (a table shared by all modules: probes
        with their kind and folder, JSON files with their stamp) and of their results (a table of distinct
        resolutions); the folders probed with their stamps. Modules with an input no longer cached are left
        out: resolved again at the next start."""
        paths = RootPaths(str(self.root))
        input_ids: dict[tuple, int] = {}
        result_ids: dict[Resolution, int] = {}
        # The same input pair and resolution objects are shared by many entries (`_input_pairs`, the cache's
        # tables): each distinct object is numbered once, then every entry's ids are looked up by identity
        # in C (map), since a Python loop over 600,000 pairs, or hashing them by value, costs ~0.4 s on
        # 20,000 modules. `entries` keeps every object alive meanwhile, so no id is reused.
        pair_objects = {id(pair): pair for entry in entries for pair in entry.inputs}
        pair_rows = {key: -1 if pair[1] is None else input_ids.setdefault(pair, len(input_ids))
                     for key, pair in pair_objects.items()}  # -1: a pair without a stamp (not persisted)
        result_objects = {id(res): res for entry in entries for res in entry.resolutions}
        result_rows = {key: result_ids.setdefault(res, len(result_ids)) for key, res in result_objects.items()}
        pair_row, result_row = pair_rows.__getitem__, result_rows.__getitem__
        rows: dict[str, tuple[list[int], list[int]]] = {}
        for entry in entries:
            ids = list(map(pair_row, map(id, entry.inputs)))
            if -1 not in ids:
                rows[paths.rel(entry.path)] = (ids, list(map(result_row, map(id, entry.resolutions))))
        # The modules of one folder share most of their inputs (the search for their tsconfig and package.json,
        # the folders their imports probe: 24 of 30 on average in the benchmark monorepo): those are stored
        # once per folder, each module keeps its own others, so a start decodes a quarter of the ids.
        by_folder: dict[str, list[str]] = {}
        for rel in rows:
            by_folder.setdefault(rel.rpartition("/")[0], []).append(rel)
        groups, modules = [], {}
        for members in by_folder.values():
            shared = set.intersection(*(set(rows[rel][0]) for rel in members))
            for rel in members:
                ids, results = rows[rel]
                modules[rel] = [len(groups), [i for i in ids if i not in shared], results]
            groups.append(sorted(shared))
        folder_ids: dict[tuple, int] = {}
        inputs = []
        for item, stamp in input_ids:
            if item.startswith(PROBE):
                folder = (paths.rel(os.path.dirname(item[1:])), *stamp[1:])
                inputs.append([paths.item_rel(item), stamp[0], folder_ids.setdefault(folder, len(folder_ids))])
            else:
                inputs.append([paths.item_rel(item), *stamp])
        return {"version": RESOLUTIONS_VERSION, "resolver": self._resolver_key(),
                "folders": [list(folder) for folder in folder_ids], "inputs": inputs, "groups": groups,
                "results": [[r.kind, paths.rel(r.target) if r.kind == FILE and r.target else r.target, r.detail]
                            for r in result_ids], "modules": modules}

    def persist(self) -> None:
        """Write the graph's per-file extraction and resolutions to the cache folder (atomically, signed)."""
        if integrity.cache_folder(self.workspace.cache_dir) is None:
            return  # unusable: said once; the graph is rebuilt by the next process
        with self._lock:
            entries = [e for e in self.modules.values() if e.stamp is not None]
            values = [e.cache_value() for e in entries]
            resolutions = self._resolutions_section(entries)
        paths = RootPaths(str(self.root))
        header = {"version": CACHE_VERSION, "root": str(self.root), "resolutions": resolutions,
                  "modules": [[paths.rel(e.path), *e.stamp, packed] for e, (packed, _) in zip(entries, values)]}
        try:
            integrity.write_signed(self.cache_path, encode_lines(header, (text for _, text in values)), SIGNED_AS)
        except OSError as exc:
            if not self._persist_failed:
                self._persist_failed = True
                log.warning("cannot write the import graph cache %s (%s): re-parsing at the next start",
                            self.cache_path, exc.strerror or exc)

    def _persist_later(self) -> None:
        with self._lock:
            if self._persist_timer is not None:
                return
            timer = threading.Timer(PERSIST_DELAY, self._persist_now)
            timer.daemon = True
            self._persist_timer = timer
        timer.start()

    def _persist_now(self) -> None:
        with self._lock:
            self._persist_timer = None
        if self.workspace.building():
            # The warm-up is still building the other indexes (after a start from an index artifact, ~0.6 s
            # of writing would delay them): write once it is done; a shutdown meanwhile writes at once (flush).
            self._persist_later()
            return
        self.persist()

    def flush(self) -> None:
        """Write pending changes now (tests, benchmarks, shutdown)."""
        with self._lock:
            timer, self._persist_timer = self._persist_timer, None
        if timer is not None:
            timer.cancel()
            self.persist()

    # --- index artifacts (footprint-ls index) -------------------------------------------------------------
    def artifact_part(self) -> bytes:
        """The graph's part of an index artifact (JSON lines, see graph/store.py): a header with each module's
        path relative to the workspace root, the SHA-256 of the content it was extracted from (so it applies
        only to that very content) and its specifiers, and the resolutions in their path-independent form;
        then each module's extraction, one a line."""
        with self._lock:
            entries = [e for e in self.modules.values() if e.stamp is not None]
            resolutions = portable_resolutions(str(self.root), ((e.path, e.resolutions, e.inputs) for e in entries),
                                               self._resolver_key())
            values = [e.cache_value() for e in entries]
        max_bytes, roots = self.workspace.settings.top.max_file_bytes, self.workspace.roots
        paths = RootPaths(str(self.root))
        modules, lines = [], []
        for entry, (packed, text) in zip(entries, values):
            try:
                digest, _ = file_content_hash(Path(entry.path), max_bytes, roots)
            except OSError:
                continue
            modules.append([paths.rel(entry.path), digest, packed])
            lines.append(text)
        self.stats["artifact_modules"] = len(modules)
        self.stats["artifact_resolutions"] = len(resolutions["modules"])
        return encode_lines({"version": CACHE_VERSION, "modules": modules, "resolutions": resolutions}, lines)

    def import_artifact(self, part: object) -> dict[str, int]:
        """Take an artifact's extractions of this workspace's files (`footprint-ls index use`) and the
        resolutions whose every input is the same here into the local cache, signed with this user's key;
        the next build parses only the files that differ and resolves only the imports whose inputs differ."""
        taken, counts = self._from_artifact(part, dict(self.workspace.indexed_files()))  # as a build lists them
        reusable, self._reusable = self._reusable, {}
        with self._lock:
            for path, (mtime, size, kinds, text) in taken.items():
                entry = self.modules[path] = ModuleEntry(path, (mtime, size), raw=(kinds, text))
                hit = reusable.get(path)
                specifiers = entry.specifiers()
                if hit is not None and len(specifiers) == len(hit[0]):
                    self._set_kinds(entry, specifiers)
                    entry.resolutions, entry.inputs = hit
        self.persist()
        return counts

    def _from_artifact(self, part: object, listed: dict[str, tuple[int, int]]) -> tuple[dict[str, list], dict[str, int]]:
        """`cache_from_artifact`, and the artifact's resolutions of the modules taken whose inputs are the
        same in this checkout kept for the build (`_reusable`)."""
        with collection_paused():  # hundreds of thousands of containers decoded, no cycle among them
            cached, counts, section = cache_from_artifact(self.workspace, part, listed)
            self._reusable, resolution_counts = local_resolutions(str(self.root), section, self.resolver.fs,
                                                                  self._resolver_key(), cached)
        counts.update({f"resolutions_{k}": v for k, v in resolution_counts.items()})
        return cached, counts

    # --- resolution and indexes -----------------------------------------------------------------------
    def _resolve_entry(self, entry: ModuleEntry) -> tuple[Resolution, ...]:
        """Resolve an entry's imports (sets its kinds and the inputs of its resolutions with their stamps)."""
        specifiers = entry.specifiers()
        self._set_kinds(entry, specifiers)
        resolutions, inputs = self.resolver.resolve_tracked(specifiers, entry.path)
        stamp, pairs = self.resolver.fs.stamp, self._input_pairs
        entry.inputs = tuple(pairs.get(item) or pairs.setdefault(item, (item, stamp(item))) for item in inputs)
        return resolutions

    @staticmethod
    def _set_kinds(entry: ModuleEntry, specifiers: list[tuple[str, str]]) -> None:
        # A declaration file emits no JavaScript: every import of a .d.ts is type-only.
        declaration = entry.path.endswith(DECLARATION_FILES)
        entry.kinds = tuple(TYPE if declaration else kind for _, kind in specifiers)

    def _set_resolutions(self, entry: ModuleEntry, resolutions: tuple[Resolution, ...]) -> bool:
        """Store an entry's resolutions; True when its module-to-module edges changed. Type-only imports
        are edges of the graph but not of its cycles unless `type_cycles` says so."""
        entry.resolutions = resolutions
        edges: list[str] = []
        skip_types = not self.type_cycles
        for res, kind in zip(resolutions, entry.kinds):
            if skip_types and kind == TYPE:
                continue
            if res.kind == FILE and res.target in self.modules and res.target not in edges:
                edges.append(res.target)  # type: ignore[arg-type]
        changed = edges != entry.edges
        entry.edges = edges
        return changed

    def resolve_record(self, importer: str, record: ImportRecord) -> Resolution:
        return self.resolver.resolve(record.specifier, importer, record.kind)

    def _invalidate(self, paths: list[str]) -> None:
        self.resolver.invalidate(paths)
        self._input_pairs.clear()

    def _reindex(self) -> None:
        importers: dict[str, set[str]] = {}
        for path, entry in self.modules.items():
            for res in entry.resolutions:
                if res.target:
                    importers.setdefault(res.target, set()).add(path)
        self.importers_of = importers

    def _edges(self, path: str) -> list[str]:
        entry = self.modules.get(path)
        return entry.edges if entry is not None else []

    # --- cycles ---------------------------------------------------------------------------------------
    def _compute_cycles(self) -> None:
        """Tarjan's strongly connected components over every module (the full computation)."""
        self.sccs = {}
        self.scc_of = {}
        self._scc_cycles = {}
        for component in _tarjan(sorted(self.modules), self._edges):
            self._add_scc(component)

    def _add_scc(self, component: list[str]) -> None:
        sid = self._next_scc
        self._next_scc += 1
        self.sccs[sid] = sorted(component)
        for member in component:
            self.scc_of[member] = sid

    def _drop_scc(self, sid: int) -> None:
        for member in self.sccs.pop(sid, ()):
            if self.scc_of.get(member) == sid:
                del self.scc_of[member]
        self._scc_cycles.pop(sid, None)

    def _update_cycles(self, changes: list[tuple[str, list[str]]]) -> None:
        """Bring the components up to date after modules' edges changed; `changes` holds (module, its old
        edges). Cheap exits first: removing edges from a module on no cycle, or adding edges whose targets
        cannot reach back, changes no component. Otherwise the module's old component and what now both
        reaches it and is reached from it (a new cycle must pass through it) are recomputed."""
        changed: list[str] = []
        for node, old_edges in changes:
            new_edges = self._edges(node)
            old_set, new_set = set(old_edges), set(new_edges)
            added = [t for t in new_edges if t not in old_set]
            sid = self.scc_of.get(node)
            if sid is None:
                if node in self.modules and added and self._reaches(added, node):
                    changed.append(node)
                continue
            members = set(self.sccs[sid])
            self._scc_cycles.pop(sid, None)  # its shortest cycles may differ even if the members do not
            removed_inside = any(t in members for t in old_set - new_set)
            added_outside = [t for t in added if t not in members]
            if removed_inside or (added_outside and self._reaches(added_outside, node)) or node not in self.modules:
                changed.append(node)
        if changed:
            self._recompute_components(changed)

    def _reaches(self, starts: list[str], goal: str) -> bool:
        seen = set(starts)
        stack = list(starts)
        while stack:
            node = stack.pop()
            if node == goal:
                return True
            for nxt in self._edges(node):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return False

    def _recompute_components(self, changed: list[str]) -> None:
        affected: set[str] = set()
        for node in changed:
            if node in self.scc_of:
                affected.update(self.sccs[self.scc_of[node]])
            if node not in self.modules:
                continue
            ancestors = self._reach(node, lambda n: (i for i in self.importers_of.get(n, ()) if i in self.modules))
            if len(ancestors) > 1:
                descendants = self._reach(node, self._edges)
                affected |= ancestors & descendants
            affected.add(node)
        affected &= self.modules.keys()
        for sid in {self.scc_of[m] for m in affected if m in self.scc_of}:
            self._drop_scc(sid)
        for node in changed:
            if node in self.scc_of and node not in self.modules:
                self._drop_scc(self.scc_of[node])

        def inside(n: str) -> list[str]:
            return [t for t in self._edges(n) if t in affected]

        for component in _tarjan(sorted(affected), inside):
            self._add_scc(component)

    @staticmethod
    def _reach(start: str, successors) -> set[str]:
        seen = {start}
        stack = [start]
        while stack:
            for nxt in successors(stack.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    def _cycles_of_scc(self, sid: int, member: str | None = None) -> list[list[str]]:
        """Representative cycles of a component: for each member, its shortest cycle through each of its
        edges' targets (the shortest one). Computed on demand and cached per component; for very large
        components only the asked member's cycle is computed."""
        component = self.sccs[sid]
        cached = self._scc_cycles.setdefault(sid, {})
        members = set(component)
        wanted = component if member is None or len(component) <= LARGE_SCC else [member]
        for m in wanted:
            if m in cached:
                continue
            best = _shortest_cycle(m, self._edges, members)
            cached[m] = list(_canonical(best)) if best else []
        out: dict[tuple[str, ...], list[str]] = {}
        for m in (component if member is None or len(component) <= LARGE_SCC else [member]):
            cycle = cached.get(m)
            if cycle:
                out.setdefault(tuple(cycle), cycle)
        return sorted(out.values())

    @property
    def cycles(self) -> list[list[str]]:
        """Distinct representative cycles, each starting at its smallest path."""
        with self._lock:
            return sorted(c for sid in list(self.sccs) for c in self._cycles_of_scc(sid))

    def cycles_of(self, path: str) -> list[list[str]]:
        """The representative cycles `path` is part of, each rotated to start at `path`."""
        with self._lock:
            sid = self.scc_of.get(path)
            if sid is None:
                return []
            out = []
            for cycle in self._cycles_of_scc(sid, path):
                if path in cycle:
                    i = cycle.index(path)
                    out.append(cycle[i:] + cycle[:i])
            return out

    # --- incremental updates --------------------------------------------------------------------------
    def update(self, workspace: Workspace, changed: set[Path]) -> "ImportGraphService | None":
        started = time.perf_counter()
        open_paths = {str(p) for p in workspace.open_paths()}
        with self._lock:
            # Buffers closed since they were taken in: go back to what is on disk.
            changed = set(changed) | {Path(p) for p, e in self.modules.items() if e.stamp is None and p not in open_paths}
        # Each changed file is read and its imports extracted before the lock is taken: the graph lock is
        # workspace-wide (every dependency check and reference search waits on it), so no single file's
        # analysis, however slow its content makes it, runs under it.
        extracted = {str(path): _extract_bounded(workspace, path) for path in changed if is_graph_source(workspace, path)}
        with self._lock:
            self.workspace = workspace
            if provided_modules(workspace) != self.resolver.provided or \
                    workspace.settings.get(DependenciesConfig).type_cycles != self.type_cycles:
                return None  # the object model or the cycle setting changed: rebuild (cheap from the cache)
            structural = False  # files appeared/disappeared or resolution inputs changed
            edge_changes: list[tuple[str, list[str]]] = []
            reparsed: list[tuple[ModuleEntry | None, ModuleEntry]] = []
            for path in changed:
                key = str(path)
                self._foreign.pop(key, None)
                if key in extracted:
                    info = extracted[key]
                    if info is None:
                        old = self.modules.pop(key, None)
                        if old is not None:
                            structural = True
                        continue
                    old = self.modules.get(key)
                    stamp = None if str(path) in open_paths else _stamp(path)
                    entry = ModuleEntry(key, stamp, info)
                    self.modules[key] = entry
                    if old is None:
                        structural = True
                    reparsed.append((old, entry))
                elif self._affects_resolution(path):
                    structural = True
            if structural:
                self._invalidate([str(p) for p in changed])
                for entry in self.modules.values():
                    self._set_resolutions(entry, self._resolve_entry(entry))
                self._reindex()
            else:
                for old, entry in reparsed:
                    old_edges = old.edges if old is not None else []
                    entry.edges = old_edges
                    if self._set_resolutions(entry, self._resolve_entry(entry)):
                        edge_changes.append((entry.path, old_edges))
                    self._reindex_entry(old, entry)
            if structural:
                self._compute_cycles()
            elif edge_changes:
                self._update_cycles(edge_changes)
            self.stats["update_ms"] = (time.perf_counter() - started) * 1000
        self._persist_later()
        return self

    def _affects_resolution(self, path: Path) -> bool:
        """Whether a change of a path that is not a module can change how specifiers resolve: resolution
        configs, anything appearing or disappearing where resolution looked. Never our own cache files."""
        if _inside(path, self.workspace.cache_dir):
            return False
        if path.name in ("package.json", "tsconfig.json", "jsconfig.json") or path.suffix == ".json" and "tsconfig" in path.name:
            return True
        known = self.resolver.fs.known(str(path))
        return known is not None and known != path.exists()

    def refresh(self, doc: ParsedDocument, info: ModuleInfo | None = None) -> ModuleEntry | None:
        """Take an editor buffer's current imports into the graph; returns its entry (None: not a module
        of this workspace). Cheap when the imports did not change."""
        real = self.workspace.real_path_of(doc)
        if real is None:
            return None
        key = str(real)
        info = info or module_info_of(doc)
        with self._lock:
            old = self.modules.get(key)
            if old is not None and old.info == info:
                return old
            if old is not None and old.stamp is None and old.specifiers() == [
                    (r.specifier, r.edge_kind) for r in info.imports]:
                # An edit of the buffer that moved its imports but changed none: same resolutions and edges
                # (the resolver's own changes reach every entry through `update`), new offsets and exports.
                entry = ModuleEntry(key, None, info)
                entry.resolutions, entry.kinds, entry.edges, entry.inputs = \
                    old.resolutions, old.kinds, old.edges, old.inputs
                self.modules[key] = entry
                return entry
            if old is None and not is_graph_source(self.workspace, Path(key)):
                return None
            is_open = any(str(p) == key for p in self.workspace.open_paths())
            entry = ModuleEntry(key, None if is_open else _stamp(Path(key)), info)
            self.modules[key] = entry
            if old is None:
                # A new file: specifiers elsewhere that did not resolve may now.
                self._invalidate([key])
                for other in self.modules.values():
                    if other is not entry and any(not r.resolved for r in other.resolutions):
                        self._set_resolutions(other, self._resolve_entry(other))
                self._set_resolutions(entry, self._resolve_entry(entry))
                self._reindex()
                self._compute_cycles()
                return entry
            entry.edges = old.edges
            edges_changed = self._set_resolutions(entry, self._resolve_entry(entry))
            self._reindex_entry(old, entry)
            if edges_changed:
                self._update_cycles([(key, old.edges)])
            return entry

    def _reindex_entry(self, old: ModuleEntry | None, new: ModuleEntry) -> None:
        if old is not None:
            for res in old.resolutions:
                if res.target and res.target in self.importers_of:
                    self.importers_of[res.target].discard(old.path)
        for res in new.resolutions:
            if res.target:
                self.importers_of.setdefault(res.target, set()).add(new.path)

    def take_buffer(self, workspace: Workspace, doc: ParsedDocument) -> None:
        """Before the server checks an open document: take its current imports in (checks only read)."""
        if doc.path is None or doc.tree is None:
            return
        info = module_info_of(doc)
        entry = self.refresh(doc, info)
        with self._lock:
            self._buffers[doc] = (info, entry)

    # --- queries --------------------------------------------------------------------------------------
    def taken(self, doc: ParsedDocument) -> tuple[ModuleInfo, ModuleEntry | None] | None:
        """The extraction and entry of `doc` if this very snapshot was taken in (take_buffer), or if it is the
        workspace's reading of a module's file with the stamp the graph has for it (the CLI's `check`: the
        extraction is the graph's, and every later reader of the snapshot gets it: `remember_module_info`);
        else None."""
        with self._lock:
            found = self._buffers.get(doc)
        if found is not None:
            return found
        stamp = self.workspace.disk_stamp(doc)
        if stamp is None:
            return None
        with self._lock:
            entry = self.modules.get(str(self.workspace.real_path_of(doc)))
        if entry is None or entry.stamp != stamp:
            return None
        info = entry.info
        remember_module_info(doc, info)
        return info, entry

    def entry(self, path: Path | str) -> ModuleEntry | None:
        return self.modules.get(str(path))

    def module_info(self, target: str) -> ModuleInfo | None:
        """Exports/imports of any resolved file: a graph module, or a file outside it (read on demand)."""
        with self._lock:
            entry = self.modules.get(target)
            if entry is not None:
                return entry.info
            stamp = _stamp(Path(target))
            cached = self._foreign.get(target)
            if cached is not None and cached[0] == stamp:
                return cached[1]
        if target.endswith(".json"):
            info = ModuleInfo(format="json", exports=())
        else:
            doc = self.workspace.document(Path(target))
            info = (info_within_limit(doc, target) if doc is not None
                    else ModuleInfo(format="unknown", dynamic_exports=True))
        with self._lock:
            if stamp is not None:
                self._foreign[target] = (stamp, info)
        return info

    def exports_of(self, target: str, _seen: set[str] | None = None) -> tuple[set[str], bool]:
        """(names `target` exports, whether that list is complete), following `export *`."""
        seen = _seen if _seen is not None else set()
        if target in seen:
            return set(), True
        seen.add(target)
        info = self.module_info(target)
        if info is None:
            return set(), False
        if info.format == "json":
            # Node gives JSON modules a default export only; bundlers also allow named imports of top-level
            # keys, so named imports are not reported.
            return {DEFAULT}, False
        names = set(info.export_names)
        complete = not info.dynamic_exports
        entry = self.modules.get(target)
        resolutions = entry.resolutions if entry is not None else tuple(
            self.resolver.resolve(r.specifier, target, r.kind) for r in info.imports)
        for record, res in zip(info.imports, resolutions):
            if record.kind == REEXPORT and record.star:
                if res.kind == FILE and res.target:
                    sub, sub_complete = self.exports_of(res.target, seen)
                    names |= sub - {DEFAULT}
                    complete = complete and sub_complete
                else:
                    complete = False
        return names, complete

    def importers(self, path: Path, name: str) -> list[ImportSite]:
        """Sites in other files that import `name` exported by the module at `path`, following re-exports
        (`export { name } from`, `export * from`) through barrels. Namespace imports are not counted."""
        sites: list[ImportSite] = []
        seen: set[tuple[str, str]] = set()
        queue = deque([(str(Path(path).resolve()), name)])
        with self._lock:
            while queue:
                target, wanted = queue.popleft()
                if (target, wanted) in seen:
                    continue
                seen.add((target, wanted))
                for importer in sorted(self.importers_of.get(target, ())):
                    entry = self.modules.get(importer)
                    if entry is None:
                        continue
                    for record, res in zip(entry.info.imports, entry.resolutions):
                        if res.target != target:
                            continue
                        if record.star and record.kind == REEXPORT and wanted != DEFAULT:
                            # `export * from`: the barrel exports it too, unless it defines its own.
                            if wanted not in {e.name for e in entry.info.exports}:
                                queue.append((importer, wanted))
                            continue
                        for imported in record.names:
                            if imported.name != wanted:
                                continue
                            sites.append(ImportSite(Path(importer), imported.line,
                                                    imported.start, imported.end, wanted, record.kind,
                                                    record.specifier))
                            if record.kind == REEXPORT and imported.exported_as:
                                queue.append((importer, imported.exported_as))
        return sorted(sites, key=lambda s: (str(s.path), s.start))


def read_cache(path: Path, root: Path) -> dict | None:
    """The graph's cache at `path` if this user's Footprint wrote it for `root`: {"version", "root",
    "resolutions", "modules": path -> [mtime_ns, size, packed specifiers, extraction (JSON bytes)]}."""
    body, problem = integrity.read_signed(path, SIGNED_AS)
    if problem is not None:
        log.info("import graph cache %s %s: re-parsing", path, problem)
    if body is None:
        return None
    try:
        header, lines = decode_lines(body)
    except ValueError:
        log.info("import graph cache %s is not well formed: re-parsing", path)
        return None
    if not isinstance(header, dict) or header.get("version") != CACHE_VERSION or header.get("root") != str(root) \
            or not isinstance(header.get("modules"), list) or len(header["modules"]) != len(lines):
        return None
    paths = RootPaths(str(root))
    modules = {}
    for row, line in zip(header["modules"], lines):
        if isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and isinstance(row[1], int) \
                and isinstance(row[2], int) and isinstance(row[3], (str, type(None))):
            modules[paths.abs(row[0])] = [row[1], row[2], row[3], line]
    return {**header, "modules": modules}


def cache_from_artifact(workspace: Workspace, part: object,
                        listed: dict[str, tuple[int, int]]) -> tuple[dict[str, list], dict[str, int], object]:
    """Cache entries (path -> [mtime_ns, size, kinds, JSON]) for the workspace files whose content has the
    SHA-256 an artifact entry was extracted from, counts (reused, differ: content changed, parsed again;
    missing: no such module here; bad: entries that are not well formed, or outside the root) and the
    artifact's resolutions section (checked by `store.local_resolutions` before use).
    `listed`: the workspace's modules as the walker listed them, with their stamps (`indexed_files`); only
    those can match, each hashed once per process (`storage.listed_content_hash`)."""
    counts = {"reused": 0, "differ": 0, "missing": 0, "bad": 0}
    try:
        header, lines = decode_lines(part) if isinstance(part, bytes) else (None, [])
    except ValueError:
        header, lines = None, []
    if not (isinstance(header, dict) and header.get("version") == CACHE_VERSION
            and isinstance(header.get("modules"), list) and len(header["modules"]) == len(lines)):
        if part is not None:
            counts["bad"] += 1
        return {}, counts, None
    roots = workspace.roots
    max_bytes = workspace.settings.top.max_file_bytes
    prefix = str(workspace.root).rstrip(os.sep) + os.sep
    out: dict[str, list] = {}
    for row, line in zip(header["modules"], lines):
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str) and isinstance(row[1], str)
                and isinstance(row[2], (str, type(None)))):
            counts["bad"] += 1
            continue
        rel = row[0]
        path = prefix + (rel if os.sep == "/" else rel.replace("/", os.sep))
        stamp = listed.get(path)
        if stamp is None:
            # Not a module the walker listed here; a path leaving the root (or not normalised) never is one.
            counts["bad" if os.path.isabs(rel) or ".." in rel.split("/") else "missing"] += 1
            continue
        if listed_content_hash(path, stamp, max_bytes, roots) != row[1]:
            counts["differ"] += 1  # other content (or changed since the walk): parsed
            continue
        out[path] = [stamp[0], stamp[1], row[2], line]
        counts["reused"] += 1
    return out, counts, header.get("resolutions")


def _extract_bounded(workspace: Workspace, path: Path) -> ModuleInfo | None:
    """The imports and exports of the file at `path` (None: gone or unreadable), within one document's time
    limit: a file whose extraction runs out of time counts as a module with unknown exports."""
    doc = workspace.document(path)
    if doc is None:
        return None
    return info_within_limit(doc, str(path))


def info_within_limit(doc: ParsedDocument, where: str) -> ModuleInfo:
    """`module_info_of(doc)` within one document's time limit (see `extract_within_limit`)."""
    return _within_limit(lambda: module_info_of(doc), where)


def extract_within_limit(source: bytes, tree, language: str | None, where: str) -> ModuleInfo:
    """`extract` within one document's time limit (queries.DOCUMENT_SECONDS): past it, the module counts as
    one with unknown exports (said in the log) rather than holding up the whole graph."""
    return _within_limit(lambda: extract(source, tree, language), where)


def _within_limit(run, where: str) -> ModuleInfo:
    try:
        with queries.time_limit(queries.DOCUMENT_SECONDS):
            return run()
    except queries.AnalysisTimeout:
        log.warning("%s: imports not extracted within %.1f s; its exports count as unknown", where,
                    queries.DOCUMENT_SECONDS)
        return ModuleInfo(format="unknown", dynamic_exports=True)


FORK_CHUNK = 8  # files a process takes at a time: small, so no process waits long for a slow one at the end
_CLAIM = struct.Struct("=I")


def _parse_forked(paths: list[str], max_bytes: int, roots: list[Path] | None, processes: int,
                  progress: Progress) -> list:
    """`_parse_paths` of every path, by this process and `processes - 1` forked copies of it (copy-on-write:
    the parsers and compiled queries are inherited, nothing is imported or pickled on the way in), each
    taking the next chunk of files from one queue (a pipe holding the chunks' numbers: a read of 4 bytes
    is atomic) until it is empty. This process parses too, and no process waits for another's share: a copy
    that gets no core takes no chunk, and this one parses the rest (at worst the fork and one chunk late).
    Each copy sends its chunks' results (packed) when the queue is empty, as JSON (data only: nothing that
    reads it can run code); a chunk whose results never come (a copy that died) is parsed here. Order: the
    paths'."""
    from lsp_server.languages import parser as parser_for

    # Loaded before forking, so every copy inherits them: each language's parser, and its imports query, whose
    # compilation is ~13 ms for JavaScript and ~30 ms for TypeScript, once instead of once per process.
    for language in {language_for_path(p) or "javascript" for p in paths}:
        parser_for(language)
        queries.load(language, "imports")
    chunk = max(FORK_CHUNK, -(-len(paths) // 8192))  # at most 8,192 chunks: 32 KB of numbers, within a pipe's buffer
    chunks = [paths[i:i + chunk] for i in range(0, len(paths), chunk)]
    queue_out, queue_in = os.pipe()
    try:
        os.write(queue_in, b"".join(_CLAIM.pack(i) for i in range(len(chunks))))
    finally:
        os.close(queue_in)  # the queue's end: an empty queue reads as end of file
    children: list[tuple[int, int]] = []
    mine: dict[int, list] = {}
    theirs: dict[int, list] = {}
    try:
        for _ in range(processes - 1):
            results_out, results_in = os.pipe()
            try:
                pid = os.fork()
            except OSError as exc:
                os.close(results_out)
                os.close(results_in)
                log.info("cannot fork a parser (%s): parsing in fewer processes", exc)
                break
            if pid == 0:  # the copy: parse what it takes, send it, and end without running this process's exit
                status = 1
                try:
                    os.close(results_out)
                    for _, other in children:
                        os.close(other)
                    done = {i: _parse_paths(chunks[i], max_bytes, roots) for i in _claims(queue_out)}
                    with os.fdopen(results_in, "w", encoding="utf-8") as sink:
                        json.dump(list(done.items()), sink, ensure_ascii=False, separators=(",", ":"))
                    status = 0
                finally:
                    os._exit(status)
            os.close(results_in)
            children.append((pid, results_out))
        for i in _claims(queue_out):
            mine[i] = _parse_paths(chunks[i], max_bytes, roots, packed=False)
            progress(f"import graph: parsed {len(mine) * chunk} of about {len(paths)}",
                     5 + int(85 * min(1.0, len(mine) * chunk / len(paths))))
    finally:
        os.close(queue_out)
        for pid, results in children:
            try:
                with os.fdopen(results, "r", encoding="utf-8") as source:
                    theirs.update(_unpack_results(json.load(source)))
            except Exception as exc:  # noqa: BLE001 - a copy killed half-way: whatever its pipe holds is unusable
                log.info("a forked parser sent no results (%s): parsing its files here", exc)
            os.waitpid(pid, 0)
    out = []
    for i, paths_of in enumerate(chunks):
        out.extend(mine[i] if i in mine else theirs[i] if i in theirs else
                   _parse_paths(paths_of, max_bytes, roots, packed=False))
    return out


def _unpack_results(sent: list) -> dict[int, list]:
    """A forked copy's results as `_parse_paths` made them: JSON turned the stamps and packed extractions into
    lists; they are tuples again (the cache compares and stores them as such)."""
    return {int(i): [(path, tuple(stamp) if stamp is not None else None,
                      tuple(packed) if packed is not None else None) for path, stamp, packed in results]
            for i, results in sent}


def _claims(queue: int):
    """The chunk numbers this process takes from the queue, one at a time, until it is empty."""
    while len(claim := os.read(queue, _CLAIM.size)) == _CLAIM.size:
        yield _CLAIM.unpack(claim)[0]


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


LOADAVG = "/proc/loadavg"  # Linux: the load averages, then "runnable/total" threads at this moment


def _idle_cores() -> int:
    """Cores no other work is using now (at least 1: this process's): the cores less the threads that are
    runnable at this moment besides this one (/proc/loadavg), else less the 1-minute load average rounded
    down. Processes on cores that are busy anyway only contend with that work and with each other, and
    Linux's scheduler (autogroups) shares the cores between sessions, not processes (measured on 2 cores at
    load 11, `footprint-ls graph` of moment's 247 files: 3.5 s wall and 0.58 s CPU with a forked pool of 2,
    1.6 s and 0.37 s without; at load 5, openai's 298 files: the same wall time, 15% more CPU). The moment,
    not the average: the average lags by a minute, and work that alternates with this process's (a build,
    a benchmark) keeps it near 1 on a machine whose other core is idle whenever this process runs."""
    cores = _cores()
    try:
        with open(LOADAVG, encoding="ascii") as f:
            runnable = int(f.read().split()[3].split("/")[0])  # "1.05 0.70 0.50 2/231 1234": 2 runnable now
        return max(1, min(cores, cores - (runnable - 1)))
    except (OSError, ValueError, IndexError):
        pass
    try:
        load = os.getloadavg()[0]
    except (OSError, AttributeError):  # no load average (Windows): assume the cores are free
        return cores
    return max(1, min(cores, cores - int(load)))


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop (Python 3.11)
        return False
    return True


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _tarjan(nodes: list[str], successors) -> list[list[str]]:
    """Cyclic strongly connected components (iterative Tarjan): size > 1, or a node with a self-edge."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(successors(start)))]
        while work:
            node, it = work[-1]
            advanced = False
            for succ in it:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(successors(succ))))
                    advanced = True
                    break
                if succ in on_stack and index[succ] < low[node]:
                    low[node] = index[succ]
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in successors(node):
                    out.append(component)
    return out


def _shortest_cycle(start: str, edges, members: set[str]) -> list[str] | None:
    """A shortest cycle through `start` inside `members` ([start, ..., last] where last -> start), by one
    breadth-first search from `start`'s successors in edge order (the first of them on a shortest cycle
    wins ties); None when `start` is on no cycle."""
    previous: dict[str, str] = {}
    queue: deque[str] = deque()
    for succ in edges(start):
        if succ == start:
            return [start]  # imports itself
        if succ in members and succ not in previous:
            previous[succ] = start
            queue.append(succ)
    while queue:
        node = queue.popleft()
        for succ in edges(node):
            if succ == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return path[::-1]
            if succ in members and succ not in previous:
                previous[succ] = node
                queue.append(succ)
    return None


def _canonical(cycle: list[str]) -> tuple[str, ...]:
    i = cycle.index(min(cycle))
    return tuple(cycle[i:] + cycle[:i])
