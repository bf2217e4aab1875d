"""Benchmark: a cold `footprint-ls check` process on ONE file of a workspace that uses a large engine, with the
caches a first run left (what CI, a pre-commit hook or an agent's hook pays on every call), against the same
process with empty caches, in the same run.

Workload: the evaluation workspace of aws-cdk-lib (tests/corpus/engines: its README snippets and doc-comment
examples, 1,420 files, beside the installed package: 5,909 source files, 161 MB), one README snippet checked
(`src/readme/aws-dynamodb-readme_01.js`). Rows:
- `cold process, warm caches`: wall time per process (median of 5; 2 with --quick) after one run with empty
  caches; the CPU time (user + system) of the child is in the note, since wall time grows with whatever else
  runs on the machine. Baseline: that first run with empty caches (ratio = empty / warm). Target: the caches
  make the process at least MIN_RATIO times faster: a cache no later process can reuse shows as a ratio
  near 1 (it was ~1.0 before branch perf24: the object model's cache of aws-cdk-lib never passed its check, and
  every process extracted the whole package again and rewrote the 157 MB cache: 139 s a call).
- `cold process, empty caches`: the baseline's figure (information).
Every run must print the same findings: a cache that changed what is found would be no speed-up.

The package is fetched through the engine corpus' npm cache (FOOTPRINT_TEST_CACHE); without it, or offline,
the rows say "not measured". The smoke run (FOOTPRINT_BENCH_SMOKE=1) does not measure it (~3 minutes).

    python -m benchmarks.large_engine [--quick] [--engine NAME] [--file REL]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import INFO, MISS, PASS, Row, percentile, report, smoke
from benchmarks.workloads import REPO

AREA = "large_engine"
MIN_RATIO = 4.0
DEFAULT_FILE = "src/readme/aws-dynamodb-readme_01.js"


def timed(argv: list[str], cwd: Path, env: dict) -> tuple[float, float, str]:
    """(wall s, child CPU s, output) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "problem(s)" not in proc.stderr:  # a run that did not check is no measurement
        raise RuntimeError(f"footprint-ls check failed: {(proc.stderr.strip().splitlines() or [''])[-1]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout + proc.stderr.strip().splitlines()[-1]


def workspace(engine_name: str, dest: Path) -> Path:
    from tests.corpus.engines import engines as E

    # dev engines only: a set-aside (held-out) engine is never measured before its round
    engine = next(e for e in E.engines() if e.name == engine_name)
    root = E.install(engine)
    files = {f"src/{k}": v for k, v in E.corpus(root, engine).items()}
    return E.build_workspace(dest / engine.name, root, engine, files).root


def not_measured(name: str, why: str) -> int:
    report([Row(AREA, name, status=INFO, note=f"not measured: {why}")])
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 warm runs instead of 5")
    parser.add_argument("--engine", default="aws-cdk-lib", help="a corpus engine (tests/corpus/engines)")
    parser.add_argument("--file", default=DEFAULT_FILE, help="the file checked, relative to the workspace")
    args = parser.parse_args(argv)
    name = f"process: `footprint-ls check` of one file, {args.engine}, cold process, warm caches"
    if smoke():
        return not_measured(name, "the smoke run does not install a large engine (~3 minutes)")
    with tempfile.TemporaryDirectory(prefix="footprint-bench-large-") as tmp:
        try:
            root = workspace(args.engine, Path(tmp))
        except Exception as exc:  # noqa: BLE001 - no npm cache, offline: a figure missing, not a failure
            return not_measured(name, f"{type(exc).__name__}: {exc}")
        if not (root / args.file).is_file():
            return not_measured(name, f"{args.file} is not in the workspace")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
                   XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        argv_ = [sys.executable, "-m", "lsp_server", "check", args.file]
        cold_wall, cold_cpu, expected = timed(argv_, root, env)
        walls, cpus = [], []
        for _ in range(2 if args.quick else 5):
            wall, cpu, out = timed(argv_, root, env)
            if out != expected:
                raise SystemExit(f"a run with warm caches found something else:\n{out}\n-- the first run:\n{expected}")
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
    median = statistics.median(walls)
    ratio = cold_wall * 1000 / median
    load = f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs" if hasattr(os, "getloadavg") else ""
    report([
        Row(AREA, name, n=len(walls), median=median, p95=percentile(walls, 95), baseline="empty caches",
            baseline_median=cold_wall * 1000, status=PASS if ratio >= MIN_RATIO else MISS,
            note=f"target: at least {MIN_RATIO:g}x faster than with empty caches; CPU (user+sys) median "
                 f"{statistics.median(cpus) / 1000:.1f} s (empty caches {cold_cpu:.1f} s); "
                 f"{args.file}; same findings every run{load}"),
        Row(AREA, f"process: `footprint-ls check` of one file, {args.engine}, empty caches", unit="s",
            value=cold_wall, status=INFO, note=f"CPU (user+sys) {cold_cpu:.1f} s; the first run: caches written"),
    ])
    return 0


if __name__ == "__main__":
    sys.exit(main())
