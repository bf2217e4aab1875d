"""The engine mutation evaluation over the oracles' packages' READMEs (tests/corpus/wide/wide.py), dev part: no
finding on any README's clean code, nothing away from the invented name in a mutated copy, and recall at least
the measured dev figure less a margin. Fetched at test time into the test cache (never committed); skipped only
when npm or the registry cannot be reached. The held-out part is not run here: `python -m
tests.corpus.wide.report --set-aside` prints its totals (docs/evaluation.md records them)."""

from __future__ import annotations

import shutil

import pytest

from tests.corpus.wide import wide as W
from tests.support.npm_cache import Unavailable

pytestmark = pytest.mark.slow

# docs/evaluation.md ("The mutation evaluation over the oracles' packages"): dev recall 67.7% before the round's
# fixes, 77.7% after them, 85.9% after the second pass (untyped 526/620, 84.8%; did-you-mean 98.9%), 87.9% after
# round 10's form-independent vocabulary check (untyped 535/620, 86.3%), 89.6% after round 11's (a declared
# dependency is an engine, re-exports named by their export, names the docs use undeclared: untyped 547/620,
# 88.2%); the floors leave room for a few mutants (recall 16, untyped 14), not for the larger fixes to be undone.
RECALL_FLOOR = 0.88
UNTYPED_FLOOR = 0.86
DYM_FLOOR = 0.95


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed: the packages cannot be fetched")
    work = tmp_path_factory.mktemp("wide")
    try:
        return [W.evaluate(p, work) for p in W.packages("dev")]
    except Unavailable as exc:
        pytest.skip(f"the npm registry is unreachable: {exc}")


def test_no_finding_on_any_readme_s_clean_code(results, capsys):
    with capsys.disabled():
        print("\n" + W.table(results))
    measured = [r for r in results if r.report is not None]
    assert len(measured) >= 20, "too few packages measured: the READMEs gave too little code"
    raised = [f"{r.package.label}: {f}" for r in measured for f in r.report.check_failures]
    assert raised == [], "a check raised (its findings are lost):\n" + "\n".join(raised[:10])
    fp = [f"{r.package.label}: {f}" for r in measured for f in r.report.false_positives]
    assert fp == [], "\n".join(fp)
    stray = [f"{r.package.label}: {f}" for r in measured for f in r.report.stray]
    assert stray == [], "\n".join(stray[:20])


def test_recall_stays_at_the_dev_figure(results):
    t = W.Totals.of(results)
    assert t.mutants > 800, "too few mutants to measure"
    assert t.recall >= RECALL_FLOOR, W.table(results)
    assert t.untyped_found / t.untyped >= UNTYPED_FLOOR, W.table(results)
    assert t.dym >= DYM_FLOOR, W.table(results)


# The TypeScript figure (docs/evaluation.md, "The TypeScript figure"): the dev READMEs' TypeScript blocks give
# 4 files and 26 mutants, all on typed receivers; under `[typescript] unknown_symbols = "all"` 16 are found
# (61.5%: mongodb's 10 are on a README fragment that never imports the package, so no model was built); since
# round 11 the workspace declares the package in its package.json, which builds the model: 26/26 (100%). The
# default of the CLI, hooks and MCP. The language server's ("beyond-tsc") leaves typed receivers to the editor's
# TypeScript service: its figure is precision only. Both modes are set explicitly (wide.evaluate).
TS_RECALL_FLOOR = 0.9


@pytest.fixture(scope="module")
def ts_results(tmp_path_factory):
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed: the packages cannot be fetched")
    work = tmp_path_factory.mktemp("wide-ts")
    try:
        return {mode: [W.evaluate(p, work / mode, typescript=True, report_all=mode == "all")
                       for p in W.packages("dev")] for mode in ("beyond-tsc", "all")}
    except Unavailable as exc:
        pytest.skip(f"the npm registry is unreachable: {exc}")


def test_no_finding_on_any_readme_s_clean_typescript(ts_results, capsys):
    for mode, results in ts_results.items():
        with capsys.disabled():
            print(f"\nTypeScript blocks ({mode}):\n" + W.table(results))
        measured = [r for r in results if r.report is not None]
        assert len(measured) >= 4, "too few packages measured: the READMEs gave too little TypeScript"
        raised = [f"{r.package.label}: {f}" for r in measured for f in r.report.check_failures]
        assert raised == [], f"{mode}: a check raised:\n" + "\n".join(raised[:10])
        fp = [f"{r.package.label}: {f}" for r in measured for f in r.report.false_positives]
        assert fp == [], f"{mode}:\n" + "\n".join(fp)
        stray = [f"{r.package.label}: {f}" for r in measured for f in r.report.stray]
        assert stray == [], f"{mode}:\n" + "\n".join(stray[:20])


def test_typescript_recall_stays_at_the_dev_figure(ts_results):
    t = W.Totals.of(ts_results["all"])
    assert t.mutants >= 20, "too few TypeScript mutants to measure"
    assert t.recall >= TS_RECALL_FLOOR, W.table(ts_results["all"])
    assert t.dym >= DYM_FLOOR, W.table(ts_results["all"])


def test_the_split_keeps_each_oracle_s_held_out_names_out_of_dev():
    from tests.corpus.jsoracle.packages import PACKAGES as JS
    from tests.corpus.tsoracle import tsoracle as T

    dev = {p.name for p in W.packages("dev")}
    assert not dev & {p.name for p in T.packages("held-out")}
    assert not dev & {p.name for p in JS if p.held_out}
    assert len(W.packages("all")) == len(T.PACKAGES) + len(JS)
