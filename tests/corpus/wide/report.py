"""Print the wide mutation evaluation's table (tests/corpus/wide/wide.py): `python -m tests.corpus.wide.report`.

    --set-aside     the held-out packages only (their figures are reported apart; tuning never reads them)
    --ts            the TypeScript figure: the READMEs' TypeScript blocks as .ts / .tsx snippet files
    --all           with --ts: `[typescript] unknown_symbols = "all"` (the CLI's, hooks' and MCP's default)
                    instead of "beyond-tsc" (the language server's default, beside the editor's TypeScript)
    --comments      JavaScript: the doc comments' examples too (the engine evaluation's corpus), not the README only
    -v              list false positives, stray findings, wrong did-you-means and misses per package
    --package NAME  that package only (in whichever oracle lists it, within the chosen part)
    --max-mutants N per package (default wide.MAX_MUTANTS)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from tests.corpus.wide import wide as W
from tests.support.npm_cache import Unavailable


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.corpus.wide.report")
    ap.add_argument("--set-aside", action="store_true")
    ap.add_argument("--ts", action="store_true")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--comments", action="store_true")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--package")
    ap.add_argument("--max-mutants", type=int, default=W.MAX_MUTANTS)
    args = ap.parse_args(argv)
    chosen = [p for p in W.packages("held-out" if args.set_aside else "dev")
              if not args.package or p.name == args.package]
    if args.package and not chosen:
        print(f"error: {args.package} is not a {'held-out' if args.set_aside else 'dev'} package of the oracles")
        return 2
    started = time.process_time()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for pkg in chosen:
            try:
                r = W.evaluate(pkg, Path(tmp), max_mutants=args.max_mutants, typescript=args.ts,
                               report_all=args.all, comments=args.comments)
            except Unavailable as exc:
                print(f"skipped: {exc}")
                return 0
            results.append(r)
            print(f"{pkg.label}: {r.seconds:.1f}s CPU{' (' + r.skipped + ')' if r.skipped else ''}", file=sys.stderr)
            if args.v and r.report is not None:
                e = r.report
                for label, items in (("false positives", e.false_positives), ("deprecated uses", e.deprecated_uses),
                                     ("README imports by relative path (listed apart)", r.package_layout),
                                     ("stray", e.stray), ("wrong did-you-mean", e.wrong_dym), ("missed", e.missed)):
                    if items:
                        print(f"\n{pkg.label} {label} ({len(items)}):", *items, sep="\n  ")
    print(("SET-ASIDE (held-out) " if args.set_aside else "dev ") +
          f"packages: check_symbols / unknown-symbol on README {'TypeScript ' if args.ts else ''}snippets"
          f"{' and doc-comment examples' if args.comments and not args.ts else ''}"
          f"{(' ([typescript] unknown_symbols = all)' if args.all else ' ([typescript] unknown_symbols = beyond-tsc)') if args.ts else ''} and "
          f"single-mutation copies "
          f"(at most {args.max_mutants} mutants a package)")
    print(W.table(results))
    print(f"CPU {time.process_time() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
