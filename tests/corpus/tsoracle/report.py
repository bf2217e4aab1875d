"""`python -m tests.corpus.tsoracle.report [--part dev|held-out|all] [-v] [--only NAME...]`: Footprint's object
model against TypeScript's own view of each package (see tsoracle.py), one row per package: exports, closed and
open receiver sides, agreement (closed sides where Footprint flags the invented member and no real one), real
member reads probed, false-positive risks. -v lists each risk and each closed side lost."""

from __future__ import annotations

import argparse
import sys
import time

from tests.corpus.tsoracle import tsoracle


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.corpus.tsoracle.report")
    ap.add_argument("--part", choices=("dev", "held-out", "all"), default="dev")
    ap.add_argument("--only", nargs="*", default=None, help="package names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        root = tsoracle.install()
    except tsoracle.Unavailable as exc:
        print(f"skipped: {exc}")
        return 0
    chosen = [p for p in tsoracle.packages(args.part) if not args.only or p.name in args.only]
    reports = []
    for pkg in chosen:
        started = time.perf_counter()
        rep = tsoracle.evaluate(pkg, root)
        reports.append(rep)
        print(f"{pkg.name}: {time.perf_counter() - started:.1f}s", file=sys.stderr)
        if args.verbose:
            for risk in rep.fp_risk:
                print(f"  FP risk  {pkg.name}: {risk}")
            for lost in rep.lost:
                print(f"  lost     {pkg.name}: {lost}")
    print(f"part: {args.part}")
    print(tsoracle.table(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
