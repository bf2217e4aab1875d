"""The import graph as data (`graph_json`), Graphviz DOT and text: what the `dependency_graph` command and
`footprint-ls graph [--json|--format dot] PATH` show (lsp_server/surfaces).

JSON contract (paths relative to PATH, POSIX separators; external targets `package:NAME` / `node:NAME`):
`{"modules": [paths], "edges": [{"from", "to", "kind", "names"}], "unresolved": [{"from", "specifier",
"line"}], "cycles": [[paths]]}`. `line` is 0-based. An edge groups every import of one kind from one module
to one target (kinds: import, reexport, dynamic, require, and type for TypeScript type-only imports and every
import of a `.d.ts` file); `names` are the imported names (`default`, `*` for namespace / whole-module / `export *`).
"""

from __future__ import annotations

import os
from pathlib import Path

from lsp_server.syntax.modules import NAMESPACE
from lsp_server.graph.resolve import FILE
from lsp_server.graph.service import ImportGraphService

FORMATS = ("json", "dot", "text")


def _under(path: str, base: str) -> bool:
    return path == base or path.startswith(base.rstrip(os.sep) + os.sep)


def graph_json(graph: ImportGraphService, base: Path) -> dict:
    """The graph of the modules under `base` (a folder or one file), paths relative to `base`'s folder."""
    base = base.resolve()
    anchor = str(base if base.is_dir() else base.parent)
    root = str(base)
    inside = anchor.rstrip(os.sep) + os.sep
    relative: dict[str, str] = {}

    def rel(p: str) -> str:
        # Graph paths are absolute and normalised: below the anchor, a prefix cut is the relative path
        # (os.path.relpath costs ~50 us per call, and a graph has thousands of edges).
        found = relative.get(p)
        if found is None:
            found = p[len(inside):] if p.startswith(inside) else os.path.relpath(p, anchor)
            if os.sep != "/":
                found = found.replace(os.sep, "/")
            relative[p] = found
        return found

    with graph._lock:
        modules = sorted(p for p in graph.modules if _under(p, root))
        edges: dict[tuple[str, str, str], set[str]] = {}
        unresolved = []
        for path in modules:
            entry = graph.modules[path]
            for record, res, kind in zip(entry.info.imports, entry.resolutions, entry.kinds):
                if not res.resolved:
                    unresolved.append({"from": rel(path), "specifier": record.specifier, "line": record.line})
                    continue
                to = rel(res.target) if res.kind == FILE else res.target
                names = edges.setdefault((rel(path), to, kind), set())
                names.update(n.name for n in record.names)
                if record.star:
                    names.add(NAMESPACE)
        cycles = [[rel(p) for p in c] for c in graph.cycles if any(_under(p, root) for p in c)]
    return {
        "modules": [rel(p) for p in modules],
        "edges": [{"from": f, "to": t, "kind": k, "names": sorted(n)} for (f, t, k), n in sorted(edges.items())],
        "unresolved": unresolved,
        "cycles": cycles,
    }


def graph_dot(data: dict) -> str:
    """Graphviz DOT: modules as boxes, packages/builtins as ellipses, cycle edges red, dynamic dashed."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    cyclic = set()
    for cycle in data["cycles"]:
        for i, node in enumerate(cycle):
            cyclic.add((node, cycle[(i + 1) % len(cycle)]))
    lines = ["digraph imports {", "  rankdir=LR;", "  node [shape=box, fontsize=10];"]
    for module in data["modules"]:
        lines.append(f"  {q(module)};")
    externals = sorted({e["to"] for e in data["edges"] if e["to"].startswith(("package:", "node:"))})
    for ext in externals:
        lines.append(f"  {q(ext)} [shape=ellipse, color=gray40];")
    for e in data["edges"]:
        attrs = []
        if (e["from"], e["to"]) in cyclic:
            attrs.append("color=red")
        if e["kind"] == "dynamic":
            attrs.append("style=dashed")
        if e["names"]:
            attrs.append(f"label={q(', '.join(e['names']))}")
        lines.append(f"  {q(e['from'])} -> {q(e['to'])}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    for u in data["unresolved"]:
        lines.append(f"  {q(u['from'])} -> {q('unresolved: ' + u['specifier'])} [color=orange];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def graph_text(data: dict) -> str:
    out = [f"{len(data['modules'])} module(s), {len(data['edges'])} edge(s)"]
    for e in data["edges"]:
        names = f" {{{', '.join(e['names'])}}}" if e["names"] else ""
        out.append(f"{e['from']} -> {e['to']} [{e['kind']}]{names}")
    for u in data["unresolved"]:
        out.append(f"{u['from']}:{u['line'] + 1}: unresolved '{u['specifier']}'")
    for c in data["cycles"]:
        out.append("cycle: " + " -> ".join([*c, c[0]]))
    return "\n".join(out) + "\n"
