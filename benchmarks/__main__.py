"""`python -m benchmarks [--quick] [--json OUT] [--only NAMES]`: every benchmark, one table, one JSON file.

Runs `benchmarks/core.py` (the server's own paths) first, then every other `benchmarks/<area>.py` that
exists, each as a subprocess (`python -m benchmarks.<area> [--quick]`) so areas added later are included
with no edit here and one area's crash or memory never skews another's figures. Rows come back as JSON
through `FOOTPRINT_BENCH_ROWS` (see common.report); a module that only prints is still listed, one row per
line that says PASS or MISS. Results go to `benchmarks/results/<timestamp>.json` (and `latest.json`) or to
`--json OUT`, so runs can be compared over time. The exit status is 1 when a module failed to run, not when
a target is missed: MISS is a finding, explained in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.common import ERROR, MISS, RESULTS, ROWS_ENV, Row, format_table, machine, rows_from_text, smoke
from benchmarks.workloads import REPO

HERE = Path(__file__).resolve().parent
NOT_BENCHMARKS = {"__init__", "__main__", "common", "workloads", "lspclient"}
FIRST = "core"


def discover() -> list[str]:
    names = sorted(p.stem for p in HERE.glob("*.py") if p.stem not in NOT_BENCHMARKS and not p.stem.startswith("_"))
    return sorted(names, key=lambda n: n != FIRST)


def run_module(name: str, quick: bool, timeout: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="footprint-bench-") as tmp:
        rows_file = Path(tmp) / "rows.json"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
               ROWS_ENV: str(rows_file), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", f"benchmarks.{name}", *(["--quick"] if quick else [])]
        started = time.perf_counter()
        try:
            proc = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)
            code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            code = -1
            stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            stderr = f"timed out after {timeout:.0f} s"
        seconds = time.perf_counter() - started
        if rows_file.is_file():
            rows = [Row(**r) for r in json.loads(rows_file.read_text(encoding="utf-8"))]
        else:
            rows = rows_from_text(name, stdout)
    if code != 0 and not (code == 1 and any(r.status == MISS for r in rows) and "Traceback" not in stderr):
        # Some modules exit 1 when a target is missed: that is a MISS row, not a failure to run.
        tail = (stderr.strip().splitlines() or ["(no output)"])[-1]
        rows.append(Row(name, f"exit status {code}: {tail}"[:200], status=ERROR))
    elif not rows:
        rows.append(Row(name, "ran, printed no PASS/MISS lines (see the JSON for its output)", note=""))
    return {"returncode": code, "seconds": round(seconds, 2), "command": " ".join(command[1:]),
            "stdout": stdout, "stderr_tail": stderr[-4000:], "rows": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke mode: small workloads, a few seconds per module")
    parser.add_argument("--json", type=Path, help="write the results here (default: benchmarks/results/<time>.json)")
    parser.add_argument("--only", help="comma-separated module names (default: all of them)")
    parser.add_argument("--timeout", type=float, default=None, help="per-module timeout in seconds")
    parser.add_argument("--list", action="store_true", help="list the benchmark modules and exit")
    args = parser.parse_args(argv)
    names = discover()
    if args.list:
        print("\n".join(names))
        return 0
    if args.only:
        wanted = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            parser.error(f"unknown benchmark(s): {', '.join(unknown)} (known: {', '.join(names)})")
        names = [n for n in names if n in wanted]
    timeout = args.timeout or (300 if args.quick else 3600)
    started = datetime.now(timezone.utc)
    load_at_start = machine()["load_average"]
    modules: dict[str, dict] = {}
    for name in names:
        print(f"== {name}{' --quick' if args.quick else ''}", file=sys.stderr, flush=True)
        modules[name] = run_module(name, args.quick, timeout)
        print(f"   {modules[name]['seconds']:.1f} s, exit {modules[name]['returncode']}", file=sys.stderr, flush=True)
    rows = [r for m in modules.values() for r in m["rows"]]
    info = machine()
    info["load_average_at_start"] = load_at_start
    kind = ", ".join(k for k, on in (("quick", args.quick), ("smoke: not figures to quote", smoke())) if on)
    print(f"\nFootprint benchmarks{f' ({kind})' if kind else ''}, {started:%Y-%m-%d %H:%M} UTC, "
          f"{info['cpu']}, {info['cores']} cores, {info['memory_gb']} GB, Python {info['python']}, "
          f"load average {load_at_start} at start, {info['load_average']} at end\n")
    print(format_table(rows))
    summary = {s: sum(1 for r in rows if r.status == s) for s in ("PASS", "MISS", ERROR)}
    print(f"\n{summary['PASS']} PASS, {summary['MISS']} MISS, {summary[ERROR]} ERROR")
    out = args.json or RESULTS / f"{started:%Y%m%dT%H%M%SZ}{'-quick' if args.quick else ''}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {"started": started.isoformat(), "quick": args.quick, "smoke": smoke(), "machine": info,
               "summary": summary,
               "rows": [asdict(r) for r in rows],
               "modules": {n: {**m, "rows": [asdict(r) for r in m["rows"]]} for n, m in modules.items()}}
    out.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    if args.json is None:
        (RESULTS / "latest.json").write_text(json.dumps(payload, indent=1), encoding="utf-8")
    print(f"results: {out}")
    return 1 if summary[ERROR] else 0


if __name__ == "__main__":
    sys.exit(main())
