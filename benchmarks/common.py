"""Shared benchmark helpers: timing (median / p95), peak memory, one result-row format, the table, JSON.

An area benchmark (`benchmarks/<area>.py`, run as `python -m benchmarks.<area> [--quick]`) measures, then
builds `Row`s and calls `report(rows)`: that prints the table with PASS/MISS per target and, when run by the
aggregator (`python -m benchmarks`), also hands the rows over as JSON through the file named by the
`FOOTPRINT_BENCH_ROWS` environment variable. A module that only prints lines containing PASS or MISS is
still picked up (each such line becomes a row), but structured rows are what the JSON history can compare.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import math
import os
import platform
import re
import resource
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# Every process a benchmark starts (servers, CLIs, hooks) writes and reuses its bytecode, as an installed
# package ships its `.pyc`: with PYTHONDONTWRITEBYTECODE inherited from a developer's or CI's shell, each server
# start would compile lsp_server again and time Python's compiler, not Footprint (measured: ~0.5 s a start).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROWS_ENV = "FOOTPRINT_BENCH_ROWS"
# `FOOTPRINT_BENCH_SMOKE=1`: the test suite's one quick run (tests/benchmarks/conftest.py), which only has to show
# that every module still runs and reports its rows. Sizes and repetitions stay those of --quick; what only makes
# a figure trustworthy is shortened (the settle that waits out a late indexing, `LspClient.wait_idle`) and what
# another test compares in full is not run again (graph_vs_depcruise's rxjs). Never set for a measurement: a smoke
# run's figures are not quick-run figures, and its JSON says `"smoke": true`.
SMOKE_ENV = "FOOTPRINT_BENCH_SMOKE"


def smoke() -> bool:
    return os.environ.get(SMOKE_ENV) == "1"

RESULTS = Path(__file__).resolve().parent / "results"

PASS, MISS, INFO, ERROR = "PASS", "MISS", "info", "ERROR"


@dataclass
class Row:
    """One measured figure. Times in ms unless `unit` says otherwise; `target` applies to `p95` when there
    are samples (else to `value`); `ratio` = baseline / ours (above 1 means we are faster)."""

    area: str
    name: str
    unit: str = "ms"
    n: int = 0
    median: float | None = None
    p95: float | None = None
    value: float | None = None  # a single figure (a total time, a peak RSS) when there are no samples
    target: float | None = None  # upper bound; None = information only
    baseline: str = ""
    baseline_median: float | None = None
    ratio: float | None = None
    note: str = ""
    status: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.status:
            measured = self.p95 if self.p95 is not None else self.value
            if self.target is None or measured is None:
                self.status = INFO
            else:
                self.status = PASS if measured <= self.target else MISS
        if self.ratio is None and self.baseline_median is not None and self.median:
            self.ratio = self.baseline_median / self.median


@contextlib.contextmanager
def file_lock(folder: Path):
    """Hold an exclusive lock on `folder` (a `.lock` file beside it) across processes: a cache or workload that
    several processes may build at once (parallel test workers, two benchmark runs) is built by one of them while
    the others wait, then find it ready."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / f".{folder.name}.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def percentile(values: Iterable[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation between closest ranks (numpy's default)."""
    data = sorted(values)
    if not data:
        return math.nan
    k = (len(data) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def summary(samples_ms: list[float]) -> dict[str, float | int]:
    return {"n": len(samples_ms), "median": statistics.median(samples_ms) if samples_ms else math.nan,
            "p95": percentile(samples_ms, 95)}


def sample_row(area: str, name: str, samples_ms: list[float], target: float | None = None, **kw: Any) -> Row:
    s = summary(samples_ms)
    return Row(area, name, n=int(s["n"]), median=s["median"], p95=s["p95"], target=target, **kw)


def time_calls(fn: Callable[[], Any], repeat: int, warmup: int = 1) -> list[float]:
    """Wall time of `repeat` calls of fn in ms, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def proc_rss_mb(pid: int) -> tuple[float | None, float | None]:
    """(current, peak) RSS of another process in MB from /proc (None where /proc is unavailable)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None, None
    values = {}
    for line in status.splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS"), values.get("VmHWM")


def proc_cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) another process has used so far, from /proc; None where unavailable.
    Unlike wall time it does not grow when other work on the machine competes for the cores."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_gb = None
    try:
        mem_gb = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        pass
    versions = {}
    for dist in ("pygls", "lsprotocol", "tree-sitter", "tree-sitter-javascript", "whoosh-reloaded"):
        try:
            from importlib.metadata import version

            versions[dist] = version(dist)
        except Exception:  # noqa: BLE001 - a missing distribution is just not listed
            pass
    try:
        load = [round(x, 2) for x in os.getloadavg()]  # other work on the machine skews every figure
    except (OSError, AttributeError):
        load = None
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": mem_gb, "os": platform.platform(),
            "python": platform.python_version(), "packages": versions, "load_average": load}


def _fmt(value: float | None, unit: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if unit == "ms":
        return f"{value:.1f}" if value < 100 else f"{value:.0f}"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def format_table(rows: list[Row]) -> str:
    header = ["area", "measurement", "n", "median", "p95 / value", "target", "result", "vs baseline"]
    lines = []
    for r in rows:
        unit = f" {r.unit}"
        measured = r.p95 if r.p95 is not None else r.value
        ratio = f"{r.ratio:.1f}x ({r.baseline})" if r.ratio is not None else (r.baseline or "")
        lines.append([r.area, r.name, str(r.n or ""), _fmt(r.median, r.unit) + (unit if r.median is not None else ""),
                      _fmt(measured, r.unit) + (unit if measured is not None else ""), f"<= {_fmt(r.target, r.unit)}{unit}" if r.target is not None else "",
                      r.status, ratio])
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(header)]
    out = ["  ".join(h.ljust(w) for h, w in zip(header, widths)), "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in lines]
    notes = [f"  [{r.area}] {r.name}: {r.note}" for r in rows if r.note]
    if notes:
        out += ["", "notes:", *notes]
    return "\n".join(out)


def report(rows: list[Row]) -> None:
    """Print the table; hand the rows to the aggregator when it asked for them."""
    print(format_table(rows), flush=True)
    target = os.environ.get(ROWS_ENV)
    if target:
        Path(target).write_text(json.dumps([asdict(r) for r in rows], indent=1), encoding="utf-8")


_VERDICT = re.compile(r"\b(PASS|MISS)\b")
_FIGURE = re.compile(r"\b(p50|median|p95)\b\s*[=:]?\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s)?\b")


def rows_from_text(area: str, text: str) -> list[Row]:
    """Rows for a module that printed its own table: every output line that says PASS or MISS, with the
    p50/median and p95 figures the line states (in ms) when it states them."""
    rows = []
    for line in text.splitlines():
        verdict = _VERDICT.search(line)
        if not verdict:
            continue
        figures: dict[str, float] = {}
        for name, number, unit in _FIGURE.findall(line):
            value = float(number) * (1000 if unit == "s" else 1)
            figures.setdefault("p95" if name == "p95" else "median", value)
        rows.append(Row(area, " ".join(line.split())[:120], median=figures.get("median"), p95=figures.get("p95"),
                        status=verdict.group(1), extra={"parsed_from_output": True}))
    return rows


def arg_parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="small workloads and few repetitions (smoke test)")
    return parser
