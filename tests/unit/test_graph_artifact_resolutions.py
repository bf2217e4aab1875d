"""An index artifact carries the import graph's resolutions in a form that does not depend on the folder it was
built in, and a checkout in another folder trusts one only when every input it depends on is the same there:
a shadowing file, a changed package.json (`exports`, `main`), a changed tsconfig `paths`, another
`node_modules` layout (a package missing, one installed, one installed above the checkout's root) or a
deleted target each make exactly the affected modules resolve again. Real files in tmp_path, resolver calls
counted through `Resolver.calls`, graphs compared as JSON with a cold build's of the same checkout."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lsp_server.graph.service import ImportGraphService
from lsp_server.graph.store import ANCESTOR, decode_lines, encode_lines
from tests.unit.test_graph_warm_resolutions import (FILES, MODULES, edge_set, graph_json, make_ws, one_shot,
                                                    specifier_count, warm_then_cold, write)

IMPORTING = [rel for rel, text in FILES.items()
             if rel.endswith((".js", ".ts")) and not rel.startswith("node_modules") and "import" in text]


def artifact_of(root: Path) -> bytes:
    """The graph's artifact part, built in checkout `root` (as `footprint-ls index build` does)."""
    make_ws(root)
    graph = ImportGraphService.build(one_shot(root))
    return graph.artifact_part()


def checkout(tmp_path: Path) -> Path:
    """A copy of checkout A in another folder, deeper on the disk (other folders above its root)."""
    target = tmp_path / "b" / "one" / "two" / "repo"
    shutil.copytree(tmp_path / "a" / "repo", target)
    return target


def take(root: Path, part: bytes) -> tuple[dict, ImportGraphService, dict]:
    """`index use` of `part` in `root`, then a start there: (use's counts, the started graph, a cold build's JSON)."""
    counts = ImportGraphService(one_shot(root)).import_artifact(part)
    warm, cold = warm_then_cold(root)
    return counts, warm, cold


def test_resolutions_travel_without_the_folder_and_are_reused(tmp_path: Path):
    part = artifact_of(tmp_path / "a" / "repo")
    assert str(tmp_path).encode() not in part  # nothing in it names the folder it was built in
    header, lines = decode_lines(part)
    assert len(lines) == len(header["modules"]) == MODULES
    assert len(header["resolutions"]["modules"]) == MODULES
    # The search for `left-pad` went up to `/` and found nothing: carried as "absent above the root".
    assert [row for row in header["resolutions"]["inputs"] if row[0].startswith(ANCESTOR)] == \
        [[ANCESTOR + "?node_modules/left-pad", "-"]]
    root = checkout(tmp_path)
    counts, warm, cold = take(root, part)
    assert counts["reused"] == MODULES and counts["resolutions_reused"] == MODULES
    assert counts["resolutions_changed"] == 0
    assert warm.resolver.calls == 0 and warm.stats["resolutions_reused"] == MODULES
    assert graph_json(warm, root) == cold


def _shadow(root: Path) -> None:
    write(root / "src/util.js", "export const helper = 2;\n")  # `./util` now names this file, not util/


def _exports(root: Path) -> None:
    write(root / "node_modules/pkg/package.json", '{"name": "pkg", "exports": {".": "./index.js"}}')


def _main(root: Path) -> None:
    write(root / "src/lib/package.json", '{"main": "./b.js"}')


def _paths(root: Path) -> None:
    config = json.loads((root / "tsconfig.json").read_text())
    config["compilerOptions"]["paths"]["@app/*"] = ["src2/*"]
    write(root / "tsconfig.json", json.dumps(config))


def _not_installed(root: Path) -> None:
    shutil.rmtree(root / "node_modules/pkg")


def _installed(root: Path) -> None:
    write(root / "node_modules/left-pad/package.json", '{"name": "left-pad", "main": "index.js"}')
    write(root / "node_modules/left-pad/index.js", "module.exports = 1;\n")


def _installed_above_the_root(root: Path) -> None:
    _installed(root.parent.parent)  # b/one/node_modules: Node finds it from inside the checkout


def _deleted(root: Path) -> None:
    (root / "src/c.js").unlink()


@pytest.mark.parametrize("change, affected, diff", [
    (_shadow, ["src/main.js"], ({("src/main.js", "src/util/index.js", "import")},
                                {("src/main.js", "src/util.js", "import")})),
    (_exports, ["src/main.js"], (set(), {("src/main.js", "pkg/sub", "unresolved")})),
    (_main, ["src/main.js"], ({("src/main.js", "src/lib/a.js", "import")}, {("src/main.js", "src/lib/b.js", "import")})),
    (_paths, IMPORTING, ({("src/app.ts", "src/x.ts", "import")}, {("src/app.ts", "src2/x.ts", "import")})),
    (_not_installed, ["src/main.js"], ({("src/main.js", "package:pkg", "import")},
                                       {("src/main.js", "pkg", "unresolved"), ("src/main.js", "pkg/sub", "unresolved")})),
    (_installed, ["src/main.js"], ({("src/main.js", "left-pad", "unresolved")},
                                   {("src/main.js", "package:left-pad", "import")})),
    (_installed_above_the_root, ["src/main.js"], ({("src/main.js", "left-pad", "unresolved")},
                                                  {("src/main.js", "package:left-pad", "import")})),
    (_deleted, ["src/b.js", "other/d.js"], ({("src/b.js", "src/c.js", "import"), ("other/d.js", "src/c.js", "import")},
                                            {("src/b.js", "./c.js", "unresolved"),
                                             ("other/d.js", "../src/c.js", "unresolved")})),
], ids=["shadowing-file", "package-exports", "package-main", "tsconfig-paths", "package-not-installed",
        "package-installed", "package-installed-above-the-root", "deleted-target"])
def test_a_changed_resolution_input_is_resolved_again_not_trusted(tmp_path: Path, change, affected, diff):
    part = artifact_of(tmp_path / "a" / "repo")
    before = edge_set(graph_json(ImportGraphService.build(one_shot(tmp_path / "a" / "repo")), tmp_path / "a" / "repo"))
    root = checkout(tmp_path)
    change(root)
    counts, warm, cold = take(root, part)
    assert counts["resolutions_changed"] == len(affected)
    assert counts["resolutions_reused"] + len(affected) == counts["reused"]
    # The start resolves exactly the affected modules' imports, and its graph is a cold build's.
    assert warm.resolver.calls == specifier_count(warm, *affected)
    assert warm.stats["resolutions_reused"] == counts["resolutions_reused"]
    after = edge_set(graph_json(warm, root))
    assert after == edge_set(cold)
    assert (before - after, after - before) == diff


def test_a_resolution_that_found_something_above_the_root_is_not_carried(tmp_path: Path):
    """A package installed above checkout A's root depends on that machine's folders: resolved where used."""
    _installed(tmp_path / "a")
    part = artifact_of(tmp_path / "a" / "repo")
    header, _ = decode_lines(part)
    assert set(header["resolutions"]["modules"]) == {rel for rel in FILES if rel.endswith((".js", ".ts"))
                                                     and not rel.startswith("node_modules")} - {"src/main.js"}
    root = checkout(tmp_path)  # no left-pad above this one
    counts, warm, cold = take(root, part)
    assert counts["resolutions_reused"] == MODULES - 1 and counts["resolutions_changed"] == 0
    assert warm.resolver.calls == specifier_count(warm, "src/main.js")
    assert graph_json(warm, root) == cold
    assert ("src/main.js", "left-pad", "unresolved") in edge_set(cold)


def test_a_malformed_resolutions_section_is_resolved_locally(tmp_path: Path):
    part = artifact_of(tmp_path / "a" / "repo")
    header, lines = decode_lines(part)
    header["resolutions"]["inputs"] = [[7, "x"], ["?/etc/passwd", "f"], ["?../../x", "f"]] + \
        header["resolutions"]["inputs"][3:]
    root = checkout(tmp_path)
    counts, warm, cold = take(root, encode_lines(header, lines))
    assert counts["reused"] == MODULES
    assert counts["resolutions_reused"] + counts["resolutions_changed"] == MODULES
    assert graph_json(warm, root) == cold
