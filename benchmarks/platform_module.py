"""Benchmark the platform module (`lsp_server/knowledge/model_sources/platform.py`: TypeScript's ECMAScript lib
and lib.dom, ~850 KB of declarations): what the first process to need a platform type pays, parsing it, against
reading back the persisted module (a signed pickle keyed by the data's hash and the reader's version). CPU time,
each in a fresh state of the module; the ratio is parse / persisted load (target: the load costs at most a
quarter of the parse, ratio >= 4).

    python -m benchmarks.platform_module [--quick]
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from benchmarks.common import MISS, PASS, Row, arg_parser, report

TARGET_RATIO = 4.0


def main(argv: list[str] | None = None) -> int:
    args = arg_parser(__doc__.splitlines()[0]).parse_args(argv)
    runs = 2 if args.quick else 5
    with tempfile.TemporaryDirectory(prefix="footprint-platform-") as tmp:
        os.environ["XDG_CACHE_HOME"] = tmp  # a cache of this run's own
        from lsp_server.knowledge.model_sources import platform

        platform._cache_key()  # the reader's version: worked out once per process, by any cache, not measured
        parse, load = [], []
        for _ in range(runs):
            t = time.process_time()
            mod = platform._read()
            parse.append((time.process_time() - t) * 1000)
        platform._persist(mod)
        for _ in range(runs):
            t = time.process_time()
            again = platform._load_persisted()
            load.append((time.process_time() - t) * 1000)
        assert again is not None and set(again.types) == set(mod.types)
    p, lo = statistics.median(parse), statistics.median(load)
    ratio = p / lo if lo else None
    rows = [
        Row("platform", f"platform module ({len(mod.types)} types): parse, cpu", n=runs, median=p),
        Row("platform", "platform module: persisted load, cpu", n=runs, median=lo, baseline="parse",
            baseline_median=p, ratio=ratio, note=f"target ratio >= {TARGET_RATIO:g}",
            status=PASS if ratio is not None and ratio >= TARGET_RATIO else MISS),
    ]
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
