"""A warm start of the import graph reuses the persisted resolutions whose inputs (folders probed, package.json /
tsconfig files read, node_modules entries) are unchanged, and resolves again exactly the imports a change can
reach: real files in tmp_path, resolver calls counted through `Resolver.calls`, graphs compared as JSON with a
cold build's."""

from __future__ import annotations

import json
import os
from pathlib import Path

from lsp_server.graph.export import graph_snapshot
from lsp_server.graph.service import CACHE_FILE, ImportGraphService
from lsp_server.surfaces.present import for_cli
from lsp_server.workspace import Workspace

FILES = {
    "src/main.js": 'import { helper } from "./util";\nimport cfg from "./lib";\nimport pkg from "pkg";\n'
                   'import sub from "pkg/sub";\nimport "./b.js";\nimport "left-pad";\n',
    "src/util/index.js": "export const helper = 1;\n",
    "src/b.js": 'import "./c.js";\n',
    "src/c.js": "export const c = 1;\n",
    "src/lib/package.json": '{"main": "./a.js"}',
    "src/lib/a.js": "export default 1;\n",
    "src/lib/b.js": "export default 2;\n",
    "src/app.ts": 'import { x } from "@app/x";\nimport { y } from "./y";\n',
    "src/x.ts": "export const x = 1;\n",
    "src2/x.ts": "export const x = 2;\n",
    "src/y.ts": "export const y = 1;\n",
    "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@app/*": ["src/*"]}}}',
    "other/d.js": 'import "../src/c.js";\nexport const d = 1;\n',
    "node_modules/pkg/package.json": '{"name": "pkg", "exports": {".": "./index.js", "./sub": "./sub.js"}}',
    "node_modules/pkg/index.js": "export default 1;\n",
    "node_modules/pkg/sub.js": "export default 2;\n",
}
MODULES = sum(1 for rel in FILES if rel.endswith((".js", ".ts")) and not rel.startswith("node_modules"))


def one_shot(root: Path) -> Workspace:
    """The workspace of a one-shot run (a CLI verb): the graph writes its cache before its build returns (a
    server's graph writes it once the server is ready, which these tests would have to wait for)."""
    ws = Workspace(root)
    ws.long_lived = False
    return ws



def make_ws(root: Path) -> Workspace:
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return one_shot(root)


def graph_json(graph: ImportGraphService, root: Path) -> dict:
    return for_cli().graph(graph_snapshot(graph, root))


def edge_set(data: dict) -> set[tuple]:
    return {(e["from"], e["to"], e["kind"]) for e in data["edges"]} | \
        {(u["from"], u["specifier"], "unresolved") for u in data["unresolved"]}


def write(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))


def warm_then_cold(root: Path) -> tuple[ImportGraphService, dict]:
    """A warm start on the persisted cache, and the JSON of a cold build of the same files (no cache)."""
    warm = ImportGraphService.build(one_shot(root))
    cache = one_shot(root).cache_dir / CACHE_FILE
    saved = cache.read_bytes()
    cache.unlink()
    cold = ImportGraphService.build(one_shot(root))
    assert cold.stats["resolutions_reused"] == 0
    cache.write_bytes(saved)
    return warm, graph_json(cold, root)


def specifier_count(graph: ImportGraphService, *rels: str) -> int:
    return sum(len(graph.modules[str(graph.root / rel)].specifiers()) for rel in rels)


def test_unchanged_warm_start_resolves_nothing_and_equals_a_cold_build(tmp_path: Path):
    ws = make_ws(tmp_path)
    first = ImportGraphService.build(ws)
    assert first.resolver.calls > 0 and first.stats["resolutions_reused"] == 0
    warm, cold = warm_then_cold(tmp_path)
    assert warm.resolver.calls == 0
    assert warm.stats["resolutions_reused"] == MODULES
    assert graph_json(warm, tmp_path) == cold == graph_json(first, tmp_path)
    # What the fixture resolves, so the equality above covers every kind of input.
    edges = edge_set(cold)
    assert {("src/main.js", "src/util/index.js", "import"), ("src/main.js", "src/lib/a.js", "import"),
            ("src/main.js", "package:pkg", "import"), ("src/app.ts", "src/x.ts", "import"),
            ("src/main.js", "left-pad", "unresolved")} <= edges
    # A second warm start (from what the first warm start kept) is as good.
    again = ImportGraphService.build(one_shot(tmp_path))
    assert again.resolver.calls == 0 and graph_json(again, tmp_path) == cold


def test_a_new_file_that_shadows_a_resolution(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    write(tmp_path / "src/util.js", "export const helper = 2;\n")  # `./util` now names this file, not util/
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == {("src/main.js", "src/util/index.js", "import")}
    assert after - before == {("src/main.js", "src/util.js", "import")}
    # Only the module that probed src/util.js is resolved again (and the new module has no imports).
    assert warm.resolver.calls == specifier_count(warm, "src/main.js")
    assert warm.stats["resolutions_reused"] == MODULES - 1


def test_a_new_file_elsewhere_in_a_probed_folder_changes_nothing(tmp_path: Path):
    ws = make_ws(tmp_path)
    first = graph_json(ImportGraphService.build(ws), tmp_path)
    write(tmp_path / "src/notes.md", "unrelated\n")  # the folder changes; no import could reach this file
    warm, cold = warm_then_cold(tmp_path)
    assert graph_json(warm, tmp_path) == cold == first
    assert warm.resolver.calls == 0


def test_changed_package_exports(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    write(tmp_path / "node_modules/pkg/package.json", '{"name": "pkg", "exports": {".": "./index.js"}}')
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == set()  # `pkg` still resolves: the grouped edge to package:pkg stays
    assert after - before == {("src/main.js", "pkg/sub", "unresolved")}
    assert warm.resolver.calls == specifier_count(warm, "src/main.js")


def test_changed_package_main(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    write(tmp_path / "src/lib/package.json", '{"main": "./b.js"}')
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == {("src/main.js", "src/lib/a.js", "import")}
    assert after - before == {("src/main.js", "src/lib/b.js", "import")}
    assert warm.resolver.calls == specifier_count(warm, "src/main.js")


def test_changed_tsconfig_paths(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    config = json.loads((tmp_path / "tsconfig.json").read_text())
    config["compilerOptions"]["paths"]["@app/*"] = ["src2/*"]
    write(tmp_path / "tsconfig.json", json.dumps(config))
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == {("src/app.ts", "src/x.ts", "import")}
    assert after - before == {("src/app.ts", "src2/x.ts", "import")}
    # Every module that imports anything read the tsconfig (its options apply to all of them): all of them are
    # resolved again; the modules that import nothing have nothing to resolve.
    importing = [rel for rel in FILES if rel.endswith((".js", ".ts")) and not rel.startswith("node_modules")
                 and "import" in FILES[rel]]
    assert warm.resolver.calls == specifier_count(warm, *importing)
    assert warm.stats["resolutions_reused"] == MODULES - len(importing)


def test_deleted_target(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    (tmp_path / "src/c.js").unlink()
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == {("src/b.js", "src/c.js", "import"), ("other/d.js", "src/c.js", "import")}
    assert after - before == {("src/b.js", "./c.js", "unresolved"), ("other/d.js", "../src/c.js", "unresolved")}
    assert warm.resolver.calls == specifier_count(warm, "src/b.js", "other/d.js")


def test_a_package_installed_later(tmp_path: Path):
    ws = make_ws(tmp_path)
    before = edge_set(graph_json(ImportGraphService.build(ws), tmp_path))
    write(tmp_path / "node_modules/left-pad/package.json", '{"name": "left-pad", "main": "index.js"}')
    write(tmp_path / "node_modules/left-pad/index.js", "module.exports = 1;\n")
    warm, cold = warm_then_cold(tmp_path)
    after = edge_set(graph_json(warm, tmp_path))
    assert after == edge_set(cold)
    assert before - after == {("src/main.js", "left-pad", "unresolved")}
    assert after - before == {("src/main.js", "package:left-pad", "import")}
    assert warm.resolver.calls == specifier_count(warm, "src/main.js")
