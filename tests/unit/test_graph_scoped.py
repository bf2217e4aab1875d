"""A graph built for one folder or file (`ImportGraphService.build(scope=...)`, what `footprint-ls graph PATH`
builds through `export.graph_for`) parses only the scope's files and what they import, transitively, and
its snapshot of the scope is the whole graph's: modules, edges, unresolved imports, cycles (through modules
outside the scope too), cold and from a cache either build wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server.graph.export import graph_for, graph_snapshot
from lsp_server.graph.service import ImportGraphService
from lsp_server.surfaces.present import for_cli
from lsp_server.workspace import Workspace

FILES = {
    # The scope: src/
    "src/a.js": 'import b from "./b.js";\nimport "../lib/c.js";\nconst t = require("../tools/t.cjs");\n'
                'import x from "../src2/x.js";\nimport fs from "node:fs";\nimport pad from "left-pad";\n'
                'const foo = require("foo");\nimport "./missing.js";\n',
    "src/b.js": 'export default 1;\nimport("../lib/d.js");\n',
    "src/types.ts": 'import type { X } from "../lib/x";\nexport * from "../lib/reexported.js";\n'
                    'export type Y = import("../lib/y").Y;\n',
    "src/dir/index.js": 'export { e } from "../../lib";\n',
    "src/self.js": 'import "./self.js";\n',
    # Outside it, reached from it: a cycle src/a -> lib/c -> lib/e -> src/b -> lib/d -> src/a, a package index
    "lib/c.js": 'import "./e.js";\n',
    "lib/e.js": 'import "../src/b.js";\nexport const e = 1;\n',
    "lib/d.js": 'module.exports = require("../src/a.js");\n',
    "lib/index.js": 'export * from "./e.js";\n',
    "lib/x.d.ts": 'export interface X { a: number }\nimport "./deep.js";\n',
    "lib/deep.js": 'import "../src/types.ts";\n',
    "lib/y.ts": 'export type Y = string;\n',
    "lib/reexported.js": 'export const r = 1;\n',
    "tools/t.cjs": 'module.exports = 1;\n',
    "src2/x.js": 'export default require("../src/a.js");\n',  # a sibling whose name starts with the scope's
    # Outside it and reached from none of its modules: never parsed (one imports into the scope)
    "lib/unreached.js": 'import "../src/a.js";\nimport "./c.js";\n',
    "examples/bundle.js": 'import "../src/a.js";\n' + "var z = 1;\n" * 50,
    "node_modules/foo/index.js": 'module.exports = require("../../src/a.js");\n',
    "node_modules/foo/package.json": '{"name": "foo", "main": "index.js"}\n',
}
UNREACHED = {"lib/unreached.js", "examples/bundle.js"}


def one_shot(root: Path) -> Workspace:
    ws = Workspace(root)
    ws.long_lived = False  # the cache is written before the build returns
    return ws


@pytest.fixture
def root(tmp_path: Path) -> Path:
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def snapshot(graph: ImportGraphService, base: Path) -> dict:
    return for_cli().graph(graph_snapshot(graph, base))


SCOPES = ["src", "src/a.js", "src/types.ts", "lib", "src2", "."]


@pytest.mark.parametrize("type_cycles", [False, True])
@pytest.mark.parametrize("scope", SCOPES)
def test_a_scoped_build_shows_its_scope_as_the_whole_graph_does(root: Path, scope: str, type_cycles: bool):
    if type_cycles:  # src/types.ts -> lib/x.d.ts -> lib/deep.js -> src/types.ts is a cycle then
        (root / "footprint.toml").write_text("[dependencies]\ntype_cycles = true\n")
    whole = snapshot(ImportGraphService.build(Workspace(root)), root / scope)
    scoped_graph = ImportGraphService.build(Workspace(root), scope=root / scope)
    assert snapshot(scoped_graph, root / scope) == whole
    assert whole["modules"] and bool(whole["cycles"]) == (scope != "src/types.ts" or type_cycles)


def test_a_scoped_build_parses_only_what_the_scope_reaches(root: Path):
    graph = ImportGraphService.build(Workspace(root), scope=root / "src")
    modules = {str(Path(p).relative_to(root)) for p in graph.modules}
    assert modules == {rel for rel in FILES if rel.endswith((".js", ".ts", ".cjs")) and not rel.startswith(
        "node_modules/")} - UNREACHED
    assert graph.stats["not_parsed"] == len(UNREACHED)
    assert graph.stats["parsed"] == len(modules)


def test_scoped_and_whole_builds_share_the_cache(root: Path):
    src = root / "src"
    whole = snapshot(ImportGraphService.build(Workspace(root)), root)
    scoped = snapshot(ImportGraphService.build(one_shot(root), scope=src), src)  # cold: writes the cache
    # The whole graph from the cache a scoped build wrote: the files it did not parse are parsed now.
    warm_whole = ImportGraphService.build(one_shot(root))
    assert warm_whole.stats["cached"] == len(warm_whole.modules) - len(UNREACHED)
    assert snapshot(warm_whole, root) == whole
    # A scoped build from the whole graph's cache parses nothing and keeps every cached module.
    warm_scoped = ImportGraphService.build(one_shot(root), scope=src)
    assert warm_scoped.stats["parsed"] == 0 and len(warm_scoped.modules) == len(warm_whole.modules)
    assert snapshot(warm_scoped, src) == scoped
    # A file outside the scope changed since: parsed again only if the scope reaches it.
    (root / "lib" / "e.js").write_text('import "../src/b.js";\nimport "./reexported.js";\nexport const e = 2;\n')
    (root / "lib" / "unreached.js").write_text('import "./d.js";\n')
    again = ImportGraphService.build(one_shot(root), scope=src)
    assert again.stats["parsed"] == 1
    assert snapshot(again, src) == snapshot(ImportGraphService.build(Workspace(root)), src)


def test_graph_for_takes_the_workspace_graph_when_it_is_built(root: Path):
    ws = Workspace(root)
    assert graph_for(ws, root / "src") is not ws.peek_service(ImportGraphService)
    built = ws.service(ImportGraphService)
    assert graph_for(ws, root / "src") is built
