"""Our import graph against dependency-cruiser's on real packages from the npm registry.

The corpora (benchmarks/_depcruise.py, which also holds how both tools are run), each through both tools on
the same copy:
- moment's ES module sources (`moment/src`, 247 modules: `lib/` plus the locales, with real import cycles);
- eslint's CommonJS sources (`eslint/lib`, ~390 modules: require of packages, builtins, JSON, dynamic
  import), resolved against its installed dependencies;
- three.js's ES module sources (`three/src`, ~750 modules);
- TypeScript: rxjs (`rxjs/src`, ~250 `.ts` modules; its `tsconfig.json` `paths`/`baseUrl`, `/// <reference
  path>` directives, type-only imports, cycles) and openai (`openai/src`, ~300 modules; `src/tsconfig.json`,
  `import type`, `import("...")` types, dynamic imports), dependency-cruiser run with the package's tsconfig
  and `--ts-pre-compilation-deps` (type-only imports reported, flagged).

Compared exactly: the module set, the edge set (module -> module, -> `node:NAME` builtins, -> `package:NAME`
for what dependency-cruiser resolves into node_modules), the unresolved specifiers, and the cycle groups:
the strongly connected components of each tool's value edges (type-only edges left out, our default
`type_cycles = false`), which module-to-module edges are type-only, and, for a corpus with no type-only edge,
the edges on a cycle (dependency-cruiser's `circular: true`, exactly the edges inside one of our components).
Timings of both are printed (`pytest -s`); the speed comparison is `python -m benchmarks.graph_vs_depcruise`.

Differences, each listed as data in benchmarks/_depcruise.py and asserted, so a new one fails the test:
- eslint `lib/eslint/eslint-helpers.js` -> `@humanfs/node` (`await import("@humanfs/node")`, line 205, in a
  CommonJS file): only we resolve it; dependency-cruiser lists it as not resolvable. The package's `exports`
  has an `import` condition only, which Node applies to an `import()` wherever it is written (we do too).
  (Without the TypeScript compiler installed, dependency-cruiser 16 parses it with acorn `ecmaVersion: 11`,
  which fails on the ES2021 numeric separators of the file, and its acorn-loose fallback drops the import.)
- Type-only-ness of edges to builtins and packages is not compared: dependency-cruiser keeps one dependency
  per specifier (without `node:`) and type-onlyness, so openai's `typeof import('node:fs/promises')` hides
  its `import('fs/promises')` (a value edge to us).
Not covered by these corpora: dependency-cruiser also reports AMD dependencies and `/// <reference types>`
(we read ESM, dynamic import, CommonJS, `import x = require()`, `/// <reference path>`); without config it
ignores jsconfig `paths` (we apply them); we report one shortest cycle per module per component, it one path
per circular dependency (compared through the components instead).

npm packages are installed once into `~/.cache/footprint-test/graph-compare` (outside git); the test skips
only when npm/node are missing or the registry is unreachable.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks import _depcruise as dc
from lsp_server.graph.service import ImportGraphService
from lsp_server.workspace import Workspace

pytestmark = pytest.mark.slow  # real-world corpora and golden sets (npm fetches, whole packages)


@pytest.fixture(scope="module")
def cache() -> Path:
    try:
        return dc.install()
    except dc.Unavailable as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize("name", sorted(dc.CORPORA))
def test_edges_and_cycles_match_dependency_cruiser(cache: Path, tmp_path: Path, name: str):
    corpus = dc.CORPORA[name]
    root = dc.prepare(corpus, tmp_path)
    their_run, our_run = dc.run_depcruise(corpus, root), dc.run_ours(corpus, root)
    their_data, our_data = their_run.data, our_run.data
    depcruise_s, ours_s = their_run.seconds, our_run.seconds
    theirs, ours = dc.theirs(corpus, their_data), dc.ours(our_data)
    print(f"\n{name}: {len(ours.modules)} modules, {len(ours.edges)} edges, {len(theirs.unresolved)} unresolved; "
          f"dependency-cruiser {dc.DEPCRUISE_VERSION} {depcruise_s:.2f}s, footprint-ls graph {ours_s:.2f}s "
          "(cold, each including its process start)")
    assert len(ours.modules) >= corpus.min_modules
    assert ours.modules == theirs.modules
    assert ours.edges - theirs.edges == corpus.only_ours, "edges only we found"
    assert theirs.edges - ours.edges == corpus.only_theirs, "edges only dependency-cruiser found"
    assert theirs.unresolved - ours.unresolved == corpus.unresolved_only_theirs
    assert ours.unresolved - theirs.unresolved == set()

    graph = Workspace(root).service(ImportGraphService)
    base = root / corpus.folder

    def r(p: str) -> str:
        return Path(os.path.relpath(p, base)).as_posix()

    # The workspace is the whole package: components of its other files (openai's compiled `_vendor/*.js`)
    # are not part of the comparison.
    components = {frozenset(r(m) for m in c) for c in graph.sccs.values()
                  if all(r(m) in ours.modules for m in c)}
    assert bool(components) == corpus.cycles
    internal = {(a, b) for a, b in theirs.edges if b in theirs.modules}
    assert ours.value_edges & internal == theirs.value_edges & internal, "type-only edges differ"
    assert dc.components(theirs.value_edges) == components
    if corpus.tsconfig is not None:
        assert internal - theirs.value_edges, "a TypeScript corpus with no type-only import tests nothing of them"
    if theirs.edges == theirs.value_edges:
        # No type-only edges: the edges inside our strongly connected components are exactly
        # dependency-cruiser's circular ones.
        component_of = {m: i for i, c in enumerate(components) for m in c}
        ours_circular = {(a, b) for a, b in ours.edges if a in component_of and component_of.get(b) == component_of[a]}
        assert ours_circular == theirs.circular
    assert dc.differences(corpus, their_data, our_data) == []  # what the benchmark rows check
    for cycle in our_data["cycles"]:  # every cycle we print is a real cycle in dependency-cruiser's graph
        for i, node in enumerate(cycle):
            assert (node, cycle[(i + 1) % len(cycle)]) in theirs.edges
    print(f"{name}: {len(components)} cyclic components, {len(our_data['cycles'])} representative cycles")

