"""The import graph of a folder (or one file) as typed data (`graph_snapshot`): what the `dependency_graph`
command and `footprint-ls graph [--json|--format dot] PATH` show. The surfaces' presenter turns it into JSON,
DOT or text (lsp_server/surfaces/present.py).

Paths are absolute here; external targets are `package:NAME` / `node:NAME` strings. An edge groups every
import of one kind from one module to one target (kind `type`: a TypeScript type-only import, or any import
of a `.d.ts` file); `names` are the imported names (`default`, `*` for
namespace / whole-module / `export *`). `line` is 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lsp_server import queries
from lsp_server.graph.resolve import FILE
from lsp_server.graph.service import ImportGraphService, under
from lsp_server.storage import collection_paused
from lsp_server.syntax.modules import NAMESPACE
from lsp_server.workspace import Progress, Workspace, no_progress


@dataclass(frozen=True)
class GraphEdge:
    source: str  # absolute path of the importing module
    target: str  # absolute path of a file, or `package:NAME` / `node:NAME`
    kind: str  # import | reexport | dynamic | require | type (TypeScript type-only, and any import of a .d.ts)
    names: tuple[str, ...]
    external: bool  # the target is a package or a builtin, not a file


@dataclass(frozen=True)
class UnresolvedImport:
    source: str
    specifier: str
    line: int  # 0-based


@dataclass(frozen=True)
class GraphSnapshot:
    anchor: Path  # the folder paths are shown relative to: the asked folder, or the asked file's folder
    modules: tuple[str, ...]
    edges: tuple[GraphEdge, ...]
    unresolved: tuple[UnresolvedImport, ...]
    cycles: tuple[tuple[str, ...], ...]


def graph_for(workspace: Workspace, base: Path, progress: Progress = no_progress) -> ImportGraphService:
    """The graph to take `graph_snapshot(_, base)` of: the workspace's import graph if it is built (a
    server's), else one built for `base` alone (`ImportGraphService.build`'s scope: `base`'s files and what
    they import, not the rest of the workspace), which is not the workspace's index. As
    `Workspace.service` builds one: no time limit, collection paused."""
    built = workspace.peek_service(ImportGraphService)
    if built is not None:
        return built
    with queries.no_time_limit(), collection_paused():
        return ImportGraphService.build(workspace, progress, scope=base)


def graph_snapshot(graph: ImportGraphService, base: Path) -> GraphSnapshot:
    """The graph of the modules under `base` (a folder or one file), taken under the graph's lock."""
    base = base.resolve()
    anchor = base if base.is_dir() else base.parent
    root = str(base)
    with graph._lock:
        modules = sorted(p for p in graph.modules if under(p, root))
        edges: dict[tuple[str, str, str], tuple[set[str], bool]] = {}
        unresolved = []
        for path in modules:
            entry = graph.modules[path]
            for record, res, kind in zip(entry.info.imports, entry.resolutions, entry.kinds):
                if not res.resolved:
                    unresolved.append(UnresolvedImport(path, record.specifier, record.line))
                    continue
                names, _ = edges.setdefault((path, res.target, kind), (set(), res.kind != FILE))
                names.update(n.name for n in record.names)
                if record.star:
                    names.add(NAMESPACE)
        cycles = tuple(tuple(c) for c in graph.cycles if any(under(p, root) for p in c))
    return GraphSnapshot(anchor, tuple(modules),
                         tuple(GraphEdge(f, t, k, tuple(sorted(n)), ext) for (f, t, k), (n, ext) in edges.items()),
                         tuple(unresolved), cycles)
