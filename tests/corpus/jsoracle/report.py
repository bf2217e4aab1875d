"""Print the JavaScript runtime oracle's table: `python -m tests.corpus.jsoracle.report`.

    --held-out      the held-out third only (its figures are reported apart; tuning never looks at it)
    --all           dev and held-out, each with its own table
    --package NAME  that package only
    -v              list the names Footprint would flag, and the sides it does not close, per package
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tests.corpus.jsoracle import jsoracle as J
from tests.corpus.jsoracle.packages import PACKAGES


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--held-out", action="store_true")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--package")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args(argv)
    groups = [("dev", False), ("HELD-OUT", True)] if args.all else [("HELD-OUT" if args.held_out else "dev",
                                                                       args.held_out)]
    with tempfile.TemporaryDirectory() as tmp:
        for label, held in groups:
            chosen = [p for p in PACKAGES if (p.name == args.package if args.package else p.held_out == held)]
            reports = []
            for pkg in chosen:
                r = J.evaluate(pkg, Path(tmp))
                reports.append(r)
                if args.v and not r.error:
                    if r.flagged:
                        print(f"\n{pkg.name} FP-risk ({len(r.flagged)}):", *r.flagged, sep="\n  ")
                    lost = [f"{s.label} [{s.status}] {len(s.known)}/{len(s.runtime)} missing: "
                            f"{', '.join(sorted(set(s.runtime) - set(s.known))[:12])}"
                            for s in r.sides if s.status != "closed" or len(s.known) < len(s.runtime)]
                    if lost:
                        print(f"\n{pkg.name} sides not closed or not agreeing ({len(lost)}):", *lost, sep="\n  ")
            print(f"\n{label} packages: JavaScript reader vs the runtime (no typings)")
            print(J.table(reports))
            if args.package:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
