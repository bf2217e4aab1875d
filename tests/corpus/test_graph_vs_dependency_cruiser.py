"""Our import graph against dependency-cruiser's on a real package from the npm registry.

The package is moment's ES module sources (`moment/src`, 249 modules: `lib/` plus 130+ locales, with real
import cycles). Both tools run on the same copy; the edge set (module -> module, and -> node builtins), the
unresolved specifiers, the set of edges that lie on a cycle (dependency-cruiser's `circular: true`) and the
strongly connected components must be equal. Timings of both are printed (`-s` to see them).

Known differences, none of which occurs in this corpus (so the sets are compared exactly):
- dependency-cruiser also reports `import type` / TypeScript-only and AMD/`define` dependencies: we read JS
  imports only (ESM, dynamic import, CommonJS require).
- with no config, dependency-cruiser does not apply `paths`/`baseUrl` from a jsconfig.json (it needs
  `--ts-config`/webpack options for aliases); we always do. moment has no jsconfig.
- dependency-cruiser resolves bare packages to files inside node_modules; we name them `package:NAME`, so
  package edges are compared by package name. moment's sources import no packages.
- we key cycles by strongly connected component and report a shortest cycle per module; dependency-cruiser
  reports one cycle path per circular dependency. Compared here through the edges marked circular, which
  are exactly the edges inside a component.

npm packages are installed once into `~/.cache/footprint-test/graph-compare` (outside git); the test skips
only when npm/node are missing or the registry is unreachable.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from lsp_server.graph.service import ImportGraphService, _tarjan
from lsp_server.workspace import Workspace
from tests.conftest import run_cli

DEPCRUISE_VERSION = "16.10.4"  # the newest line that runs on Node 20 (17+ needs Node 22)
MOMENT_VERSION = "2.30.1"
CACHE = Path(os.environ.get("FOOTPRINT_TEST_CACHE") or Path.home() / ".cache" / "footprint-test") / "graph-compare"


def _install() -> Path:
    if not shutil.which("npm") or not shutil.which("node"):
        pytest.skip("npm/node are not installed: cannot fetch dependency-cruiser and moment from the npm registry")
    marker = CACHE / f"installed-{DEPCRUISE_VERSION}-{MOMENT_VERSION}"
    if not marker.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE / "package.json").write_text('{"name": "footprint-graph-compare", "private": true}\n')
        proc = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error",
             f"dependency-cruiser@{DEPCRUISE_VERSION}", f"moment@{MOMENT_VERSION}"],
            cwd=CACHE, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            if any(s in proc.stderr for s in ("ENOTFOUND", "ECONNREFUSED", "ETIMEDOUT", "EAI_AGAIN", "network")):
                pytest.skip(f"the npm registry is unreachable: {proc.stderr.strip()[-300:]}")
            raise AssertionError(f"npm install failed:\n{proc.stderr}")
        marker.write_text("ok\n")
    return CACHE


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> tuple[Path, Path]:
    cache = _install()
    root = tmp_path_factory.mktemp("moment")
    shutil.copytree(cache / "node_modules" / "moment" / "src", root / "src")
    shutil.copy(cache / "node_modules" / "moment" / "package.json", root / "package.json")
    return cache, root


def test_edges_and_cycles_match_dependency_cruiser(corpus):
    cache, root = corpus
    depcruise = cache / "node_modules" / ".bin" / "depcruise"
    started = time.perf_counter()
    proc = subprocess.run([str(depcruise), "src", "--no-config", "--output-type", "json"], cwd=root,
                          capture_output=True, text=True, timeout=600)
    depcruise_s = time.perf_counter() - started
    assert proc.returncode == 0, proc.stderr
    theirs = json.loads(proc.stdout)

    started = time.perf_counter()
    cli = run_cli("graph", "--json", str(root / "src"), cwd=root)
    ours_s = time.perf_counter() - started
    assert cli.returncode == 0, cli.stderr
    ours = json.loads(cli.stdout)
    print(f"\n{len(ours['modules'])} modules: dependency-cruiser {DEPCRUISE_VERSION} {depcruise_s:.2f}s, "
          f"footprint-ls graph {ours_s:.2f}s (cold, both including process start)")

    def rel(p: str) -> str:  # dependency-cruiser paths are relative to cwd; ours to PATH (src)
        return p[len("src/"):] if p.startswith("src/") else p

    their_modules = {rel(m["source"]) for m in theirs["modules"] if not m.get("coreModule") and not m.get("couldNotResolve")}
    their_edges: set[tuple[str, str]] = set()
    their_circular: set[tuple[str, str]] = set()
    their_unresolved: set[tuple[str, str]] = set()
    for module in theirs["modules"]:
        for dep in module["dependencies"]:
            source = rel(module["source"])
            if dep["couldNotResolve"]:
                their_unresolved.add((source, dep["module"]))
                continue
            target = f"node:{dep['resolved'].removeprefix('node:')}" if dep["coreModule"] else rel(dep["resolved"])
            their_edges.add((source, target))
            if dep.get("circular"):
                their_circular.add((source, target))

    our_edges = {(e["from"], e["to"]) for e in ours["edges"]}
    assert len(ours["modules"]) >= 200
    assert set(ours["modules"]) == their_modules
    assert our_edges - their_edges == set(), "edges only we found"
    assert their_edges - our_edges == set(), "edges only dependency-cruiser found"
    assert {(u["from"], u["specifier"]) for u in ours["unresolved"]} == their_unresolved

    # Cycles: the edges inside our strongly connected components are exactly dependency-cruiser's circular ones.
    graph = Workspace(root).service(ImportGraphService)
    src = root / "src"

    def r(p: str) -> str:
        return Path(os.path.relpath(p, src)).as_posix()

    components = [{r(m) for m in c} for c in graph.sccs.values()]
    component_of = {m: i for i, c in enumerate(components) for m in c}
    our_circular = {(a, b) for a, b in our_edges if a in component_of and component_of.get(b) == component_of[a]}
    assert their_circular, "moment's sources have import cycles: the comparison must cover some"
    print(f"{len(our_edges)} edges, {len(our_circular)} on cycles, {len(components)} cyclic components, "
          f"{len(ours['cycles'])} representative cycles; all equal to dependency-cruiser's")
    assert our_circular == their_circular
    # ... and the components built from their circular edges are ours.
    successors: dict[str, list[str]] = {}
    for a, b in their_circular:
        successors.setdefault(a, []).append(b)
    their_components = {frozenset(c) for c in _tarjan(sorted(successors), lambda n: successors.get(n, []))}
    assert their_components == {frozenset(c) for c in components}
    # Every cycle we print is a real cycle in dependency-cruiser's graph.
    for cycle in ours["cycles"]:
        for i, node in enumerate(cycle):
            assert (node, cycle[(i + 1) % len(cycle)]) in their_edges
