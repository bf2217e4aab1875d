"""Benchmark rows for the test suite's wall time (issue 19.6): `pytest -m "not slow"` <= 4 minutes on the
2-core machine, the whole suite (`python -m pytest -q`, the README's command) <= 10 minutes.

Running both tiers here would add a quarter of an hour to `python -m benchmarks`, so this module does not run
them: every full run of a tier records its own wall time in `benchmarks/results/test-tiers.json` (gitignored;
tests/conftest.py, `pytest_sessionfinish`: a run of every test path, with no -k, --lf, -x or --deselect, and
`-m "not slow"` or no -m), with when it ran, the commit, the machine's load average at its start and end, the
number of parallel workers and its outcome. The rows report the last recorded run of each tier and say all of
that in their note, so a figure is never mistaken for one measured now. A tier never run here is an `info` row
saying so.

    python -m benchmarks.testtiers            # report the last recorded runs
    python -m benchmarks.testtiers --run      # run both tiers now (~10 minutes), then report them
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.common import INFO, RESULTS, Row, arg_parser, report
from benchmarks.workloads import REPO

RECORD = RESULTS / "test-tiers.json"  # written by tests/conftest.py
TIERS = {  # tier -> (command, target in seconds)
    "not slow": (["-m", "not slow"], 240.0),
    "whole suite": ([], 600.0),
}


def head_commit() -> str:
    proc = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True)
    return proc.stdout.strip()


def tier_rows(records: dict, head: str) -> list[Row]:
    rows = []
    for tier, (args, target) in TIERS.items():
        command = " ".join(["python -m pytest -q", *(f'"{a}"' if " " in a else a for a in args)])
        name = f"test tier: {tier} (`{command}`), last recorded run"
        rec = records.get(tier)
        if not rec:
            rows.append(Row("testtiers", name, unit="s", target=target, status=INFO,
                            note=f"not measured on this machine yet: run `{command}` (it records its wall time)"))
            continue
        tests = rec.get("tests", {})
        outcome = ", ".join(f"{n} {k}" for k, n in tests.items() if n) or f"exit status {rec.get('exit_status')}"
        load_start, load_end = rec.get("load_average_at_start", ["?"]), rec.get("load_average_at_end", ["?"])
        commit = rec.get("commit", "?")
        stale = "" if commit == head else f" (HEAD is now {head})"
        note = (f"recorded by the test run itself, not re-run by this benchmark: started {rec.get('started')}, commit "
                f"{commit}{stale}, {rec.get('workers') or 1} worker(s) on {rec.get('cores')} cores, load average "
                f"{load_start[0]} at start and {load_end[0]} at end; {outcome}")
        rows.append(Row("testtiers", name, unit="s", value=rec["seconds"], target=target, note=note,
                        extra={"record": rec}))
    return rows


def read_records(path: Path = RECORD) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def main(argv: list[str] | None = None) -> int:
    parser = arg_parser(__doc__.splitlines()[0])
    parser.add_argument("--run", action="store_true", help="run both tiers now (they record themselves), then report")
    args = parser.parse_args(argv)
    if args.run and not args.quick:
        for tier, (pytest_args, _) in TIERS.items():
            print(f"== {tier}", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, "-m", "pytest", "-q", *pytest_args], cwd=REPO)
    report(tier_rows(read_records(), head_commit()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
