"""Print the per-engine table (and the how-to retrieval table): `python -m tests.corpus.engines.report`.

    --set-aside   run the set-aside engine and questions only (the untouched figures, for the final report)
    -v            list misses, wrong did-you-means and false positives
    --engine NAME only that engine (its how-to questions only, ranked against every package's docs)
    --no-howto / --no-symbols
    --node-objects  also count mutants on objects of Node's own modules (round 2's oracle did)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.corpus.engines import engines as E


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set-aside", action="store_true")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--engine")
    ap.add_argument("--no-howto", action="store_true")
    ap.add_argument("--no-symbols", action="store_true")
    ap.add_argument("--node-objects", action="store_true")
    args = ap.parse_args(argv)
    chosen = [e for e in E.ENGINES if e.set_aside == args.set_aside and (not args.engine or e.name == args.engine)]
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_symbols:
            reports = []
            for engine in chosen:
                r = E.evaluate(engine, Path(tmp), node_objects_too=args.node_objects)
                reports.append(r)
                if args.v:
                    for label, items in (("checks that raised", r.check_failures),
                                         ("false positives", r.false_positives), ("deprecated uses", r.deprecated_uses),
                                         ("listed apart: README imports by relative path", r.package_layout),
                                         ("stray", r.stray),
                                         ("wrong did-you-mean", r.wrong_dym), ("missed", r.missed)):
                        if items:
                            print(f"\n{engine.name} {label} ({len(items)}):", *items, sep="\n  ")
            print(("SET-ASIDE " if args.set_aside else "") + "check_symbols / unknown-symbol per engine")
            print(E.table(reports))
            for r in reports:
                if r.check_failures:
                    print(f"{r.engine.spec}: a check raised on {len(r.check_failures)} file(s): findings there are lost")
            for r in reports:
                cats = ", ".join(f"{c} {h}/{t}" for c, (t, h) in sorted(r.by_category.items()))
                left_out = f" (left out: {r.node_object_mutants} on Node's own objects)" if r.node_object_mutants else ""
                print(f"  {r.engine.name}: {cats}{left_out}  [{r.engine.style}]")
        if not args.no_howto:
            from tests.corpus.engines import howto

            print()
            print(howto.report(Path(tmp), set_aside=args.set_aside, verbose=args.v, package=args.engine))
    return 0


if __name__ == "__main__":
    sys.exit(main())
