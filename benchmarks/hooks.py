"""Benchmark: `footprint-ls hook post-write` as a whole process, the way an agent runs it after every write
(target: median <= 150 ms per call).

Workload: a git copy of examples/layout-app with its engine pack (6 rules); each call gets a Claude Code
PostToolUse Edit payload for src/layout/cover.js on stdin (tests/fixtures/agents/claude/post-tool-use-edit.json),
the edit already applied, and checks the changed line. Rows:
- `post-write (python -m lsp_server)`: wall time per process, median against the target; the CPU time (user +
  system) of the child is reported too, since wall time grows with whatever else runs on the machine.
- `post-write (footprint-ls entry point)`: the same through `lsp_server.surfaces.cli:main`, what the installed
  `footprint-ls` script runs (information).
- `python -c pass`: the interpreter's own start-up on this machine, the floor of any process (baseline).
Bytecode caches are allowed (as in any installed package): one untimed warm-up call writes them.

    python -m benchmarks.hooks [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import INFO, MISS, PASS, Row, percentile, report
from benchmarks.workloads import REPO

TARGET_MS = 150.0
FIXTURE = REPO / "tests" / "fixtures" / "agents" / "claude" / "post-tool-use-edit.json"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=b", "-c", "user.email=b@b", "-c", "init.defaultBranch=main", *args],
                   cwd=cwd, check=True, capture_output=True)


def workload(tmp: Path) -> tuple[Path, str]:
    shutil.copytree(REPO / "examples" / "layout-app", tmp / "layout-app")
    shutil.copytree(REPO / "examples" / "layout-engine", tmp / "layout-engine")
    app = tmp / "layout-app"
    _git(app, "init", "-q")
    _git(app, "add", "-A")
    _git(app, "commit", "-qm", "base")
    event = json.loads(FIXTURE.read_text().replace("{root}", str(app)))["payload"]
    cover = app / "src/layout/cover.js"
    edit = event["tool_input"]
    cover.write_text(cover.read_text().replace(edit["old_string"], edit["new_string"], 1))
    return app, json.dumps(event)


def timed(argv: list[str], stdin: str, cwd: Path, env: dict, expect: int | None) -> tuple[float, float]:
    """(wall ms, child CPU ms) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, input=stdin, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if expect is not None and proc.returncode != expect:
        raise SystemExit(f"{' '.join(argv)}: exit {proc.returncode}, expected {expect}: {proc.stderr[-500:]}")
    cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
    return wall, cpu


def series(argv, stdin, cwd, env, repeat, expect) -> tuple[list[float], list[float]]:
    timed(argv, stdin, cwd, env, expect)  # warm-up: bytecode caches, the OS file cache
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = timed(argv, stdin, cwd, env, expect)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    repeat = 5 if args.quick else 21
    with tempfile.TemporaryDirectory(prefix="footprint-bench-hooks-") as tmp:
        app, stdin = workload(Path(tmp))
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(REPO), XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        base_wall, _ = series([sys.executable, "-c", "pass"], "", app, env, repeat, 0)
        walls, cpus = series([sys.executable, "-m", "lsp_server", "hook", "post-write"], stdin, app, env, repeat, 0)
        entry = [sys.executable, "-c", "import sys; from lsp_server.surfaces.cli import main; sys.exit(main())",
                 "hook", "post-write"]
        entry_walls, entry_cpus = series(entry, stdin, app, env, repeat, 0)
    median = statistics.median(walls)
    load = f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs" if hasattr(os, "getloadavg") else ""
    rows = [
        Row("hooks", "post-write (python -m lsp_server), wall per process", n=len(walls), median=median,
            p95=percentile(walls, 95), target=TARGET_MS, status=PASS if median <= TARGET_MS else MISS,
            note=f"target on the median; CPU (user+sys) median {statistics.median(cpus):.0f} ms; "
                 f"{median - statistics.median(base_wall):.0f} ms above a bare interpreter start{load}"),
        Row("hooks", "post-write (footprint-ls entry point), wall per process", n=len(entry_walls),
            median=statistics.median(entry_walls), p95=percentile(entry_walls, 95), status=INFO,
            note=f"CPU median {statistics.median(entry_cpus):.0f} ms"),
        Row("hooks", "python -c pass (interpreter start-up)", n=len(base_wall), median=statistics.median(base_wall),
            p95=percentile(base_wall, 95), status=INFO),
    ]
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
