"""Index artifacts (issue 19.5): a team builds the indexes once; a checkout in another folder (another
machine, as far as Footprint can tell: other caches, another signing key) starts warm from them.

`python -m benchmarks.index [--quick] [--files N]`: the benchmark monorepo (20,000 files; 1,000 with
--quick) is indexed with `footprint-ls index build`, copied to another folder, and one module of the copy is
edited. Rows, each in the same run: `index use` on the copy (check the artifact, take what matches, index what differs
and build what it cannot carry: the docs index, the rules); the
server's start on the copy after it, from spawn to the end of indexing (`$/progress`), as in core's warm start
row; the same copy started again (the plain warm start: caches of its own, same folder); a server started on a second copy with only FOOTPRINT_INDEX set (it takes the artifact itself); and the
baseline, a cold start of a third copy with nothing. Target: 3 s on 20,000 files; a quick run's target is
proportionate, 0.5 s (process start) + 2.5 s x files / 20,000.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

from benchmarks.common import ERROR, Row, arg_parser, proc_cpu_seconds, report
from benchmarks.lspclient import LspClient
from benchmarks.workloads import REPO, WORK, monorepo

AREA = "index"


def target_s(files: int) -> float:
    return 0.5 + 2.5 * files / 20_000


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {"XDG_CACHE_HOME": str(home / "cache"), "XDG_CONFIG_HOME": str(home / "config"), **extra}


def _cli(cwd: Path, env: dict[str, str], *args: str) -> tuple[dict, float]:
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "lsp_server", *args, "--json"], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO), **env}, timeout=3600)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise RuntimeError(f"footprint-ls {' '.join(args)}: {proc.stderr.strip()[-300:]}")
    return json.loads(proc.stdout), seconds


def _copy(source: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, symlinks=True, ignore=shutil.ignore_patterns(".footprint-cache", ".complete"))
    # The engine pack is referenced relatively (`../../examples/...` from the generated tree): keep it valid.
    pack_line = (source / "footprint.toml").read_text(encoding="utf-8")
    rel = os.path.relpath((source / pack_line.split('"')[1]).resolve(), target)
    (target / "footprint.toml").write_text(pack_line.replace(pack_line.split('"')[1], rel), encoding="utf-8")
    return target


def _edit_one(root: Path) -> Path:
    path = sorted((root / "packages").glob("pkg-00*/src/*.js"))[1]
    path.write_text(path.read_text(encoding="utf-8") + "\nexport const editedAfterTheArtifact = 1;\n", encoding="utf-8")
    return path


def _start(root: Path, env: dict[str, str], label: str, timeout: float) -> tuple[float, str]:
    """Seconds from spawning the server on `root` to the end of its indexing, and a note with the server's CPU
    seconds by then (which, unlike wall time, other jobs on the machine do not inflate) and the machine's
    load average when it started."""
    opened = sorted((root / "packages").glob("pkg-001/src/*.js"))[0]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    with LspClient(root, env=env, log_name=label) as client:
        client.initialize(root)
        client.open(opened)
        end = client.wait_for(lambda m: m.method == "$/progress" and isinstance(m.params, dict)
                              and str(m.params.get("token", "")).startswith("footprint-index")
                              and m.params.get("value", {}).get("kind") == "end", timeout=timeout)
        return end.at - client.started, (f"server CPU {_cpu(proc_cpu_seconds(client.pid))}"
                                         + ("" if load is None else f", load average {load:.1f}"))


def _cpu(seconds: float | None) -> str:
    return "?" if seconds is None else f"{seconds:.2f} s"


def rows(files: int, quick: bool) -> list[Row]:
    source = monorepo(files)
    work = WORK / f"index-{files}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    artifact = work / "artifact"
    built, build_s = _cli(source, _env(work / "home-ci"), "index", "build", "--out", str(artifact))
    size = sum(p.stat().st_size for p in artifact.iterdir())
    timeout = 300 if quick else 1800
    size_label = f"{files:,}-file monorepo in another folder" + (" (quick)" if quick else "")
    target = target_s(files)

    copy = _copy(source, work / "checkout-b")
    _edit_one(copy)
    taken, use_s = _cli(copy, _env(work / "home-b"), "index", "use", str(artifact), "--sha256", built["sha256"])
    after_use, after_use_cpu = _start(copy, _env(work / "home-b"), f"index-after-use-{files}", timeout)
    # The plain warm start, in the same run: that checkout again, now with caches of its own.
    again, again_cpu = _start(copy, _env(work / "home-b"), f"index-warm-again-{files}", timeout)

    env_copy = _copy(source, work / "checkout-c")
    _edit_one(env_copy)
    from_env, from_env_cpu = _start(env_copy, _env(work / "home-c", FOOTPRINT_INDEX=str(artifact), FOOTPRINT_INDEX_SHA256=built["sha256"]),
                      f"index-from-env-{files}", timeout)

    cold_copy = _copy(source, work / "checkout-d")
    cold, cold_cpu = _start(cold_copy, _env(work / "home-d"), f"index-cold-{files}", timeout)
    graph = taken["import_graph"]
    return [
        Row(AREA, f"index build (CI): {files:,} files", unit="s", value=build_s,
            note=f"cold index + artifact written: {built['modules']:,} modules, {size / 1e6:.1f} MB, sha256 {built['sha256'][:12]}"),
        Row(AREA, f"index use: check the artifact and take what matches, {size_label}", unit="s", value=use_s,
            note=f"{graph['reused']:,} modules reused, {graph['differ']} differ (one file edited after the build), "
                 f"{graph['missing']} missing; the resolutions of {graph.get('resolutions_reused', 0):,} modules "
                 f"({graph.get('resolutions_changed', 0)} with an input that differs); imports of "
                 f"{taken['object_model'].get('imports', 0):,} files; indexed here: {', '.join(taken.get('built_locally', []))} "
                 f"({graph.get('parsed', 0)} module parsed)"),
        Row(AREA, f"warm start from an artifact (after index use), {size_label}", unit="s", value=after_use,
            target=target, baseline="cold start, same files, same run", baseline_median=cold, ratio=cold / after_use,
            note=f"from server spawn to the end of indexing; `index use` parsed the edited file, the start parses nothing; {after_use_cpu}"),
        Row(AREA, f"warm start (persisted caches, same folder), {size_label}", unit="s", value=again,
            target=target, baseline="cold start, same files, same run", baseline_median=cold, ratio=cold / again,
            note=f"the checkout above started again, its own caches written by the previous start; {again_cpu}"),
        Row(AREA, f"warm start from an artifact (FOOTPRINT_INDEX only), {size_label}", unit="s", value=from_env,
            target=target, baseline="cold start, same files, same run", baseline_median=cold, ratio=cold / from_env,
            note=f"the server checks the artifact and hashes every file itself (no local cache before); {from_env_cpu}"),
        Row(AREA, f"cold start, nothing to reuse, {size_label}", unit="s", value=cold, note=f"the baseline of the rows above; {cold_cpu} (worker processes not counted)"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = arg_parser(__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=None, help="monorepo size (default 20000; 1000 with --quick)")
    args = parser.parse_args(argv)
    files = args.files or (1000 if args.quick else 20000)
    out: list[Row] = []
    try:
        out = rows(files, args.quick)
    except Exception as exc:  # noqa: BLE001 - report the failure as a row
        traceback.print_exc()
        out.append(Row(AREA, f"{type(exc).__name__}: {exc}"[:200], status=ERROR))
    report(out)
    return 1 if any(r.status == ERROR for r in out) else 0


if __name__ == "__main__":
    raise SystemExit(main())
