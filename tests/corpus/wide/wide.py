"""The engine mutation evaluation run wide: over the packages of the two oracles (tsoracle: 39 packages, tsc's
view; jsoracle: 43, Node's runtime view) instead of a dozen hand-picked engines.

The oracles check that names which exist are accepted; this asks the step after: is an invented member name on a
receiver built the way the package's README builds it reported? The method is the engine evaluation's, unchanged
(tests/corpus/engines/engines.py: `readme_snippets` for clean code, `engine_sites` / `make_mutants` for the
mutants, `evaluate` for the figures), applied to each package's README:

- clean code: the JavaScript code blocks of the README (one snippet file each, kept when it parses). A package
  whose README gives fewer than `MIN_FILES` snippet files is skipped and counted (`Result.skipped`).
- mutants: at most `MAX_MUTANTS` per package, an even spread over its mutants in file order (deterministic), so
  the whole run stays near ten minutes of CPU with the npm cache warm.
- installs: a jsoracle package is the jsoracle's own install (cache_root()/npm-jsoracle/NAME, the same spec); a
  tsoracle package gets a folder of its own with its DefinitelyTyped package (cache_root()/npm-wide/NAME: the
  tsoracle's one folder holds all 39 packages, too much to copy into a workspace per package). Nothing fetched
  is committed.
- the split: each oracle's own (tsoracle: sha1 of the name, jsoracle: sha256), with one rule on top: a package
  name either oracle holds out is held out here, in both lists (bluebird and yargs are tsoracle dev but
  jsoracle held-out; luxon and eventemitter3 the other way round): tuning never reads a held-out README.

The TypeScript figure (`typescript=True`, `report --ts`): the same packages, split and mutants, over the
README's TypeScript blocks instead (```ts / typescript / tsx, one .ts or .tsx snippet file each, kept when it
parses), under `[typescript] unknown_symbols = "beyond-tsc"`, the language server's default (an unknown name on
a receiver TypeScript types from typings it finds is left to the editor's TypeScript service: not reported) or,
with `report_all` / `--all`, `"all"`, the default of the CLI, the agent hooks and MCP (Footprint's own check, as
on JavaScript). The workspace states the mode either way: the evaluation runs the checks as the CLI does, with
no TypeScript service beside it, so an unset mode would be "all" in both figures. A receiver declared by the snippet (`const s: Schema = ...`, a parameter with a type annotation) is
typed, as for JavaScript. READMEs give few TypeScript blocks (one or two a package), so a package is measured
from `MIN_TS_FILES` file.

`python -m tests.corpus.wide.report [--set-aside] [--ts [--all]] [-v] [--package NAME]`; the slow test is test_wide.py.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.corpus.engines import engines as E
from tests.corpus.jsoracle import jsoracle as J
from tests.corpus.jsoracle.packages import PACKAGES as JS_PACKAGES
from tests.corpus.jsoracle.packages import Package as JsPackage
from tests.corpus.tsoracle import tsoracle as T
from tests.support.npm_cache import cache_root, npm_install

MIN_FILES = 3  # a README with fewer snippet files says too little to measure
MIN_TS_FILES = 1  # the TypeScript figure: a README rarely has more than one TypeScript block
MAX_MUTANTS = 60  # per package: 82 packages in about ten minutes of CPU
TS_REPORT_ALL = '\n[typescript]\nunknown_symbols = "all"\n'  # the TypeScript figure's `report_all`
TS_BEYOND_TSC = '\n[typescript]\nunknown_symbols = "beyond-tsc"\n'  # and without it: the editor's view
README = re.compile(r"^readme(\.(md|markdown))?$", re.I)


def _held_out_by_either(name: str) -> bool:
    """Held out by an oracle that lists the name (each oracle's own split, and the stricter where both list it)."""
    return (name in {p.name for p in T.PACKAGES} and T.held_out(name)) or \
        any(p.name == name and p.held_out for p in JS_PACKAGES)


@dataclass(frozen=True)
class WidePackage:
    oracle: str  # tsoracle | jsoracle
    name: str
    version: str
    style: str
    types: str = ""  # the DefinitelyTyped package installed beside it (tsoracle)

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def held_out(self) -> bool:
        return _held_out_by_either(self.name)

    @property
    def label(self) -> str:
        return f"{'ts' if self.oracle == 'tsoracle' else 'js'}:{self.spec}"


PACKAGES = [WidePackage("tsoracle", p.name, p.version, p.style, p.types) for p in T.PACKAGES] + \
    [WidePackage("jsoracle", p.name, p.version, p.shape) for p in JS_PACKAGES]


def packages(part: str = "dev") -> list[WidePackage]:
    """`dev`, `held-out` or `all`."""
    return [p for p in PACKAGES if part == "all" or p.held_out == (part == "held-out")]


def install(pkg: WidePackage) -> Path:
    if pkg.oracle == "jsoracle":
        return J.install(JsPackage(pkg.name, pkg.version, pkg.style))
    specs = [pkg.spec, *([pkg.types] if pkg.types else [])]
    return npm_install(cache_root() / "npm-wide" / pkg.name.replace("/", "+"), specs)


def readme_name(base: Path) -> str | None:
    names = sorted(p.name for p in base.iterdir() if p.is_file() and README.match(p.name)) if base.is_dir() else []
    return names[0] if names else None


def engine_of(pkg: WidePackage, root: Path) -> E.Engine | None:
    doc = readme_name(root / "node_modules" / pkg.name)
    if doc is None:
        return None
    return E.Engine(pkg.name, pkg.version, pkg.style, extra=(pkg.types,) if pkg.types else (), docs=(doc,))


@dataclass
class Result:
    package: WidePackage
    report: E.EngineReport | None = None
    skipped: str = ""  # why the package was not measured
    seconds: float = 0.0
    package_layout: list[str] = field(default_factory=list)  # README imports by relative path (its own layout)


def evaluate(pkg: WidePackage, work: Path, max_mutants: int = MAX_MUTANTS, typescript: bool = False,
             report_all: bool = False, comments: bool = False) -> Result:
    """The package's figures over its README's JavaScript blocks, or with `typescript` its TypeScript blocks.
    `report_all`: the workspace says `[typescript] unknown_symbols = "all"` (Footprint's own check on .ts, as on
    JavaScript: the CLI's, hooks' and MCP's default), instead of "beyond-tsc" (a name TypeScript reports itself
    is left to it: the language server's default).
    `comments` (JavaScript only): the engine evaluation's whole corpus, the README's blocks and the examples of
    the package's doc comments (`E.comment_snippets`: `@example` blocks and fenced code, typings first), so a
    package whose README shows little code is measured too."""
    started = time.process_time()
    root = install(pkg)
    engine = engine_of(pkg, root)
    if engine is None:
        return Result(pkg, skipped="no README in the package")
    files = E.readme_snippets(root, engine, typescript=typescript)
    if comments and not typescript:
        files.update(E.comment_snippets(root, engine))
    if len(files) < (MIN_TS_FILES if typescript else MIN_FILES):
        return Result(pkg, skipped=f"{'README and doc comments give' if comments and not typescript else 'README gives'} "
                                  f"{len(files)} {'TypeScript ' if typescript else ''}snippet file(s)")
    report = E.evaluate(engine, work / (pkg.oracle + ("-ts" if typescript else "")), max_mutants=max_mutants,
                        pkg_root=root, files=files,
                        config=(TS_REPORT_ALL if report_all else TS_BEYOND_TSC) if typescript else "")
    # a README's import by relative path is its own layout: listed apart by the engine evaluation
    # (E.RELATIVE_SPECIFIER), not a false positive
    return Result(pkg, report, seconds=time.process_time() - started, package_layout=report.package_layout)




@dataclass
class Totals:
    packages: int = 0
    skipped: int = 0
    files: int = 0
    mutants: int = 0
    found: int = 0
    typed: int = 0
    typed_found: int = 0
    untyped: int = 0
    untyped_found: int = 0
    top1: int = 0
    fp: int = 0
    stray: int = 0

    @staticmethod
    def of(results: list[Result]) -> "Totals":
        t = Totals()
        for r in results:
            if r.report is None:
                t.skipped += 1
                continue
            e = r.report
            t.packages += 1
            t.files += e.files
            t.mutants += e.total
            t.found += e.found
            t.typed += e.mutants["typed"]
            t.typed_found += e.hits["typed"]
            t.untyped += e.mutants["untyped"]
            t.untyped_found += e.hits["untyped"]
            t.top1 += e.top1
            t.fp += len(e.false_positives)
            t.stray += len(e.stray)
        return t

    @property
    def recall(self) -> float:
        return self.found / self.mutants if self.mutants else 0.0

    @property
    def dym(self) -> float:
        return self.top1 / self.found if self.found else 0.0

    def line(self, label: str) -> str:
        def part(h, n):
            return f"{h / n if n else 0:>6.1%} {h:>4}/{n:<4}"
        return (f"{label:<34} {self.files:>5} {self.mutants:>7} {self.recall:>7.1%} {part(self.typed_found, self.typed)} "
                f"{part(self.untyped_found, self.untyped)} {self.dym:>6.1%} {self.fp:>4} {self.stray:>5}"
                f"   ({self.packages} packages measured, {self.skipped} skipped)")


HEAD = (f"{'package':<34} {'files':>5} {'mutants':>7} {'recall':>7} {'typed':>15} {'untyped':>15} {'dym':>6} "
        f"{'FP':>4} {'stray':>5}")


def table(results: list[Result]) -> str:
    lines = [HEAD, "-" * len(HEAD)]
    for r in results:
        if r.report is None:
            lines.append(f"{r.package.label:<34} skipped: {r.skipped}")
            continue
        e = r.report

        def part(kind):
            return f"{e.rate(kind):>6.1%} {e.hits[kind]:>4}/{e.mutants[kind]:<4}"
        lines.append(f"{r.package.label:<34} {e.files:>5} {e.total:>7} {e.rate():>7.1%} {part('typed')} "
                     f"{part('untyped')} {e.dym:>6.1%} {len(e.false_positives):>4} {len(e.stray):>5}")
    lines.append("-" * len(HEAD))
    for oracle in ("tsoracle", "jsoracle"):
        mine = [r for r in results if r.package.oracle == oracle]
        if mine:
            lines.append(Totals.of(mine).line(f"total {oracle}"))
    lines.append(Totals.of(results).line("TOTAL"))
    layout = sum(len(r.package_layout) for r in results)
    if layout:
        lines.append(f"(listed apart, not false positives: {layout} unresolved README import(s) by relative path)")
    return "\n".join(lines)
