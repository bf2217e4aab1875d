"""Real packages from the npm registry run through dependency-cruiser and `footprint-ls graph`: the shared
part of `benchmarks/graph_vs_depcruise.py` (timings) and tests/corpus/test_graph_vs_dependency_cruiser.py
(equality).

Everything is installed once with npm into `$FOOTPRINT_TEST_CACHE/graph-compare` (default
`~/.cache/footprint-test/graph-compare`, outside git): dependency-cruiser, the TypeScript compiler it parses
`.ts` with, and the corpora. Each corpus is copied to a scratch folder (its `node_modules` a link to the
installed dependencies) and both tools run there as whole processes, cold: dependency-cruiser with no
cache, Footprint with an empty cache folder.

dependency-cruiser's options, chosen to match the graph's semantics:
- `--no-config --do-not-follow node_modules`: the package's own modules; packages are leaves;
- `--ts-pre-compilation-deps`: type-only imports (of TypeScript corpora, and of the `.d.ts` files some
  JavaScript packages ship) are reported (flagged `type-only`, or `type-import` for `import("./x").T`) as
  our edges of kind `type` are, instead of being dropped with the imports TypeScript elides. It decides
  type-onlyness by syntax alone; we also count every import of a `.d.ts` file as type-only (a declaration
  file emits nothing), and the comparison applies that rule to its edges too;
- TypeScript corpora: `--ts-config` the package's published tsconfig (the `paths`/`baseUrl`/`extends` we
  apply too). Cycle groups are compared without those edges (our default, `type_cycles =
  false`): their strongly connected components are computed from their value edges.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.common import file_lock

REPO = Path(__file__).resolve().parent.parent
DEPCRUISE_VERSION = "16.10.4"  # the newest line that runs on Node 20 (17+ needs Node 22)
TYPESCRIPT_VERSION = "5.9.3"  # what dependency-cruiser parses .ts with (it supports >=2 <6)
CACHE = Path(os.environ.get("FOOTPRINT_TEST_CACHE") or Path.home() / ".cache" / "footprint-test") / "graph-compare"
NETWORK_ERRORS = ("ENOTFOUND", "ECONNREFUSED", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET")
# dependency-cruiser's dependency types that only types need (erased from the emitted JavaScript).
TYPE_DEPENDENCY_TYPES = {"type-only", "type-import", "triple-slash-directive"}


@dataclass(frozen=True)
class Corpus:
    name: str
    package: str  # npm spec
    folder: str  # the sources, relative to the package root
    min_modules: int
    cycles: bool  # whether it has import cycles (value edges)
    tsconfig: str | None = None  # relative to the package root: a TypeScript corpus
    # Known differences (source, target), explained in the test's docstring; a new one fails the test.
    only_ours: frozenset = frozenset()
    only_theirs: frozenset = frozenset()
    unresolved_only_theirs: frozenset = frozenset()  # (source, specifier)

    @property
    def directory(self) -> str:
        return self.package.rpartition("@")[0] if self.package.count("@") > (self.package[0] == "@") else self.package


CORPORA = {c.name: c for c in [
    Corpus("moment", "moment@2.30.1", "src", 200, True),
    Corpus("eslint", "eslint@9.39.5", "lib", 300, False,
           only_ours=frozenset({("eslint/eslint-helpers.js", "package:@humanfs/node")}),
           unresolved_only_theirs=frozenset({("eslint/eslint-helpers.js", "@humanfs/node")})),
    Corpus("three", "three@0.187.0", "src", 500, False),
    Corpus("rxjs", "rxjs@7.8.2", "src", 200, True, tsconfig="tsconfig.json"),
    Corpus("openai", "openai@6.49.0", "src", 250, True, tsconfig="src/tsconfig.json"),
]}
JS_CORPORA = [n for n, c in CORPORA.items() if c.tsconfig is None]
TS_CORPORA = [n for n, c in CORPORA.items() if c.tsconfig is not None]


class Unavailable(Exception):
    """npm/node missing or the registry unreachable: the comparison cannot run here."""


def install() -> Path:
    if not shutil.which("npm") or not shutil.which("node"):
        raise Unavailable("npm/node are not installed: cannot fetch dependency-cruiser and the corpora")
    packages = [f"dependency-cruiser@{DEPCRUISE_VERSION}", f"typescript@{TYPESCRIPT_VERSION}",
                *(c.package for c in CORPORA.values())]
    marker = CACHE / ("installed-" + "-".join(p.replace("/", "_") for p in packages))
    if marker.exists():
        return CACHE
    with file_lock(CACHE):  # parallel test workers and benchmark runs: one installs, the others wait for it
        _install(packages, marker)
    return CACHE


def _install(packages: list[str], marker: Path) -> None:
    if not marker.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE / "package.json").write_text('{"name": "footprint-graph-compare", "private": true}\n')
        proc = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error",
                               *packages], cwd=CACHE, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            if any(s in proc.stderr for s in NETWORK_ERRORS):
                raise Unavailable(f"the npm registry is unreachable: {proc.stderr.strip()[-300:]}")
            raise RuntimeError(f"npm install failed:\n{proc.stderr}")
        marker.write_text("ok\n")


def prepare(corpus: Corpus, into: Path) -> Path:
    """A scratch copy of the installed package (its dependencies linked), returned as its root."""
    root = into / corpus.name
    shutil.copytree(CACHE / "node_modules" / corpus.directory, root, ignore=shutil.ignore_patterns("node_modules"))
    (root / "node_modules").symlink_to(CACHE / "node_modules")
    return root


def depcruise_command(corpus: Corpus) -> tuple[list[str], str]:
    """(argv, cwd relative to the package root). A tsconfig is given from its own folder, where its
    `include` globs are relative to (openai's `src/tsconfig.json` includes `index.ts`)."""
    exe = str(CACHE / "node_modules" / ".bin" / "depcruise")
    common = ["--no-config", "--do-not-follow", "node_modules", "--output-type", "json", "--ts-pre-compilation-deps"]
    if corpus.tsconfig is None:
        return [exe, corpus.folder, *common], "."
    cwd = os.path.dirname(corpus.tsconfig) or "."
    folder = os.path.relpath(corpus.folder, cwd)
    return [exe, folder, *common, "--ts-config", os.path.basename(corpus.tsconfig)], cwd


def children_cpu() -> float:
    """CPU seconds of the finished child processes (and theirs) so far: unlike wall time, it does not grow
    when other work shares the machine."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    data: dict
    seconds: float  # wall
    cpu: float  # user + system of the process and the processes it waited for


def _timed(argv: list[str], cwd: Path, env: dict | None, what: str) -> Run:
    cpu, started = children_cpu(), time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    seconds, cpu = time.perf_counter() - started, children_cpu() - cpu
    if proc.returncode != 0:
        raise RuntimeError(f"{what} failed: {proc.stderr[-2000:]}")
    return Run(json.loads(proc.stdout), seconds, cpu)


def run_depcruise(corpus: Corpus, root: Path) -> Run:
    argv, cwd = depcruise_command(corpus)
    return _timed(argv, root / cwd, None, f"dependency-cruiser on {corpus.name}")


def run_ours(corpus: Corpus, root: Path) -> Run:
    """`footprint-ls graph --json` as a whole process, with an empty cache folder (cold). Python's bytecode
    is cached (in this harness's cache folder, not beside the sources) as it is for an installed package:
    `pip install` compiles it, so an environment's PYTHONDONTWRITEBYTECODE would otherwise time Python
    compiling our modules on every run rather than the graph."""
    with tempfile.TemporaryDirectory(prefix="footprint-graph-cold-") as cache:
        env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "XDG_CACHE_HOME": cache,
               "PYTHONPYCACHEPREFIX": str(CACHE / "pycache"),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        return _timed([sys.executable, "-m", "lsp_server", "graph", "--json", str(root / corpus.folder)], root, env,
                      f"footprint-ls graph on {corpus.name}")


def _package_of(resolved: str) -> str:
    match = re.search(r".*node_modules/((?:@[^/]+/)?[^/]+)", resolved)
    assert match, resolved
    return f"package:{match.group(1)}"


@dataclass
class Graph:
    """One tool's graph of a corpus, paths relative to the corpus folder."""

    modules: set[str] = field(default_factory=set)
    edges: set[tuple[str, str]] = field(default_factory=set)
    value_edges: set[tuple[str, str]] = field(default_factory=set)  # edges with a non-type-only import
    unresolved: set[tuple[str, str]] = field(default_factory=set)
    circular: set[tuple[str, str]] = field(default_factory=set)  # dependency-cruiser's `circular` flags


def theirs(corpus: Corpus, data: dict) -> Graph:
    cwd = os.path.dirname(corpus.tsconfig or "") if corpus.tsconfig else ""
    folder = os.path.relpath(corpus.folder, cwd or ".")

    def rel(path: str) -> str:  # theirs: relative to their cwd; ours: relative to the corpus folder
        if "node_modules/" in path:
            return _package_of(path)
        if folder == ".":
            return path
        return path[len(folder) + 1:] if path.startswith(folder + "/") else "../" + path

    graph = Graph()
    for module in data["modules"]:
        if folder != "." and not module["source"].startswith(folder + "/"):
            continue
        if module.get("coreModule") or module.get("couldNotResolve") or "node_modules/" in module["source"]:
            continue  # a target listed as a module of its own
        source = rel(module["source"])
        graph.modules.add(source)
        for dep in module["dependencies"]:
            if dep["couldNotResolve"]:
                graph.unresolved.add((source, dep["module"]))
                continue
            target = f"node:{dep['resolved'].removeprefix('node:')}" if dep["coreModule"] else rel(dep["resolved"])
            graph.edges.add((source, target))
            if not TYPE_DEPENDENCY_TYPES & set(dep.get("dependencyTypes") or ()) and not source.endswith(".d.ts"):
                graph.value_edges.add((source, target))
            if dep.get("circular"):
                graph.circular.add((source, target))
    return graph


def ours(data: dict) -> Graph:
    graph = Graph(modules=set(data["modules"]))
    for e in data["edges"]:
        graph.edges.add((e["from"], e["to"]))
        if e["kind"] != "type":
            graph.value_edges.add((e["from"], e["to"]))
    graph.unresolved = {(u["from"], u["specifier"]) for u in data["unresolved"]}
    return graph


def differences(corpus: Corpus, their_data: dict, our_data: dict) -> list[str]:
    """What differs between the two graphs beyond the corpus's known differences (empty: identical modules,
    edges, unresolved specifiers, type-only edges between modules, and cycle groups)."""
    theirs_, ours_ = theirs(corpus, their_data), ours(our_data)
    out = []
    if theirs_.modules != ours_.modules:
        out.append(f"modules: {len(ours_.modules ^ theirs_.modules)} in one graph only")
    if ours_.edges - theirs_.edges != corpus.only_ours or theirs_.edges - ours_.edges != corpus.only_theirs:
        out.append(f"edges: {sorted((ours_.edges ^ theirs_.edges) - corpus.only_ours - corpus.only_theirs)[:5]}")
    if theirs_.unresolved - ours_.unresolved != corpus.unresolved_only_theirs or ours_.unresolved - theirs_.unresolved:
        out.append("unresolved specifiers differ")
    internal = {(a, b) for a, b in theirs_.edges if b in theirs_.modules}
    if ours_.value_edges & internal != theirs_.value_edges & internal:
        out.append("type-only edges differ")
    inside = {(a, b) for a, b in ours_.value_edges if b in ours_.modules}
    if components(inside) != components(theirs_.value_edges & internal):
        out.append("cycle groups differ")
    return out


def components(edges: set[tuple[str, str]]) -> set[frozenset[str]]:
    """The cyclic strongly connected components of an edge set."""
    from lsp_server.graph.service import _tarjan

    successors: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        successors.setdefault(a, []).append(b)
    return {frozenset(c) for c in _tarjan(sorted(successors), lambda n: successors.get(n, []))}
