"""The workspace import graph: every source module's imports (resolved) and exports, kept current.

`ImportGraphService` is a workspace `@service`: built in the background (files parsed in a process pool when
there are many), persisted atomically under `cache_dir/import-graph.json` so a restart only re-parses files
whose mtime or size changed, and updated incrementally: a changed file is re-parsed, and only re-resolution
(no parsing) is done for the others when files appear or disappear. An open editor buffer wins over the file
on disk (`workspace.document(path)`), and the per-file checks push the buffer's current imports in with
`refresh(doc)`.

Cycles are the strongly connected components of the file-to-file edges (Tarjan, iterative), recomputed only
when some module's set of edges changed.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from lsp_server.document import ParsedDocument
from lsp_server.graph.extract import DEFAULT, NAMESPACE, REEXPORT, ImportRecord, ModuleInfo, extract
from lsp_server.graph.resolve import FILE, Resolution, Resolver
from lsp_server.languages import language_for_path
from lsp_server.storage import atomic_write_json, read_json
from lsp_server.workspace import SKIPPED_DIRS, Progress, Service, Workspace, no_progress, service

log = logging.getLogger(__name__)

CACHE_FILE = "import-graph.json"
CACHE_VERSION = 1
POOL_THRESHOLD = 400  # below this many files to parse, a process pool costs more than it saves
PERSIST_DELAY = 2.0  # seconds: updates are written to disk at most this often, off the edit path


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


@dataclass
class ModuleEntry:
    path: str  # absolute
    stamp: tuple[int, int] | None  # (mtime_ns, size) of the file it was read from; None: an editor buffer
    info: ModuleInfo
    resolutions: tuple[Resolution, ...] = ()

    def file_targets(self) -> list[str]:
        return [r.target for r in self.resolutions if r.kind == FILE and r.target]


def provided_modules(workspace: Workspace) -> frozenset[str]:
    """Bare module names the engine's object model declares (`[object_model] sources = [{module = ...}]`)."""
    section = workspace.settings.values.get("object_model", {})
    sources = section.get("sources", []) if isinstance(section, dict) else []
    return frozenset(s["module"] for s in sources if isinstance(s, dict) and isinstance(s.get("module"), str))


def is_graph_source(workspace: Workspace, path: Path) -> bool:
    """Whether `path` is one of the workspace's JavaScript modules (cheap test for changed paths)."""
    if language_for_path(path) != "javascript" or not workspace.contains(path):
        return False
    rel = workspace.relpath(path).split("/")
    return not any(part in SKIPPED_DIRS for part in rel[:-1])


def _parse_paths(paths: list[str], max_bytes: int) -> list[tuple[str, tuple[int, int] | None, dict | None]]:
    """Worker: read, parse and extract files. Returns (path, stamp, info as JSON) per file."""
    from lsp_server.document import ParsedDocument as Doc
    from lsp_server.workspace import BinaryFile, FileTooLarge, read_text_file

    out = []
    for path in paths:
        try:
            st = os.stat(path)
            text = read_text_file(Path(path), max_bytes)
        except (OSError, FileTooLarge, BinaryFile):
            out.append((path, None, None))
            continue
        doc = Doc.create(Path(path).as_uri(), text, language="javascript")
        out.append((path, (st.st_mtime_ns, st.st_size), extract(doc.source, doc.tree, doc.language).to_json()))
    return out


@service
class ImportGraphService(Service):
    name = "import-graph"

    def __init__(self, workspace: Workspace):
        self.workspace = workspace
        self.root = workspace.root
        self.resolver = Resolver(workspace.root, provided_modules(workspace))
        self.modules: dict[str, ModuleEntry] = {}
        self.importers_of: dict[str, set[str]] = {}  # target -> importing module paths
        self.scc_of: dict[str, int] = {}  # module -> index into self.sccs (cyclic components only)
        self.sccs: list[list[str]] = []
        self.cycles: list[list[str]] = []  # distinct representative cycles, each starting at its smallest path
        self._foreign: dict[str, tuple[tuple[int, int], ModuleInfo]] = {}  # resolved targets outside the graph
        self._lock = threading.RLock()
        self._persist_timer: threading.Timer | None = None
        self.stats: dict[str, float] = {}

    # --- building -------------------------------------------------------------------------------------
    @classmethod
    def build(cls, workspace: Workspace, progress: Progress = no_progress) -> "ImportGraphService":
        svc = cls(workspace)
        svc._build(progress)
        return svc

    @property
    def cache_path(self) -> Path:
        return self.workspace.cache_dir / CACHE_FILE

    def _build(self, progress: Progress) -> None:
        started = time.perf_counter()
        progress("import graph: listing files", 0)
        paths = [str(p) for p in self.workspace.files()]
        cached = self._load_cache()
        open_paths = set(self.workspace.open_paths())
        to_parse: list[str] = []
        for path in paths:
            if Path(path) in open_paths:
                doc = self.workspace.document(Path(path))
                if doc is not None:
                    self.modules[path] = ModuleEntry(path, None, extract(doc.source, doc.tree, doc.language))
                continue
            hit = cached.get(path)
            if hit is not None:
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                if [st.st_mtime_ns, st.st_size] == hit[0]:
                    self.modules[path] = ModuleEntry(path, (st.st_mtime_ns, st.st_size), ModuleInfo.from_json(hit[1]))
                    continue
            to_parse.append(path)
        self.stats["cached"] = len(paths) - len(to_parse)
        self.stats["parsed"] = len(to_parse)
        progress(f"import graph: parsing {len(to_parse)} of {len(paths)} files", 5)
        for path, stamp, info in self._parse_many(to_parse, progress):
            if info is not None:
                self.modules[path] = ModuleEntry(path, stamp, ModuleInfo.from_json(info))
        progress("import graph: resolving imports", 90)
        for entry in self.modules.values():
            entry.resolutions = self._resolve_entry(entry)
        self._reindex()
        self._compute_cycles()
        self.stats["build_s"] = time.perf_counter() - started
        if to_parse or len(cached) != len(self.modules):
            self.persist()
        progress("import graph: ready", 100)

    def _parse_many(self, paths: list[str], progress: Progress):
        max_bytes = self.workspace.settings.top.max_file_bytes
        workers = min(os.cpu_count() or 1, 8)
        if len(paths) < POOL_THRESHOLD or workers < 2:
            for i in range(0, len(paths), 200):
                yield from _parse_paths(paths[i:i + 200], max_bytes)
                progress(f"import graph: parsed {min(i + 200, len(paths))} of {len(paths)}",
                         5 + int(85 * min(i + 200, len(paths)) / max(1, len(paths))))
            return
        chunk = max(50, len(paths) // (workers * 4))
        chunks = [paths[i:i + chunk] for i in range(0, len(paths), chunk)]
        # spawn, not fork: the server has threads, and forking a threaded process can deadlock.
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            done = 0
            for result in pool.map(_parse_paths, chunks, [max_bytes] * len(chunks)):
                done += len(result)
                progress(f"import graph: parsed {done} of {len(paths)}", 5 + int(85 * done / len(paths)))
                yield from result

    def _load_cache(self) -> dict[str, list]:
        data = read_json(self.cache_path)
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or data.get("root") != str(self.root):
            return {}
        modules = data.get("modules")
        return modules if isinstance(modules, dict) else {}

    def persist(self) -> None:
        """Write the graph's per-file extraction to the cache folder (atomically)."""
        with self._lock:
            modules = {p: [list(e.stamp), e.info.to_json()] for p, e in self.modules.items() if e.stamp is not None}
        try:
            atomic_write_json(self.cache_path, {"version": CACHE_VERSION, "root": str(self.root), "modules": modules})
        except OSError as exc:
            log.warning("cannot write the import graph cache %s: %s", self.cache_path, exc)

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
        self.persist()

    def flush(self) -> None:
        """Write pending changes now (tests, benchmarks, shutdown)."""
        with self._lock:
            timer, self._persist_timer = self._persist_timer, None
        if timer is not None:
            timer.cancel()
            self.persist()

    # --- resolution and indexes -----------------------------------------------------------------------
    def _resolve_entry(self, entry: ModuleEntry) -> tuple[Resolution, ...]:
        return tuple(self.resolver.resolve(r.specifier, entry.path, r.kind) for r in entry.info.imports)

    def resolve_record(self, importer: str, record: ImportRecord) -> Resolution:
        return self.resolver.resolve(record.specifier, importer, record.kind)

    def _reindex(self) -> None:
        importers: dict[str, set[str]] = {}
        for path, entry in self.modules.items():
            for res in entry.resolutions:
                if res.target:
                    importers.setdefault(res.target, set()).add(path)
        self.importers_of = importers

    def _edges(self, path: str) -> list[str]:
        entry = self.modules.get(path)
        if entry is None:
            return []
        seen: list[str] = []
        for target in entry.file_targets():
            if target in self.modules and target not in seen:
                seen.append(target)
        return seen

    def _compute_cycles(self) -> None:
        """Tarjan's strongly connected components over file edges, then one shortest cycle per member."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        on_stack: set[str] = set()
        stack: list[str] = []
        sccs: list[list[str]] = []
        counter = 0
        edges = {p: self._edges(p) for p in self.modules}
        for start in sorted(self.modules):
            if start in index:
                continue
            work = [(start, iter(edges[start]))]
            index[start] = low[start] = counter
            counter += 1
            stack.append(start)
            on_stack.add(start)
            while work:
                node, it = work[-1]
                advanced = False
                for succ in it:
                    if succ not in index:
                        index[succ] = low[succ] = counter
                        counter += 1
                        stack.append(succ)
                        on_stack.add(succ)
                        work.append((succ, iter(edges[succ])))
                        advanced = True
                        break
                    if succ in on_stack:
                        low[node] = min(low[node], index[succ])
                if advanced:
                    continue
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in edges[node]:
                        sccs.append(sorted(component))
        scc_of = {m: i for i, comp in enumerate(sccs) for m in comp}
        cycles: dict[tuple[str, ...], list[str]] = {}
        for i, comp in enumerate(sccs):
            members = set(comp)
            for member in comp:
                best: list[str] | None = None
                for succ in edges[member]:
                    if succ not in members:
                        continue
                    path = _shortest_path(succ, member, edges, members)
                    if path is not None and (best is None or len(path) < len(best)):
                        best = [member, *path[:-1]] if succ != member else [member]
                if best is not None:
                    key = _canonical(best)
                    cycles.setdefault(key, list(key))
        self.sccs = sccs
        self.scc_of = scc_of
        self.cycles = sorted(cycles.values())

    # --- incremental updates --------------------------------------------------------------------------
    def update(self, workspace: Workspace, changed: set[Path]) -> "ImportGraphService | None":
        started = time.perf_counter()
        with self._lock:
            self.workspace = workspace
            provided = provided_modules(workspace)
            if provided != self.resolver.provided:
                return None  # the object model changed: rebuild (cheap from the cache)
            structural = False  # files appeared/disappeared or resolution inputs changed
            edges_changed = False
            reparsed: list[str] = []
            for path in changed:
                key = str(path)
                self._foreign.pop(key, None)
                if is_graph_source(workspace, path):
                    doc = workspace.document(path)
                    if doc is None:
                        if self.modules.pop(key, None) is not None:
                            structural = edges_changed = True
                        continue
                    old = self.modules.get(key)
                    if old is None:
                        structural = True
                    stamp = None if path in set(workspace.open_paths()) else _stamp(path)
                    entry = ModuleEntry(key, stamp, extract(doc.source, doc.tree, doc.language))
                    entry.resolutions = self._resolve_entry(entry) if old is not None else ()
                    self.modules[key] = entry
                    reparsed.append(key)
                    if old is None or old.file_targets() != entry.file_targets():
                        edges_changed = True
                else:
                    structural = True
            if structural:
                self.resolver.invalidate([str(p) for p in changed])
                for entry in self.modules.values():
                    resolutions = self._resolve_entry(entry)
                    if [r.target for r in resolutions] != [r.target for r in entry.resolutions]:
                        edges_changed = True
                    entry.resolutions = resolutions
            if structural or reparsed:
                self._reindex()
            if edges_changed:
                self._compute_cycles()
            self.stats["update_ms"] = (time.perf_counter() - started) * 1000
        self._persist_later()
        return self

    def refresh(self, doc: ParsedDocument, info: ModuleInfo | None = None) -> ModuleEntry | None:
        """Take an editor buffer's current imports into the graph; returns its entry (None: not a module
        of this workspace). Cheap when the imports did not change."""
        path = doc.path
        if path is None:
            return None
        key = str(path.resolve())
        info = info or extract(doc.source, doc.tree, doc.language)
        with self._lock:
            old = self.modules.get(key)
            if old is not None and old.info == info:
                return old
            if old is None and not is_graph_source(self.workspace, Path(key)):
                return None
            entry = ModuleEntry(key, None, info)
            entry.resolutions = self._resolve_entry(entry)
            self.modules[key] = entry
            if old is None:
                # A new file: specifiers elsewhere that did not resolve may now.
                self.resolver.invalidate([key])
                for other in self.modules.values():
                    if other is not entry and any(not r.resolved for r in other.resolutions):
                        other.resolutions = self._resolve_entry(other)
            self._reindex_entry(old, entry)
            if old is None or old.file_targets() != entry.file_targets():
                self._compute_cycles()
            return entry

    def _reindex_entry(self, old: ModuleEntry | None, new: ModuleEntry) -> None:
        if old is not None:
            for res in old.resolutions:
                if res.target and res.target in self.importers_of:
                    self.importers_of[res.target].discard(old.path)
        for res in new.resolutions:
            if res.target:
                self.importers_of.setdefault(res.target, set()).add(new.path)

    # --- queries --------------------------------------------------------------------------------------
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
            info = (extract(doc.source, doc.tree, doc.language) if doc is not None
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
            return {DEFAULT}, True
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

    def cycles_of(self, path: str) -> list[list[str]]:
        """The representative cycles `path` is part of, each rotated to start at `path`."""
        with self._lock:
            out = []
            for cycle in self.cycles:
                if path in cycle:
                    i = cycle.index(path)
                    out.append(cycle[i:] + cycle[:i])
            return out


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _shortest_path(start: str, goal: str, edges: dict[str, list[str]], members: set[str]) -> list[str] | None:
    """BFS path start -> ... -> goal inside `members` (both ends included)."""
    if start == goal:
        return [goal]
    previous: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for succ in edges.get(node, ()):
            if succ in members and succ not in previous:
                previous[succ] = node
                if succ == goal:
                    path = [goal]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return path[::-1]
                queue.append(succ)
    return None


def _canonical(cycle: list[str]) -> tuple[str, ...]:
    i = cycle.index(min(cycle))
    return tuple(cycle[i:] + cycle[:i])
