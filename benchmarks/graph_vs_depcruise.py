"""Import graph, cold, against dependency-cruiser on real packages from the npm registry (issue 19 item 2,
issue 18 item 3): `footprint-ls graph --json` and `depcruise --output-type json` as whole processes on the
same copy of each package, in the same run, alternating, each cold (Footprint with an empty cache folder).

Corpora and tool options: benchmarks/_depcruise.py (three JavaScript packages: moment, eslint, three.js; two
TypeScript ones: rxjs and openai, dependency-cruiser given the package's tsconfig). Each row: the medians of
both tools' wall times, the ratio (theirs / ours), PASS when it is at least 3 (the target; the aim is 10),
and whether both graphs were identical in that run (modules, edges, unresolved specifiers, type-only edges,
cycle groups; a difference is a MISS whatever the ratio). The note holds the CPU times, which do not grow
with the machine's load as wall times do.

`python -m benchmarks.graph_vs_depcruise [--runs N] [--corpora a,b] [--quick]` (--quick: moment and rxjs,
one run each). Packages are installed once with npm into the test cache (see _depcruise.CACHE); without npm
or the registry the module prints one MISS row saying so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks import _depcruise as dc
from benchmarks.common import MISS, PASS, Row, report, smoke

AREA = "graph"
TARGET_RATIO = 3.0


def measure(corpus: dc.Corpus, runs: int) -> Row:
    with tempfile.TemporaryDirectory(prefix="footprint-graph-vs-depcruise-") as tmp:
        root = dc.prepare(corpus, Path(tmp))
        ours: list[dc.Run] = []
        theirs: list[dc.Run] = []
        problems: list[str] = []
        dc.run_ours(corpus, root)  # untimed: Python's bytecode cache, as after `pip install`
        for _ in range(runs):  # alternating, so a change in the machine's load hits both
            theirs.append(dc.run_depcruise(corpus, root))
            ours.append(dc.run_ours(corpus, root))
            problems += [p for p in dc.differences(corpus, theirs[-1].data, ours[-1].data) if p not in problems]
    ours_s = statistics.median(r.seconds for r in ours)
    theirs_s = statistics.median(r.seconds for r in theirs)
    ours_cpu = statistics.median(r.cpu for r in ours)
    theirs_cpu = statistics.median(r.cpu for r in theirs)
    ratio = theirs_s / ours_s if ours_s else None
    modules = len(ours[-1].data["modules"])
    language = "TypeScript" if corpus.tsconfig else "JavaScript"
    note = (f"cpu: ours {ours_cpu:.2f} s, dependency-cruiser {theirs_cpu:.2f} s ({theirs_cpu / ours_cpu:.1f}x); "
            + ("graphs identical" if not problems else "GRAPHS DIFFER: " + "; ".join(problems)))
    return Row(AREA, f"cold vs dependency-cruiser: {corpus.name}/{corpus.folder} ({modules} {language} modules)",
               unit="s", n=runs, median=ours_s, p95=max(r.seconds for r in ours),
               baseline=f"dependency-cruiser {dc.DEPCRUISE_VERSION}", baseline_median=theirs_s, ratio=ratio,
               status=PASS if ratio is not None and ratio >= TARGET_RATIO and not problems else MISS, note=note,
               extra={"target_ratio": TARGET_RATIO, "ours_s": [r.seconds for r in ours],
                      "theirs_s": [r.seconds for r in theirs], "ours_cpu_s": [r.cpu for r in ours],
                      "theirs_cpu_s": [r.cpu for r in theirs], "differences": problems})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--corpora", help="comma-separated names (default: all): " + ", ".join(dc.CORPORA))
    parser.add_argument("--quick", action="store_true", help="moment and rxjs, one run each")
    args = parser.parse_args(argv)
    names = args.corpora.split(",") if args.corpora else list(dc.CORPORA)
    if args.quick:
        # A smoke run (common.smoke) compares moment only: tests/corpus/test_graph_vs_dependency_cruiser.py
        # compares every corpus, rxjs included, in the same test run.
        quick = ("moment",) if smoke() else ("moment", "rxjs")
        names, args.runs = [n for n in quick if n in names] or names[:1], 1
    try:
        dc.install()
    except dc.Unavailable as exc:
        report([Row(AREA, "cold vs dependency-cruiser", status=MISS, note=f"not measured: {exc}")])
        return 0
    rows = [measure(dc.CORPORA[name], args.runs) for name in names]
    report(rows)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: wall times grow with load; "
          "the notes' cpu times do not")
    return 0


if __name__ == "__main__":
    sys.exit(main())
