"""ImportGraphService on real files in tmp_path: edges, cycles (Tarjan), persistence, incremental updates,
the editor overlay, and `importers()` through barrels."""

from __future__ import annotations

import os
from pathlib import Path

from lsp_server import integrity
from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.graph.export import graph_snapshot
from lsp_server.graph.service import CACHE_FILE, CACHE_VERSION, SIGNED_AS, ImportGraphService, read_cache
from lsp_server.surfaces.present import for_cli
from lsp_server.workspace import Workspace


def one_shot(root: Path) -> Workspace:
    """The workspace of a one-shot run (a CLI verb): the graph writes its cache before its build returns (a
    server's graph writes it once the server is ready, which these tests would have to wait for)."""
    ws = Workspace(root)
    ws.long_lived = False
    return ws



def graph_json(graph, base):
    """The graph as its JSON contract (paths relative to `base`), through the CLI's presenter."""
    return for_cli().graph(graph_snapshot(graph, base))


def make_ws(root: Path, files: dict[str, str]) -> Workspace:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return one_shot(root)


def edges(ws: Workspace) -> set[tuple[str, str, str]]:
    data = graph_json(ws.service(ImportGraphService), ws.root)
    return {(e["from"], e["to"], e["kind"]) for e in data["edges"]}


def touch(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))  # a visible mtime change even on coarse clocks


def test_edges_of_every_kind(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "a.js": 'import b from "./b.js";\nexport * from "./c.js";\nimport("./d.js");\nimport fs from "node:fs";\n'
                'const e = require("./e.cjs");\nimport x from "left-pad";\nimport "./missing.js";\n',
        "b.js": "export default 1;\n", "c.js": "export const c = 1;\n", "d.js": "", "e.cjs": "module.exports = {};\n",
    })
    assert edges(ws) == {("a.js", "b.js", "import"), ("a.js", "c.js", "reexport"), ("a.js", "d.js", "dynamic"),
                         ("a.js", "node:fs", "import"), ("a.js", "e.cjs", "require")}
    data = graph_json(ws.service(ImportGraphService), ws.root)
    assert data["unresolved"] == [{"from": "a.js", "specifier": "left-pad", "line": 5},
                                  {"from": "a.js", "specifier": "./missing.js", "line": 6}]
    assert data["modules"] == ["a.js", "b.js", "c.js", "d.js", "e.cjs"]


def test_cycles_are_strongly_connected_components(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "a.js": 'import "./b.js";\n', "b.js": 'import "./c.js";\n', "c.js": 'import "./a.js";\nimport "./d.js";\n',
        "d.js": 'import "./d.js";\n',  # self-import
        "e.js": 'import "./f.js";\n', "f.js": 'import "./e.js";\nimport "./a.js";\n',  # two cycles, one chain
        "g.js": 'import "./a.js";\n',  # not in a cycle
    })
    graph = ws.service(ImportGraphService)
    rel = lambda cycle: [ws.relpath(Path(p)) for p in cycle]  # noqa: E731
    assert sorted(rel(c) for c in graph.cycles) == [["a.js", "b.js", "c.js"], ["d.js"], ["e.js", "f.js"]]
    assert [rel(c) for c in graph.cycles_of(str(tmp_path / "c.js"))] == [["c.js", "a.js", "b.js"]]
    assert graph.cycles_of(str(tmp_path / "g.js")) == []


def test_overlapping_cycles_in_one_component_are_each_reported(tmp_path: Path):
    # a <-> b and a <-> c: one strongly connected component, two elementary cycles through a.
    ws = make_ws(tmp_path, {"a.js": 'import "./b.js";\nimport "./c.js";\n', "b.js": 'import "./a.js";\n',
                            "c.js": 'import "./a.js";\n'})
    graph = ws.service(ImportGraphService)
    assert len(graph.sccs) == 1
    assert sorted([ws.relpath(Path(p)) for p in c] for c in graph.cycles) == [["a.js", "b.js"], ["a.js", "c.js"]]


def test_persisted_cache_gives_a_warm_start(tmp_path: Path):
    ws = make_ws(tmp_path, {f"m{i}.js": f'import "./m{i + 1}.js";\nexport const v{i} = {i};\n' for i in range(20)})
    cold = ImportGraphService.build(ws)
    assert cold.stats["parsed"] == 20
    cache = ws.cache_dir / CACHE_FILE
    assert integrity.read_signed(cache, SIGNED_AS)[1] is None
    data = read_cache(cache, ws.root)
    assert data is not None and data["version"] == CACHE_VERSION and len(data["modules"]) == 20
    warm = ImportGraphService.build(one_shot(tmp_path))
    assert warm.stats["parsed"] == 0 and warm.stats["cached"] == 20
    assert graph_json(warm, tmp_path) == graph_json(cold, tmp_path)
    touch(tmp_path / "m3.js", 'import "./m0.js";\n')
    again = ImportGraphService.build(one_shot(tmp_path))
    assert again.stats["parsed"] == 1
    assert [len(c) for c in again.cycles] == [4]


def test_a_warm_start_with_a_cached_file_open_does_not_rewrite_the_cache(tmp_path: Path):
    """The open file's buffer is not persisted, and its cached entry (the file's) stays: nothing to write."""
    make_ws(tmp_path, {"a.js": 'import "./b.js";\n', "b.js": "export const b = 1;\n"})
    ImportGraphService.build(one_shot(tmp_path))
    cache = one_shot(tmp_path).cache_dir / CACHE_FILE
    written = cache.read_bytes()
    ws = one_shot(tmp_path)
    ws.open_document(ParsedDocument.create(path_to_uri(tmp_path / "a.js"), 'import "./b.js";\nimport "./c.js";\n', 1))
    warm = ImportGraphService.build(ws)
    assert warm.stats["parsed"] == 0 and ("a.js", "b.js", "import") in edges(ws)
    assert cache.read_bytes() == written
    # Control: a changed file on disk is written.
    touch(tmp_path / "b.js", "export const b = 2;\n")
    ImportGraphService.build(one_shot(tmp_path))
    assert cache.read_bytes() != written


def test_corrupt_cache_means_a_rebuild(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": 'import "./b.js";\n', "b.js": ""})
    ImportGraphService.build(ws)
    (ws.cache_dir / CACHE_FILE).write_text("{not json")
    graph = ImportGraphService.build(one_shot(tmp_path))
    assert graph.stats["parsed"] == 2 and ("a.js", "b.js", "import") in edges(one_shot(tmp_path))


def test_incremental_update_edit_add_delete(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": 'import { x } from "./b.js";\nimport "./later.js";\n', "b.js": "export const x = 1;\n"})
    graph = ws.service(ImportGraphService)
    assert graph.cycles == []
    # Edit: b now imports a -> a cycle appears; only b is re-parsed.
    touch(tmp_path / "b.js", 'import "./a.js";\nexport const x = 1;\n')
    ws.files_changed([tmp_path / "b.js"])
    graph = ws.service(ImportGraphService)
    assert [sorted(ws.relpath(Path(p)) for p in c) for c in graph.cycles] == [["a.js", "b.js"]]
    # Add: the unresolved import of a now resolves.
    touch(tmp_path / "later.js", "")
    ws.files_changed([tmp_path / "later.js"])
    assert ("a.js", "later.js", "import") in edges(ws)
    assert graph_json(ws.service(ImportGraphService), tmp_path)["unresolved"] == []
    # Delete: b disappears, the cycle with it, and a's import of b is unresolved.
    (tmp_path / "b.js").unlink()
    ws.files_changed([tmp_path / "b.js"])
    graph = ws.service(ImportGraphService)
    assert graph.cycles == []
    assert graph_json(graph, tmp_path)["unresolved"] == [{"from": "a.js", "specifier": "./b.js", "line": 0}]
    graph.flush()
    cached = read_cache(ws.cache_dir / CACHE_FILE, ws.root)["modules"]
    assert sorted(Path(p).name for p in cached) == ["a.js", "later.js"]


def test_open_buffers_win_over_the_disk(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": "", "b.js": ""})
    ws.open_document(ParsedDocument.create(path_to_uri(tmp_path / "a.js"), 'import "./b.js";\n', 1))
    assert ("a.js", "b.js", "import") in edges(ws)
    graph = ws.service(ImportGraphService)
    # The buffer changes again (as the checks push it) -> the graph follows, cycles included.
    doc = ParsedDocument.create(path_to_uri(tmp_path / "b.js"), 'import "./a.js";\n', 2)
    ws.open_document(doc)
    graph.refresh(doc)
    assert len(graph.cycles) == 1
    # The overlay is never persisted as if it were the file on disk.
    graph.persist()
    cached = read_cache(ws.cache_dir / CACHE_FILE, ws.root)["modules"]
    assert str((tmp_path / "b.js").resolve()) not in cached or cached[str((tmp_path / "b.js").resolve())][2] == ""


def test_importers_follow_barrels_and_commonjs(tmp_path: Path):
    ws = make_ws(tmp_path, {
        "lib/format.js": "export function money() {}\nexport default function fmt() {}\n",
        "lib/index.js": 'export * from "./format.js";\nexport { default as fmt } from "./format.js";\n',
        "lib/alias.js": 'export { money as cash } from "./format.js";\n',
        "app.js": 'import { money } from "./lib/index.js";\nimport { fmt } from "./lib/index.js";\n',
        "other.js": 'import fmt, {\n  money as m,\n} from "./lib/format.js";\nimport * as all from "./lib/format.js";\n',
        "cash.js": 'import { cash } from "./lib/alias.js";\n',
        "old.cjs": 'const { money } = require("./lib/format.js");\n',
    })
    graph = ws.service(ImportGraphService)
    fmt = tmp_path / "lib/format.js"
    sites = {(ws.relpath(s.path), s.line, s.kind) for s in graph.importers(fmt, "money")}
    assert sites == {("app.js", 0, "import"), ("other.js", 1, "import"), ("lib/alias.js", 0, "reexport"),
                     ("cash.js", 0, "import"), ("old.cjs", 0, "require")}
    default_sites = {(ws.relpath(s.path), s.line) for s in graph.importers(fmt, "default")}
    assert default_sites == {("lib/index.js", 1), ("other.js", 0), ("app.js", 1)}
    site = next(s for s in graph.importers(fmt, "money") if ws.relpath(s.path) == "other.js")
    assert (tmp_path / "other.js").read_bytes()[site.start:site.end] == b"money"


def test_incremental_components_equal_a_full_recomputation(tmp_path: Path):
    """Random import edits pushed through `refresh` keep the same components as Tarjan over everything."""
    import random

    rng = random.Random(5)
    n = 40
    ws = make_ws(tmp_path, {f"m{i}.js": "".join(f'import "./m{j}.js";\n' for j in rng.sample(range(n), 2))
                            for i in range(n)})
    graph = ws.service(ImportGraphService)
    for step in range(150):
        i = rng.randrange(n)
        targets = rng.sample(range(n), rng.choice([0, 1, 1, 2, 3]))
        doc = ParsedDocument.create(path_to_uri(tmp_path / f"m{i}.js"),
                                    "".join(f'import "./m{j}.js";\n' for j in targets), step)
        graph.refresh(doc)
        incremental = sorted(sorted(c) for c in graph.sccs.values())
        incremental_cycles = graph.cycles
        graph._compute_cycles()
        full = sorted(sorted(c) for c in graph.sccs.values())
        assert incremental == full, f"step {step}"
        assert incremental_cycles == graph.cycles, f"step {step}"
        assert all(graph.cycles_of(m) for c in full for m in c)


def test_a_closed_buffer_goes_back_to_the_disk_on_the_next_update(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": "", "b.js": "", "c.js": ""})
    graph = ws.service(ImportGraphService)
    doc = ParsedDocument.create(path_to_uri(tmp_path / "a.js"), 'import "./b.js";\n', 3)
    ws.open_document(doc)
    graph.refresh(doc)
    assert ("a.js", "b.js", "import") in edges(ws)
    ws.close_document(tmp_path / "a.js")  # closed without saving
    touch(tmp_path / "c.js", "// unrelated change\n")
    ws.files_changed([tmp_path / "c.js"])
    assert ("a.js", "b.js", "import") not in edges(ws)


def test_binding_importers_map_a_local_binding_to_its_exported_names(tmp_path: Path):
    from lsp_server.graph.references import binding_importers, exported_names

    ws = make_ws(tmp_path, {
        "lib.js": "function helper() {}\nexport { helper as assist };\nexport default helper;\nconst inner = 1;\n",
        "a.js": 'import { assist } from "./lib.js";\n', "b.js": 'import h from "./lib.js";\n',
    })
    doc = ws.document(tmp_path / "lib.js")
    assert sorted(exported_names(doc, "helper")) == ["assist", "default"]
    assert exported_names(doc, "inner") == []
    sites = binding_importers(ws, doc, "helper")
    assert [(ws.relpath(s.path), s.name) for s in sites] == [("a.js", "assist"), ("b.js", "default")]
    assert binding_importers(ws, doc, "inner") == []


def test_changes_that_cannot_affect_resolution_are_cheap(tmp_path: Path):
    ws = make_ws(tmp_path, {"a.js": 'import "./data.json";\nimport "./later.json";\n', "data.json": "{}",
                            "README.md": "x"})
    graph = ws.service(ImportGraphService)
    calls = []
    original = graph._compute_cycles
    graph._compute_cycles = lambda: (calls.append(1), original())  # type: ignore[method-assign]
    touch(tmp_path / "README.md", "y")
    touch(tmp_path / "data.json", '{"a": 1}')
    ws.files_changed([tmp_path / "README.md", tmp_path / "data.json", ws.cache_dir / "import-graph.json"])
    assert calls == []  # contents changed, nothing appeared or disappeared: no re-resolution
    touch(tmp_path / "later.json", "{}")
    ws.files_changed([tmp_path / "later.json"])
    assert calls == [1]
    assert ("a.js", "later.json", "import") in edges(ws)


def test_sources_are_read_through_their_folders_real_path_and_links_still_checked(tmp_path: Path):
    """The cold build resolves each folder once (`_read_source`), not each file's whole path: a plain file
    and a link to a file inside the roots are read; a folder or a file linked from outside the roots is
    refused as `read_bounded` refuses it."""
    from lsp_server.graph.service import _read_source
    from lsp_server.storage import OutsideRoots

    root, outside = tmp_path / "ws", tmp_path / "outside"
    (root / "src").mkdir(parents=True)
    outside.mkdir()
    (root / "src" / "a.js").write_text("export const a = 1;\n")
    (outside / "secret.js").write_text("export const secret = 1;\n")
    os.symlink(root / "src" / "a.js", root / "src" / "alias.js")
    os.symlink(outside / "secret.js", root / "src" / "leak.js")
    os.symlink(outside, root / "linked")
    roots, folders = [root.resolve()], {}
    assert _read_source(str(root / "src" / "a.js"), 1000, roots, folders) == b"export const a = 1;\n"
    assert _read_source(str(root / "src" / "alias.js"), 1000, roots, folders) == b"export const a = 1;\n"
    for leak in (root / "src" / "leak.js", root / "linked" / "secret.js"):
        try:
            _read_source(str(leak), 1000, roots, folders)
        except OutsideRoots:
            continue
        raise AssertionError(f"{leak} was read")
    assert folders == {str(root / "src"): str((root / "src").resolve()), str(root / "linked"): str(outside.resolve())}


def test_idle_cores_are_the_cores_less_the_threads_runnable_now(tmp_path: Path, monkeypatch):
    """The cold build forks parsers only onto idle cores: counted from the threads runnable at this moment
    (the 1-minute average lags), this one left out, at least this process's own core."""
    from lsp_server.graph import service

    loadavg = tmp_path / "loadavg"
    monkeypatch.setattr(service, "LOADAVG", str(loadavg))
    monkeypatch.setattr(service, "_cores", lambda: 4)
    for line, idle in [("7.50 6.00 5.00 1/120 999", 4),  # a busy average, but only this thread runs now
                       ("0.10 0.10 0.10 3/120 999", 2), ("0.10 0.10 0.10 9/120 999", 1)]:
        loadavg.write_text(line + "\n")
        assert service._idle_cores() == idle, line
    loadavg.write_text("not a load average\n")  # unreadable: the 1-minute average instead
    monkeypatch.setattr(os, "getloadavg", lambda: (2.7, 1.0, 1.0))
    assert service._idle_cores() == 2
